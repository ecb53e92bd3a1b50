package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.EtcdClusterExtension;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Several {@code --etcd-servers}: a three-member cluster loses its leader to SIGKILL in the middle of a
 * create load and gets it back. Every acknowledged create must be readable afterwards with the value and
 * revision it was acknowledged with; creates whose outcome was unknown (UNAVAILABLE) may or may not be
 * there. A watch over the load either sees the whole history without a gap or ends with an error after a
 * gap-free beginning, as the contract says.
 */
@Tag("integration")
class EtcdFailoverTest {

    private static final int CREATES = 600;
    private static final int IN_FLIGHT = 8;

    @RegisterExtension
    static final EtcdClusterExtension CLUSTER = new EtcdClusterExtension(3);

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
    void acknowledgedCreatesSurviveTheLossOfAMember() throws Exception {
        String prefix = "/failover/";
        Map<String, StoredObject> acknowledged = new ConcurrentHashMap<>();
        AtomicInteger unknown = new AtomicInteger();
        List<Throwable> unexpected = new ArrayList<>();
        try (EtcdStorage storage = new EtcdStorage(vertx, CLUSTER.config().withRequestTimeout(Duration.ofSeconds(3)))) {
            long start = await(storage.currentRevision());
            RecordingWatchListener listener = new RecordingWatchListener();
            WatchSubscription watch = storage.watch(prefix, start, listener);
            try (watch) {
                Semaphore slots = new Semaphore(IN_FLIGHT);
                EtcdProcess victim = null;
                for (int i = 0; i < CREATES; i++) {
                    if (i == CREATES / 3) {
                        victim = CLUSTER.leader();
                        victim.kill();
                    }
                    if (i == 2 * CREATES / 3) {
                        victim.restart();
                    }
                    slots.acquire();
                    String key = prefix + String.format("k%04d", i);
                    byte[] value = ("v" + i).getBytes(StandardCharsets.UTF_8);
                    storage.create(key, value).onComplete(ar -> {
                        if (ar.succeeded()) {
                            acknowledged.put(key, ar.result());
                        } else if (ar.cause() instanceof StorageException se && se.reason() == Reason.UNAVAILABLE) {
                            unknown.incrementAndGet();
                        } else {
                            synchronized (unexpected) {
                                unexpected.add(ar.cause());
                            }
                        }
                        slots.release();
                    });
                }
                slots.acquire(IN_FLIGHT);
                assertThat(unexpected).isEmpty();
                // Most creates land even while a member is down: the client moves to the others.
                assertThat(acknowledged.size()).isGreaterThan(CREATES / 2);

                List<StoredObject> stored =
                        await(storage.list(ListRequest.all(prefix))).items();
                Map<String, StoredObject> byKey = new ConcurrentHashMap<>();
                stored.forEach(o -> byKey.put(o.key(), o));
                for (StoredObject ack : acknowledged.values()) {
                    StoredObject found = byKey.get(ack.key());
                    assertThat(found).as(ack.key()).isNotNull();
                    assertThat(found.modRevision()).as(ack.key()).isEqualTo(ack.modRevision());
                    assertThat(found.value()).as(ack.key()).isEqualTo(ack.value());
                }
                assertThat(stored.size()).isBetween(acknowledged.size(), acknowledged.size() + unknown.get());
                // The restarted member serves the same data.
                try (EtcdStorage onVictim = new EtcdStorage(vertx, EtcdConfig.of(victim.endpoint()))) {
                    assertThat(await(onVictim.list(ListRequest.all(prefix))).items())
                            .hasSameSizeAs(stored);
                }

                List<Long> history = stored.stream()
                        .map(StoredObject::modRevision)
                        .sorted(Comparator.naturalOrder())
                        .toList();
                awaitWatch(listener, history);
                List<Long> seen =
                        listener.allEvents().stream().map(WatchEvent::revision).toList();
                System.out.printf(
                        "failover: %d acknowledged, %d unknown, %d stored, watch saw %d%s%n",
                        acknowledged.size(),
                        unknown.get(),
                        stored.size(),
                        seen.size(),
                        listener.failed() ? " and ended" : "");
                if (listener.failed()) {
                    // Ended (410 when its next revision was compacted, else the store stayed unreachable too
                    // long): what came before the end is the start of the history, without a gap.
                    assertThat(listener.awaitError(Duration.ofSeconds(1)).reason())
                            .isIn(Reason.COMPACTED, Reason.UNAVAILABLE);
                    assertThat(listener.callsAfterError()).isZero();
                    assertThat(history.subList(0, seen.size())).isEqualTo(seen);
                } else {
                    assertThat(seen).isEqualTo(history);
                }
            }
        }
    }

    /** Waits until the watch delivered the whole history or ended. */
    private static void awaitWatch(RecordingWatchListener listener, List<Long> history) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline
                && !listener.failed()
                && listener.allEvents().size() < history.size()) {
            Thread.sleep(50);
        }
        Thread.sleep(200); // anything beyond the history would show up now
    }

    private static <T> T await(Future<T> future) throws Exception {
        try {
            return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
