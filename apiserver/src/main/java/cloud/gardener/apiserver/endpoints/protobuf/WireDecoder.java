package cloud.gardener.apiserver.endpoints.protobuf;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads protobuf bytes into a {@link DecodedMessage} by a {@link MessageSpec}, as Go's generated
 * {@code Unmarshal} does: unknown fields are skipped, a known field with the wrong wire type is an error,
 * singular messages merge, maps keep the last value of a key, {@code Time} and {@code FieldsV1} are replaced.
 */
final class WireDecoder {

    private WireDecoder() {
    }

    static DecodedMessage decode(MessageSpec spec, byte[] bytes) throws ProtobufDecodingException {
        DecodedMessage msg = new DecodedMessage(spec);
        decodeInto(msg, bytes);
        return msg;
    }

    private static void decodeInto(DecodedMessage msg, byte[] bytes) throws ProtobufDecodingException {
        try {
            CodedInputStream in = CodedInputStream.newInstance(bytes);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                FieldSpec field = msg.spec().field(WireFormat.getTagFieldNumber(tag));
                int wireType = WireFormat.getTagWireType(tag);
                if (field == null) {
                    skip(in, tag);
                } else if (wireType != field.type().wireType()) {
                    throw new ProtobufDecodingException("proto: wrong wireType = " + wireType + " for field "
                            + field.jsonName() + " of " + msg.spec().name());
                } else {
                    read(in, msg, field);
                }
            }
        } catch (ProtobufDecodingException e) {
            throw e;
        } catch (InvalidProtocolBufferException e) {
            throw new ProtobufDecodingException(goMessage(e));
        } catch (IOException e) {
            throw new ProtobufDecodingException("proto: " + e.getMessage());
        }
    }

    private static void read(CodedInputStream in, DecodedMessage msg, FieldSpec field) throws IOException {
        switch (field.type()) {
            case STRING -> store(msg, field, string(in.readByteArray()));
            case BYTES -> store(msg, field, in.readByteArray());
            case INT64 -> store(msg, field, in.readInt64());
            case INT32 -> store(msg, field, in.readInt32());
            case BOOL -> store(msg, field, in.readRawVarint64() != 0);
            case MESSAGE -> {
                if (field.repeated()) {
                    msg.list(field).add(decode(field.message(), in.readByteArray()));
                } else {
                    decodeInto(msg.messageForMerge(field), in.readByteArray());
                }
            }
            case TIME, RAW_JSON -> store(msg, field, decode(field.message(), in.readByteArray()));
            case STRING_MAP, BYTES_MAP, STRING_LIST_MAP -> readMapEntry(
                    CodedInputStream.newInstance(in.readByteArray()), msg, field);
            default -> throw new IllegalStateException("unhandled field type " + field.type());
        }
    }

    private static void store(DecodedMessage msg, FieldSpec field, Object value) {
        if (field.repeated()) {
            msg.list(field).add(value);
        } else {
            msg.set(field.number(), value);
        }
    }

    /** One {@code {key=1, value=2}} entry; a missing key or value is the zero value, as in Go. */
    private static void readMapEntry(CodedInputStream entry, DecodedMessage msg, FieldSpec field)
            throws IOException {
        String key = "";
        Object value = switch (field.type()) {
            case BYTES_MAP -> new byte[0];
            case STRING_LIST_MAP -> java.util.List.of();
            default -> "";
        };
        for (int tag = entry.readTag(); tag != 0; tag = entry.readTag()) {
            int number = WireFormat.getTagFieldNumber(tag);
            if ((number == 1 || number == 2) && WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                throw new ProtobufDecodingException("proto: wrong wireType = " + WireFormat.getTagWireType(tag)
                        + " for field " + field.jsonName() + " of " + msg.spec().name());
            }
            if (number == 1) {
                key = string(entry.readByteArray());
            } else if (number == 2) {
                byte[] b = entry.readByteArray();
                value = switch (field.type()) {
                    case BYTES_MAP -> b;
                    case STRING_LIST_MAP -> strings(b);
                    default -> string(b);
                };
            } else {
                skip(entry, tag);
            }
        }
        msg.map(field).put(key, value);
    }

    /** Skips a field this decoder does not know, groups included (counted, not recursed into). */
    private static void skip(CodedInputStream in, int firstTag) throws IOException {
        int depth = 0;
        int tag = firstTag;
        while (true) {
            int wireType = WireFormat.getTagWireType(tag);
            switch (wireType) {
                case WireFormat.WIRETYPE_VARINT -> in.readRawVarint64();
                case WireFormat.WIRETYPE_FIXED64 -> in.readRawLittleEndian64();
                case WireFormat.WIRETYPE_LENGTH_DELIMITED -> in.skipRawBytes(in.readRawVarint32());
                case WireFormat.WIRETYPE_FIXED32 -> in.readRawLittleEndian32();
                case WireFormat.WIRETYPE_START_GROUP -> depth++;
                case WireFormat.WIRETYPE_END_GROUP -> {
                    if (depth == 0) {
                        throw new ProtobufDecodingException("proto: unexpected end of group");
                    }
                    depth--;
                }
                default -> throw new ProtobufDecodingException("proto: illegal wireType " + wireType);
            }
            if (depth == 0) {
                return;
            }
            tag = in.readTag();
            if (tag == 0) {
                throw new ProtobufDecodingException("unexpected EOF");
            }
        }
    }

    /** An {@code ExtraValue}: its repeated strings (field 1), other fields skipped. */
    private static java.util.List<String> strings(byte[] message) throws IOException {
        java.util.List<String> items = new java.util.ArrayList<>();
        CodedInputStream in = CodedInputStream.newInstance(message);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != 1) {
                skip(in, tag);
            } else if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                throw new ProtobufDecodingException("proto: wrong wireType = " + WireFormat.getTagWireType(tag)
                        + " for field items of ExtraValue");
            } else {
                items.add(string(in.readByteArray()));
            }
        }
        return items;
    }

    // Go's encoding/json writes invalid UTF-8 as U+FFFD, which is what decoding with replacement gives.
    private static String string(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Go's wording for the common failures (a cut-off message is io.ErrUnexpectedEOF there). */
    private static String goMessage(InvalidProtocolBufferException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("input ended unexpectedly") || m.contains("truncated")) {
            return "unexpected EOF";
        }
        if (m.contains("negative size")) {
            return "proto: negative length found during unmarshaling";
        }
        return "proto: " + m;
    }
}
