package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code GET /readyz} of one server, one probe after another 10 ms apart (as a kubelet's or load balancer's checks,
 * only more often), on a connection of its own so that no other request queues before it: the slowest answer and
 * the failed ones.
 */
final class ReadyzProbe {

    private final Vertx vertx;
    private final BenchHttpClient client;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private final AtomicLong slowest = new AtomicLong();
    private final AtomicInteger count = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private volatile boolean running = true;

    private ReadyzProbe(Vertx vertx, BenchHttpClient client) {
        this.vertx = vertx;
        this.client = client;
    }

    static ReadyzProbe start(BenchContext context, ApiTarget target) {
        ReadyzProbe probe = new ReadyzProbe(
                context.vertx(),
                new BenchHttpClient(context.vertx(), target.process().port(), HttpVersion.HTTP_1_1, 1, context.tls()));
        probe.next();
        return probe;
    }

    private void next() {
        if (!running) {
            stopped.complete(null);
            return;
        }
        long start = System.nanoTime();
        client.send(HttpMethod.GET, "/readyz", null, 200).onComplete(ar -> {
            slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
            count.incrementAndGet();
            if (ar.failed()) {
                failed.incrementAndGet();
            }
            vertx.setTimer(10, id -> next());
        });
    }

    /**
     * Stops probing once the probe in flight answered (a stalled one counts in full).
     *
     * @return the slowest answer, in seconds
     */
    double stop() throws Exception {
        running = false;
        stopped.get(120, TimeUnit.SECONDS);
        client.close();
        return slowest.get() / 1e9;
    }

    int count() {
        return count.get();
    }

    int failed() {
        return failed.get();
    }
}
