package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KVGrpc;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.ResponseHeader;
import io.etcd.jetcd.api.ResponseOp;
import io.etcd.jetcd.api.TxnResponse;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StreamParsingMarshallerTest {

    private static final MethodDescriptor<?, TxnResponse> TXN =
            StreamParsingMarshaller.responsesOf(KVGrpc.getTxnMethod(), TxnResponse.parser());

    /** gRPC hands a message to its marshaller as a stream that knows its length. */
    private static final class MessageStream extends ByteArrayInputStream implements KnownLength {
        MessageStream(byte[] bytes) {
            super(bytes);
        }
    }

    /** A failed compare's answer: the header and the current pair from the else branch. */
    private static TxnResponse failedCompare(int valueBytes) {
        byte[] value = new byte[valueBytes];
        Arrays.fill(value, (byte) 'v');
        return TxnResponse.newBuilder()
                .setHeader(ResponseHeader.newBuilder().setRevision(4242))
                .setSucceeded(false)
                .addResponses(ResponseOp.newBuilder()
                        .setResponseRange(RangeResponse.newBuilder()
                                .setCount(1)
                                .addKvs(KeyValue.newBuilder()
                                        .setKey(ByteString.copyFromUtf8("/registry/configmaps/ns/name"))
                                        .setValue(ByteString.copyFrom(value))
                                        .setModRevision(4000)
                                        .setCreateRevision(17))))
                .build();
    }

    @Test
    void parsesSmallAndLargeAnswersAsProtobufDoes() {
        for (int size : new int[] {0, 10, StreamParsingMarshaller.MAX_BUFFER, 8_600, 300_000}) {
            TxnResponse response = failedCompare(size);

            TxnResponse parsed = TXN.parseResponse(new MessageStream(response.toByteArray()));

            assertThat(parsed).isEqualTo(response);
            byte[] value = ValueBytes.of(
                    parsed.getResponses(0).getResponseRange().getKvs(0).getValue());
            assertThat(value).hasSize(size);
            if (size > 0) {
                assertThat(value).containsOnly((byte) 'v');
            }
        }
    }

    @Test
    void stagesAtMostTheMessageAndAtMostProtobufsDefault() {
        assertThat(StreamParsingMarshaller.bufferSize(new MessageStream(new byte[30])))
                .isEqualTo(64);
        assertThat(StreamParsingMarshaller.bufferSize(new MessageStream(new byte[1000])))
                .isEqualTo(1000);
        assertThat(StreamParsingMarshaller.bufferSize(new MessageStream(new byte[100_000])))
                .isEqualTo(StreamParsingMarshaller.MAX_BUFFER);
        InputStream unknownLength = new ByteArrayInputStream(new byte[30]);
        assertThat(StreamParsingMarshaller.bufferSize(unknownLength)).isEqualTo(StreamParsingMarshaller.MAX_BUFFER);
    }
}
