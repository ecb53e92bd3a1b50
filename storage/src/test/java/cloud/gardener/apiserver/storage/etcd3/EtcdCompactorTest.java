package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("integration")
class EtcdCompactorTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void compactsWhatWasCurrentOneRoundEarlierAndTwoServersShareTheWork() {
        String prefix = ETCD.newPrefix();
        try (EtcdStorage one = new EtcdStorage(vertx, ETCD.config());
                EtcdStorage two = new EtcdStorage(vertx, ETCD.config())) {
            EtcdCompactor first = new EtcdCompactor(vertx, one, Duration.ofMinutes(5));
            EtcdCompactor second = new EtcdCompactor(vertx, two, Duration.ofMinutes(5));
            StoredObject a = await(one.create(prefix + "a", bytes("1")));

            // Bootstrap: the first round only takes the lease and remembers the current revision.
            assertThat(await(first.compactOnce())).isZero();
            long seenInRound1 = await(one.currentRevision());
            // The other server finds the lease taken and adopts its clock; it compacts nothing.
            assertThat(await(second.compactOnce())).isZero();

            await(one.update(prefix + "a", 0, bytes("2")));
            long compacted = await(first.compactOnce());
            assertThat(compacted).isEqualTo(seenInRound1);
            assertThat(one.knownCompactedRevision()).isEqualTo(compacted);

            StorageException e = failure(one.list(new ListRequest(prefix, a.modRevision(), 0, null, null)));
            assertThat(e.reason()).isEqualTo(StorageException.Reason.COMPACTED);

            // The second server is one round behind the clock now: it adopts it and learns the compaction.
            assertThat(await(second.compactOnce())).isZero();
            assertThat(two.knownCompactedRevision()).isEqualTo(compacted);
        }
    }

    @Test
    void aZeroIntervalDisablesCompaction() {
        try (EtcdStorage storage = new EtcdStorage(vertx, ETCD.config())) {
            EtcdCompactor compactor = new EtcdCompactor(vertx, storage, Duration.ZERO);
            compactor.start(); // no timer; nothing to assert but that it does not throw or tick
            compactor.stop();
            assertThat(compactor.interval()).isZero();
        }
    }

    private static <T> T await(Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new AssertionError(e.getCause());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static StorageException failure(Future<?> f) {
        try {
            f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
        } catch (ExecutionException e) {
            return (StorageException) e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
