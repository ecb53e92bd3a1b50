package cloud.gardener.apiserver.endpoints.protobuf;

import com.google.protobuf.WireFormat;

/** What a field holds on the wire and how it becomes JSON. */
enum FieldType {
    STRING(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    BYTES(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    INT64(WireFormat.WIRETYPE_VARINT),
    INT32(WireFormat.WIRETYPE_VARINT),
    BOOL(WireFormat.WIRETYPE_VARINT),
    /** A nested message; repeated occurrences of a singular one merge, as in Go's generated code. */
    MESSAGE(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    /** {@code meta.v1.Time}: a {@code {seconds, nanos}} message, replaced (not merged) by each occurrence. */
    TIME(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    /** {@code meta.v1.FieldsV1}: a message whose field 1 holds raw JSON, inlined into the JSON form. */
    RAW_JSON(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    /** {@code map<string,string>}: repeated entries {key=1, value=2}. */
    STRING_MAP(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    /** {@code map<string,bytes>}: values become base64 strings, as Go encodes {@code []byte}. */
    BYTES_MAP(WireFormat.WIRETYPE_LENGTH_DELIMITED),
    /** {@code map<string,ExtraValue>} (user info's extra): each value a message of repeated strings (field 1). */
    STRING_LIST_MAP(WireFormat.WIRETYPE_LENGTH_DELIMITED);

    private final int wireType;

    FieldType(int wireType) {
        this.wireType = wireType;
    }

    int wireType() {
        return wireType;
    }
}
