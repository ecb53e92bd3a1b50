package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Serializes a request into gRPC's outbound buffers through a small staging buffer. gRPC's protobuf
 * marshaller lets the message allocate one of up to 4 KB per call ({@code MessageLite.writeTo(OutputStream)}),
 * 4 KB of garbage on every write of an 8.6 KB object; the value itself bypasses the staging buffer either way
 * (a field larger than the buffer goes straight to the stream), so a few hundred bytes hold everything else.
 */
final class StreamingMarshaller<T extends MessageLite> implements MethodDescriptor.Marshaller<T> {

    /** Holds a transaction's compares, keys and headers; larger fields are written past it. */
    static final int STAGING_BYTES = 512;

    private final MethodDescriptor.Marshaller<T> standard;

    StreamingMarshaller(MethodDescriptor.Marshaller<T> standard) {
        this.standard = standard;
    }

    /** {@code method} with its requests serialized by this marshaller (same name, same responses). */
    static <Q extends MessageLite, R> MethodDescriptor<Q, R> requestsOf(MethodDescriptor<Q, R> method) {
        return method.toBuilder(
                        new StreamingMarshaller<>(method.getRequestMarshaller()), method.getResponseMarshaller())
                .build();
    }

    @Override
    public InputStream stream(T message) {
        return new MessageStream(message);
    }

    @Override
    public T parse(InputStream stream) {
        return standard.parse(stream);
    }

    /** gRPC drains a {@link Drainable} into its buffers; a plain reader gets the serialized bytes. */
    private static final class MessageStream extends InputStream implements Drainable, KnownLength {
        private MessageLite message;
        private ByteArrayInputStream serialized;

        MessageStream(MessageLite message) {
            this.message = message;
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            if (message == null) {
                return serialized == null ? 0 : Math.toIntExact(serialized.transferTo(target));
            }
            int size = message.getSerializedSize();
            CodedOutputStream out = CodedOutputStream.newInstance(target, Math.min(size, STAGING_BYTES));
            message.writeTo(out);
            out.flush();
            message = null;
            return size;
        }

        @Override
        public int available() {
            if (message != null) {
                return message.getSerializedSize();
            }
            return serialized == null ? 0 : serialized.available();
        }

        @Override
        public int read() {
            return bytes().read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return bytes().read(b, off, len);
        }

        private ByteArrayInputStream bytes() {
            if (message != null) {
                serialized = new ByteArrayInputStream(message.toByteArray());
                message = null;
            }
            return serialized == null ? new ByteArrayInputStream(new byte[0]) : serialized;
        }
    }
}
