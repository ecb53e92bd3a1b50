package cloud.gardener.apiserver.endpoints.protobuf;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Builds protobuf messages by hand, field by field, the way Go's generated {@code Marshal} lays them out
 * (non-pointer strings written even when empty, fields in number order), and wraps them in the Kubernetes
 * envelope. For tests.
 */
public final class ProtoMessage {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

    public static ProtoMessage message() {
        return new ProtoMessage();
    }

    public ProtoMessage string(int field, String value) {
        return write(() -> out.writeString(field, value));
    }

    public ProtoMessage bytes(int field, byte[] value) {
        return write(() -> out.writeByteArray(field, value));
    }

    public ProtoMessage int64(int field, long value) {
        return write(() -> out.writeInt64(field, value));
    }

    public ProtoMessage int32(int field, int value) {
        return write(() -> out.writeInt32(field, value));
    }

    public ProtoMessage bool(int field, boolean value) {
        return write(() -> out.writeBool(field, value));
    }

    public ProtoMessage message(int field, ProtoMessage value) {
        return write(() -> out.writeByteArray(field, value.toByteArray()));
    }

    /** One entry of a {@code map<string,string>} field. */
    public ProtoMessage entry(int field, String key, String value) {
        return message(field, message().string(1, key).string(2, value));
    }

    /** One entry of a {@code map<string,bytes>} field. */
    public ProtoMessage entry(int field, String key, byte[] value) {
        return message(field, message().string(1, key).bytes(2, value));
    }

    /** Bytes as they are, for malformed input. */
    public ProtoMessage raw(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return write(() -> out.writeRawBytes(b));
    }

    public ProtoMessage tag(int field, int wireType) {
        return write(() -> out.writeTag(field, wireType));
    }

    public byte[] toByteArray() {
        write(out::flush);
        return bytes.toByteArray();
    }

    /** A meta.v1.Time. */
    public static ProtoMessage time(long seconds, int nanos) {
        return message().int64(1, seconds).int32(2, nanos);
    }

    /** An ObjectMeta as Go writes a fresh one with only a name: empty strings, generation 0, empty time. */
    public static ProtoMessage objectMeta(String name, String namespace) {
        return message()
                .string(1, name)
                .string(2, "")
                .string(3, namespace)
                .string(4, "")
                .string(5, "")
                .string(6, "")
                .int64(7, 0)
                .message(8, message());
    }

    /** The body a client sends: {@code k8s\0} and a runtime.Unknown holding the object. */
    public static byte[] envelope(String apiVersion, String kind, ProtoMessage object) {
        ProtoMessage unknown = message()
                .message(1, message().string(1, apiVersion).string(2, kind))
                .bytes(2, object.toByteArray())
                .string(3, "")
                .string(4, "");
        byte[] body = unknown.toByteArray();
        byte[] withMagic = new byte[body.length + 4];
        withMagic[0] = 'k';
        withMagic[1] = '8';
        withMagic[2] = 's';
        withMagic[3] = 0;
        System.arraycopy(body, 0, withMagic, 4, body.length);
        return withMagic;
    }

    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private ProtoMessage write(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    private interface IoAction {
        void run() throws IOException;
    }
}
