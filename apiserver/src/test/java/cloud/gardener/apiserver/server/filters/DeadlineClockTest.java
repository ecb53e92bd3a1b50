package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeadlineClockTest {

    private final Vertx vertx = Vertx.vertx();
    private final Context loop = vertx.getOrCreateContext();
    private final DeadlineClock clock = new DeadlineClock(vertx);
    private final List<String> expired = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        vertx.close();
    }

    /** A deadline {@code ms} from now that writes down its name, and whether it came early, when it expires. */
    private final class Request extends DeadlineClock.Deadline {
        final String name;
        final long atNanos;

        Request(String name, long ms) {
            this(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms), name);
        }

        private Request(long atNanos, String name) {
            super(atNanos);
            this.name = name;
            this.atNanos = atNanos;
        }

        @Override
        void expire() {
            expired.add(System.nanoTime() - atNanos >= 0 ? name : name + " (early)");
        }
    }

    /** Runs {@code action} on the clock's event loop, as the filter does. */
    private void onLoop(Runnable action) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        loop.runOnContext(v -> {
            action.run();
            done.complete(null);
        });
        done.get(5, TimeUnit.SECONDS);
    }

    private int size() throws Exception {
        int[] size = new int[1];
        onLoop(() -> size[0] = clock.size());
        return size[0];
    }

    private void awaitExpired(int count) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (expired.size() < count && System.nanoTime() < end) {
            Thread.sleep(5);
        }
    }

    @Test
    void deadlinesExpireInTheirOrderAndNeverBeforeTheirTime() throws Exception {
        onLoop(() -> {
            clock.add(new Request("late", 300));
            // a shorter deadline after a longer one: the clock's timer is set again, earlier
            clock.add(new Request("early", 60));
            clock.add(new Request("middle", 150));
        });
        awaitExpired(3);

        assertThat(expired).containsExactly("early", "middle", "late");
        assertThat(size()).isZero();
    }

    @Test
    void aRemovedDeadlineNeverExpires() throws Exception {
        Request ended = new Request("ended", 50);
        onLoop(() -> {
            clock.add(ended);
            clock.add(new Request("open", 80));
            clock.remove(ended);
            clock.remove(ended);
        });
        awaitExpired(1);
        Thread.sleep(150);

        assertThat(expired).containsExactly("open");
        assertThat(size()).isZero();
    }

    @Test
    void aDeadlineAfterTheTimerWasSetForAnEndedOneExpiresInTime() throws Exception {
        Request ended = new Request("ended", 40);
        onLoop(() -> {
            clock.add(ended);
            clock.remove(ended);
        });
        // the timer still set for the ended request fires first and is set again for this one
        onLoop(() -> clock.add(new Request("next", 120)));
        awaitExpired(1);

        assertThat(expired).containsExactly("next");
        Thread.sleep(100);
        assertThat(expired).containsExactly("next");
    }

    @Test
    void manyRequestsWithOneTimeoutKeepTheirOrder() throws Exception {
        onLoop(() -> {
            for (int i = 0; i < 100; i++) {
                Request r = new Request("r" + i, 50 + i);
                clock.add(r);
                clock.add(r); // a second add changes nothing
                if (i % 2 == 1) {
                    clock.remove(r);
                }
            }
        });
        assertThat(size()).isEqualTo(50);
        awaitExpired(50);

        assertThat(expired).hasSize(50).allMatch(name -> !name.contains("early"));
        for (int i = 0; i < 50; i++) {
            assertThat(expired.get(i)).isEqualTo("r" + (2 * i));
        }
    }
}
