package cloud.gardener.apiserver.endpoints.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * A Kubernetes protobuf body: the magic {@code k8s\0}, then a {@code runtime.Unknown} {typeMeta = 1 {apiVersion = 1,
 * kind = 2}, raw = 2, contentEncoding = 3, contentType = 4} whose {@code raw} holds the object's own message.
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
record Envelope(String apiVersion, String kind, byte[] raw, String contentEncoding, String contentType) {

    static final byte[] MAGIC = {'k', '8', 's', 0};

    /** Parses a body; the messages are the protobuf serializer's. */
    static Envelope parse(byte[] body) throws ProtobufDecodingException {
        if (body == null || body.length == 0) {
            throw new ProtobufDecodingException("empty data");
        }
        if (body.length < MAGIC.length || !Arrays.equals(body, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new ProtobufDecodingException(
                    "provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]");
        }
        if (body.length == MAGIC.length) {
            throw new ProtobufDecodingException("empty body");
        }
        try {
            String apiVersion = "";
            String kind = "";
            byte[] raw = new byte[0];
            String encoding = "";
            String type = "";
            CodedInputStream in = CodedInputStream.newInstance(body, MAGIC.length, body.length - MAGIC.length);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                int number = WireFormat.getTagFieldNumber(tag);
                if (number < 1 || number > 4) {
                    MessageReader.skip(in, tag);
                    continue;
                }
                if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    String field = switch (number) {
                        case 1 -> "TypeMeta";
                        case 2 -> "Raw";
                        case 3 -> "ContentEncoding";
                        default -> "ContentType";
                    };
                    throw new ProtobufDecodingException(
                            "proto: wrong wireType = " + WireFormat.getTagWireType(tag) + " for field " + field);
                }
                switch (number) {
                    case 1 -> {
                        // a singular message merges: fields not repeated keep their earlier value
                        CodedInputStream meta = CodedInputStream.newInstance(in.readByteArray());
                        for (int t = meta.readTag(); t != 0; t = meta.readTag()) {
                            int n = WireFormat.getTagFieldNumber(t);
                            if ((n == 1 || n == 2)
                                    && WireFormat.getTagWireType(t) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                                String s = MessageReader.string(meta.readByteArray());
                                if (n == 1) {
                                    apiVersion = s;
                                } else {
                                    kind = s;
                                }
                            } else if (n == 1 || n == 2) {
                                throw new ProtobufDecodingException(
                                        "proto: wrong wireType = " + WireFormat.getTagWireType(t) + " for field "
                                                + (n == 1 ? "APIVersion" : "Kind"));
                            } else {
                                MessageReader.skip(meta, t);
                            }
                        }
                    }
                    case 2 -> raw = in.readByteArray();
                    case 3 -> encoding = MessageReader.string(in.readByteArray());
                    default -> type = MessageReader.string(in.readByteArray());
                }
            }
            return new Envelope(apiVersion, kind, raw, encoding, type);
        } catch (ProtobufDecodingException e) {
            throw e;
        } catch (InvalidProtocolBufferException e) {
            throw new ProtobufDecodingException(MessageReader.goMessage(e));
        } catch (IOException e) {
            throw new ProtobufDecodingException("proto: " + e.getMessage());
        }
    }

    /**
     * The body the protobuf serializer writes for an object: the magic, then the Unknown with the type, the
     * object's message, and empty content encoding and type (written, as Go's {@code NestedMarshalTo} does).
     */
    static byte[] write(String apiVersion, String kind, byte[] message) {
        try {
            ByteString.Output typeMetaBytes = ByteString.newOutput();
            CodedOutputStream typeMeta = CodedOutputStream.newInstance(typeMetaBytes);
            typeMeta.writeString(1, apiVersion);
            typeMeta.writeString(2, kind);
            typeMeta.flush();
            ByteString.Output bytes = ByteString.newOutput(message.length + 64);
            bytes.write(MAGIC);
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            out.writeBytes(1, typeMetaBytes.toByteString());
            out.writeByteArray(2, message);
            out.writeString(3, "");
            out.writeString(4, "");
            out.flush();
            return bytes.toByteString().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writes to memory only
        }
    }
}
