package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.ByteOutput;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * A value's bytes out of a parsed etcd message without a second copy. Protobuf's parse of gRPC's buffer already
 * copied the value into an array of its own, exactly its size, which its {@link ByteString} wraps; {@link
 * ByteString#toByteArray()} would copy those 8 KiB again for every read and watch event. That array is handed over
 * instead: the message is dropped once its pairs are read, and storage never changes a value's bytes (the storage
 * contract: values are handed over, not written to). A value held some other way (a slice of a larger array, a
 * rope, a direct buffer) is copied as before.
 */
final class ValueBytes {

    private ValueBytes() {}

    static byte[] of(ByteString value) {
        if (value.isEmpty()) {
            return value.toByteArray();
        }
        Whole whole = new Whole(value.size());
        try {
            UnsafeByteOperations.unsafeWriteTo(value, whole);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return whole.array != null ? whole.array : value.toByteArray();
    }

    /** Takes the array only when the value is written as one whole array of exactly its size. */
    private static final class Whole extends ByteOutput {
        private final int size;
        private byte[] array;
        private boolean pieces;

        Whole(int size) {
            this.size = size;
        }

        @Override
        public void write(byte value) {
            pieces = true;
            array = null;
        }

        @Override
        public void write(byte[] value, int offset, int length) {
            take(value, offset, length);
        }

        @Override
        public void writeLazy(byte[] value, int offset, int length) {
            take(value, offset, length);
        }

        @Override
        public void write(ByteBuffer value) {
            pieces = true;
            array = null;
        }

        @Override
        public void writeLazy(ByteBuffer value) {
            pieces = true;
            array = null;
        }

        private void take(byte[] value, int offset, int length) {
            if (!pieces && array == null && offset == 0 && length == size && value.length == size) {
                array = value;
            } else {
                pieces = true;
                array = null;
            }
        }
    }
}
