package cloud.gardener.apiserver.endpoints.protobuf;

/**
 * One field of a message: its protobuf number, its JSON name and how it is written.
 *
 * @param message the nested message for {@link FieldType#MESSAGE}, {@link FieldType#TIME} and
 *                {@link FieldType#RAW_JSON}; null otherwise
 */
record FieldSpec(int number, String jsonName, FieldType type, boolean repeated, JsonPresence presence,
                 MessageSpec message) {

    static FieldSpec of(int number, String jsonName, FieldType type, JsonPresence presence) {
        return new FieldSpec(number, jsonName, type, false, presence, null);
    }

    static FieldSpec repeated(int number, String jsonName, FieldType type) {
        return new FieldSpec(number, jsonName, type, true, JsonPresence.OMIT_EMPTY, null);
    }

    static FieldSpec message(int number, String jsonName, MessageSpec message, JsonPresence presence) {
        return new FieldSpec(number, jsonName, FieldType.MESSAGE, false, presence, message);
    }

    static FieldSpec repeatedMessage(int number, String jsonName, MessageSpec message) {
        return new FieldSpec(number, jsonName, FieldType.MESSAGE, true, JsonPresence.OMIT_EMPTY, message);
    }
}
