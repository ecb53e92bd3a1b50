package cloud.gardener.apiserver.endpoints.openapi;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The protobuf wire format, write side only: enough for proto3 messages of strings, bools, int64s,
 * doubles and nested messages. Scalars at their default value are left out, as proto3 does.
 */
final class ProtoWriter {

    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    byte[] toByteArray() {
        return out.toByteArray();
    }

    void string(int field, String value) {
        if (value != null && !value.isEmpty()) {
            bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }
    }

    void bool(int field, boolean value) {
        if (value) {
            tag(field, VARINT);
            varint(1);
        }
    }

    /** A bool that is written even when false: a member of a oneof, whose presence is the information. */
    void boolPresent(int field, boolean value) {
        tag(field, VARINT);
        varint(value ? 1 : 0);
    }

    /** One element of a repeated string field: written even when empty, to keep the element. */
    void repeatedString(int field, String value) {
        bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    void int64(int field, long value) {
        if (value != 0) {
            tag(field, VARINT);
            varint(value);
        }
    }

    void float64(int field, double value) {
        if (value != 0) {
            tag(field, FIXED64);
            long bits = Double.doubleToLongBits(value);
            for (int i = 0; i < 8; i++) {
                out.write((int) (bits >>> (8 * i)) & 0xff);
            }
        }
    }

    /** A nested message, written even when empty (message fields have presence). */
    void message(int field, Consumer<ProtoWriter> body) {
        ProtoWriter nested = new ProtoWriter();
        body.accept(nested);
        bytes(field, nested.toByteArray());
    }

    private void bytes(int field, byte[] value) {
        tag(field, LENGTH_DELIMITED);
        varint(value.length);
        out.write(value, 0, value.length);
    }

    private void tag(int field, int wireType) {
        varint(((long) field << 3) | wireType);
    }

    private void varint(long value) {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
