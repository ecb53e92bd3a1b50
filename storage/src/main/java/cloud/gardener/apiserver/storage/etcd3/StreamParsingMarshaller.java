package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.InputStream;

/**
 * Parses a response straight from gRPC's message stream. gRPC's protobuf marshaller first copies a message of up to
 * 4 MiB whole into an array (held per thread only weakly, so a new one after each collection) and parses that: a
 * range of 250 values of 8.6 KB, one chunk of a streamed list, made a 2 MiB humongous array, and a humongous
 * allocation starts a G1 concurrent cycle, whose remark shrinks the heap that the list's next chunks grow again.
 * Parsed from the stream, each value is still copied once, into an array of exactly its size ({@link ValueBytes}).
 */
final class StreamParsingMarshaller<T> implements MethodDescriptor.Marshaller<T> {

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

    @Override
    public T parse(InputStream stream) {
        CodedInputStream in = CodedInputStream.newInstance(stream);
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
