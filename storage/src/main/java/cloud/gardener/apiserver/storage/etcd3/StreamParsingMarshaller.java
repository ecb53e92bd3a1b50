package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.IOException;
import java.io.InputStream;

/**
 * Parses a response straight from gRPC's message stream. gRPC's protobuf marshaller first copies a message of up to
 * 4 MiB whole into an array (held per thread only weakly, so a new one after each collection) and parses that: a
 * range of 250 values of 8.6 KB, one chunk of a streamed list, made a 2 MiB humongous array, and a humongous
 * allocation starts a G1 concurrent cycle, whose remark shrinks the heap that the list's next chunks grow again.
 * Parsed from the stream, each value is still copied once, into an array of exactly its size ({@link ValueBytes}).
 */
final class StreamParsingMarshaller<T> implements MethodDescriptor.Marshaller<T> {

    /** protobuf's own default: the buffer for a message of unknown or large size. */
    static final int MAX_BUFFER = 4096;

    private static final int MIN_BUFFER = 64;

    private final MethodDescriptor.Marshaller<T> standard;
    private final Parser<T> parser;

    private StreamParsingMarshaller(MethodDescriptor.Marshaller<T> standard, Parser<T> parser) {
        this.standard = standard;
        this.parser = parser;
    }

    /** {@code method} with its responses parsed by {@code parser} from the stream (same name, same requests). */
    static <Q, R> MethodDescriptor<Q, R> responsesOf(MethodDescriptor<Q, R> method, Parser<R> parser) {
        return method.toBuilder(
                        method.getRequestMarshaller(),
                        new StreamParsingMarshaller<>(method.getResponseMarshaller(), parser))
                .build();
    }

    @Override
    public InputStream stream(T message) {
        return standard.stream(message);
    }

    /**
     * A staging buffer no larger than the message: protobuf's default of 4 KiB was allocated for every answer, most
     * of them a few dozen bytes; a field larger than the buffer is read into its own array either way.
     */
    static int bufferSize(InputStream stream) {
        if (stream instanceof KnownLength) {
            try {
                return Math.max(MIN_BUFFER, Math.min(MAX_BUFFER, stream.available()));
            } catch (IOException e) {
                return MAX_BUFFER;
            }
        }
        return MAX_BUFFER;
    }

    @Override
    public T parse(InputStream stream) {
        CodedInputStream in = CodedInputStream.newInstance(stream, bufferSize(stream));
        in.setSizeLimit(Integer.MAX_VALUE); // gRPC enforces the inbound message size
        try {
            T message = parser.parseFrom(in);
            in.checkLastTagWas(0);
            return message;
        } catch (InvalidProtocolBufferException e) {
            throw Status.INTERNAL
                    .withDescription("Invalid protobuf byte sequence")
                    .withCause(e)
                    .asRuntimeException();
        }
    }
}
