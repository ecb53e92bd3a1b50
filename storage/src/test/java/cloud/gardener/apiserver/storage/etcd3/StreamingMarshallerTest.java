package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.api.KVGrpc;
import io.etcd.jetcd.api.TxnRequest;
import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StreamingMarshallerTest {

    private static final MethodDescriptor<TxnRequest, ?> TXN = StreamingMarshaller.requestsOf(KVGrpc.getTxnMethod());

    private static TxnRequest update(int valueBytes) {
        byte[] value = new byte[valueBytes];
        Arrays.fill(value, (byte) 7);
        return KvRequests.update(KvRequests.key("/registry/shoots/ns/name"), 42, value, true);
    }

    @Test
    void drainingWritesTheMessageAsProtobufDoesAndReportsItsSize() throws IOException {
        for (int size : new int[] {0, 10, StreamingMarshaller.STAGING_BYTES, 8_600, 100_000}) {
            TxnRequest request = update(size);
            InputStream stream = TXN.streamRequest(request);
            assertThat(stream).isInstanceOf(Drainable.class).isInstanceOf(KnownLength.class);
            assertThat(stream.available()).isEqualTo(request.getSerializedSize());

            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int written = ((Drainable) stream).drainTo(out);

            assertThat(out.toByteArray()).isEqualTo(request.toByteArray());
            assertThat(written).isEqualTo(request.getSerializedSize());
            assertThat(stream.available()).isZero();
        }
    }

    @Test
    void readingGivesTheSameBytesAndParsesBack() throws IOException {
        TxnRequest request = update(8_600);
        byte[] read = TXN.streamRequest(request).readAllBytes();

        assertThat(read).isEqualTo(request.toByteArray());
        assertThat(TXN.parseRequest(TXN.streamRequest(request))).isEqualTo(request);
    }

    @Test
    void keepsTheMethodNameSoEtcdAndInterceptorsSeeTheSameCall() {
        assertThat(TXN.getFullMethodName()).isEqualTo(KVGrpc.getTxnMethod().getFullMethodName());
        assertThat(TXN.getType()).isEqualTo(MethodDescriptor.MethodType.UNARY);
    }
}
