package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import io.grpc.Status;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class EtcdErrorsTest {

    @Test
    void timeoutsAndLostConnectionsAreUnavailable() {
        assertThat(EtcdErrors.toStorageException(Status.DEADLINE_EXCEEDED.asRuntimeException())
                        .reason())
                .isEqualTo(Reason.UNAVAILABLE);
        assertThat(EtcdErrors.toStorageException(new CompletionException(Status.UNAVAILABLE.asRuntimeException()))
                        .reason())
                .isEqualTo(Reason.UNAVAILABLE);
        // grpc-java's words for a connection that went away mid-call: the outcome is unknown, not refused
        assertThat(EtcdErrors.toStorageException(
                                Status.UNKNOWN.withDescription("channel closed").asRuntimeException())
                        .reason())
                .isEqualTo(Reason.UNAVAILABLE);
        assertThat(EtcdErrors.toStorageException(
                                Status.UNKNOWN.withDescription("something else").asRuntimeException())
                        .reason())
                .isEqualTo(Reason.INTERNAL);
    }

    @Test
    void compactedAndFutureRevisionsAreRecognisedByEtcdsText() {
        RuntimeException compacted = Status.OUT_OF_RANGE
                .withDescription("etcdserver: mvcc: required revision has been compacted")
                .asRuntimeException();
        StorageException e = EtcdErrors.toStorageException(compacted, 5, 42);
        assertThat(e.reason()).isEqualTo(Reason.COMPACTED);
        assertThat(e.revision()).isEqualTo(42);

        RuntimeException future = Status.OUT_OF_RANGE
                .withDescription("etcdserver: mvcc: required revision is a future revision")
                .asRuntimeException();
        assertThat(EtcdErrors.toStorageException(future).reason()).isEqualTo(Reason.TOO_LARGE_RESOURCE_VERSION);
    }

    @Test
    void oversizedRequestsAreRequestTooLargeWithEtcdsText() {
        StorageException e = EtcdErrors.toStorageException(new CompletionException(Status.INVALID_ARGUMENT
                .withDescription("etcdserver: request is too large")
                .asRuntimeException()));
        assertThat(e.reason()).isEqualTo(Reason.REQUEST_TOO_LARGE);
        assertThat(e.getMessage()).isEqualTo("etcdserver: request is too large");
        // etcd's server refusing a message over its gRPC limit reads as Go's client refusing to send it
        StorageException grpc = EtcdErrors.toStorageException(Status.RESOURCE_EXHAUSTED
                .withDescription("grpc: received message larger than max (2100771 vs. 2097152)")
                .asRuntimeException());
        assertThat(grpc.reason()).isEqualTo(Reason.REQUEST_TOO_LARGE);
        assertThat(grpc.getMessage())
                .isEqualTo(
                        "rpc error: code = ResourceExhausted desc = trying to send message larger than max (2100771 vs. 2097152)");
        assertThat(EtcdErrors.toStorageException(Status.INVALID_ARGUMENT
                                .withDescription("etcdserver: key is not provided")
                                .asRuntimeException())
                        .reason())
                .isEqualTo(Reason.INTERNAL);
    }

    @Test
    void otherFailuresAreInternalAndStorageExceptionsPassThrough() {
        assertThat(EtcdErrors.toStorageException(Status.RESOURCE_EXHAUSTED
                                .withDescription("etcdserver: mvcc: database space exceeded")
                                .asRuntimeException())
                        .reason())
                .isEqualTo(Reason.INTERNAL);
        StorageException original = StorageException.notFound("/k");
        assertThat(EtcdErrors.toStorageException(new CompletionException(original)))
                .isSameAs(original);
    }

    @Test
    void onlyConnectionFailuresMakeAWatchResume() {
        assertThat(EtcdErrors.isTransientStreamFailure(Status.UNAVAILABLE.asRuntimeException()))
                .isTrue();
        assertThat(EtcdErrors.isTransientStreamFailure(Status.PERMISSION_DENIED.asRuntimeException()))
                .isFalse();
    }
}
