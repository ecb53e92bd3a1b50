package cloud.gardener.apiserver.endpoints.protobuf;

import java.util.List;

/**
 * A protobuf message as far as decoding needs it: its fields, listed in the order of the Go struct (the order
 * of the JSON form), not by number.
 */
record MessageSpec(String name, List<FieldSpec> fields) {

    MessageSpec {
        fields = List.copyOf(fields);
    }

    static MessageSpec of(String name, FieldSpec... fields) {
        return new MessageSpec(name, List.of(fields));
    }

    /** The field with this number, or null for one this decoder does not know (skipped, as Go skips it). */
    FieldSpec field(int number) {
        for (FieldSpec f : fields) {
            if (f.number() == number) {
                return f;
            }
        }
        return null;
    }
}
