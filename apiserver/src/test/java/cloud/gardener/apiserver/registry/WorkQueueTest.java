package cloud.gardener.apiserver.registry;

import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A controller's work queue: each item waits once, is never processed twice at once, and failures come back. */
class WorkQueueTest {

    private final Vertx vertx = Vertx.vertx();
    private final Context context = vertx.getOrCreateContext();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void anItemAddedWhileInProcessRunsOnceMoreAfterwardsAndNeverTwiceAtOnce() throws Exception {
        List<String> started = Collections.synchronizedList(new ArrayList<>());
        Map<String, Promise<Void>> running = new HashMap<>();
        AtomicReference<WorkQueue<String>> queue = new AtomicReference<>();
        onLoop(
                context,
                () -> queue.set(new WorkQueue<>(vertx, context, "test", 4, item -> {
                    started.add(item);
                    Promise<Void> p = Promise.promise();
                    running.put(item, p);
                    return p.future();
                })));
        onLoop(context, () -> {
            queue.get().add("a");
            queue.get().add("a"); // in process: marked to run again, not started twice
            queue.get().add("a");
            queue.get().add("b");
        });
        assertThat(started).containsExactly("a", "b");
        onLoop(context, () -> running.get("a").complete());
        Thread.sleep(100);
        assertThat(started).containsExactly("a", "b", "a");
        onLoop(context, () -> {
            running.get("a").complete(); // a promise completed twice would throw: the second run has its own
        });
    }

    @Test
    void aFailedItemIsRetriedAfterABackoff() throws Exception {
        List<Long> attempts = Collections.synchronizedList(new ArrayList<>());
        onLoop(
                context,
                () -> new WorkQueue<String>(vertx, context, "test", 1, item -> {
                            attempts.add(System.nanoTime());
                            return attempts.size() < 3 ? Future.failedFuture("not yet") : Future.succeededFuture();
                        })
                        .add("x"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (attempts.size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(attempts).hasSize(3);
        // 200 ms, then 400 ms
        assertThat(TimeUnit.NANOSECONDS.toMillis(attempts.get(1) - attempts.get(0)))
                .isGreaterThanOrEqualTo(190);
        assertThat(TimeUnit.NANOSECONDS.toMillis(attempts.get(2) - attempts.get(1)))
                .isGreaterThanOrEqualTo(390);
        Thread.sleep(300);
        assertThat(attempts).as("a success ends the retries").hasSize(3);
    }

    @Test
    void anItemAddedAfterADelayWaitsForIt() throws Exception {
        List<Long> runs = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<WorkQueue<String>> queue = new AtomicReference<>();
        onLoop(
                context,
                () -> queue.set(new WorkQueue<>(vertx, context, "test", 1, item -> {
                    runs.add(System.nanoTime());
                    return Future.succeededFuture();
                })));
        long added = System.nanoTime();
        queue.get().addAfter("x", 300);
        Thread.sleep(150);
        assertThat(runs).as("not before the delay").isEmpty();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (runs.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(runs).isNotEmpty();
        assertThat(TimeUnit.NANOSECONDS.toMillis(runs.get(0) - added)).isGreaterThanOrEqualTo(300);
    }
}
