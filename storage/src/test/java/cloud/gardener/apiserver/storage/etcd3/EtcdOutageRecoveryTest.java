package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * After a long etcd outage the store serves again within 2 s of etcd answering: gRPC's own reconnect backoff
 * (1 s growing by 1.6 up to 120 s) would wait on for many seconds after an outage of 20 s and more.
 */
@Tag("integration")
class EtcdOutageRecoveryTest {

    /** Long enough for gRPC's backoff to have grown far past the 1 s cap (its steps near 16 s and 26 s). */
    private static final Duration OUTAGE = Duration.ofSeconds(20);

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
    void servesAgainWithinTwoSecondsOfEtcdAnsweringAfterALongOutage() throws Exception {
        String key = ETCD.newPrefix() + "a";
        try (EtcdStorage storage = new EtcdStorage(vertx, ETCD.config().withRequestTimeout(Duration.ofSeconds(2)))) {
            get(storage.create(key, "1".getBytes(StandardCharsets.UTF_8))
                    .toCompletionStage()
                    .toCompletableFuture());

            ETCD.process().kill();
            long down = System.nanoTime();
            // the server keeps asking (readiness probes, caches): each attempt fails as unavailable, never hangs
            while (Duration.ofNanos(System.nanoTime() - down).compareTo(OUTAGE) < 0) {
                Throwable failure = failure(storage);
                assertThat(failure).isInstanceOf(StorageException.class);
                assertThat(((StorageException) failure).reason()).isEqualTo(StorageException.Reason.UNAVAILABLE);
                Thread.sleep(500);
            }
            ETCD.process().restart(); // returns once etcd answers its health endpoint
            long back = System.nanoTime();
            while (true) {
                if (failure(storage) == null) {
                    break;
                }
                assertThat(Duration.ofNanos(System.nanoTime() - back)).isLessThan(Duration.ofSeconds(15));
                Thread.sleep(100);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - back)).isLessThan(Duration.ofSeconds(2));
        }
    }

    private static Throwable failure(EtcdStorage storage) throws Exception {
        try {
            get(storage.ping().toCompletionStage().toCompletableFuture());
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        }
    }

    private static <T> T get(java.util.concurrent.CompletableFuture<T> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }
}
