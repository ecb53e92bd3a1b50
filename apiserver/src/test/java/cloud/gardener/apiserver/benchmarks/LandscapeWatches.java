package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import io.vertx.core.http.HttpVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The landscape's long-running watches on a few HTTP/2 connections, as client-go opens them: streams share a connection up to the
 * server's stream limit (250), so {@value #STREAMS_PER_CONNECTION} per connection here. The events are counted, not
 * kept.
 */
final class LandscapeWatches implements AutoCloseable {

    static final int STREAMS_PER_CONNECTION = 200;

    private final List<BenchHttpClient> connections = new ArrayList<>();
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();

    LandscapeWatches(BenchContext context, ApiTarget target, int watchers) {
        int count = Math.max(1, (watchers + STREAMS_PER_CONNECTION - 1) / STREAMS_PER_CONNECTION);
        for (int c = 0; c < count; c++) {
            connections.add(new BenchHttpClient(
                    context.vertx(), target.process().port(), HttpVersion.HTTP_2, 1, context.tls()));
        }
    }

    /** Opens watch {@code n} on its connection; done once the server answered it. */
    Future<Void> open(int n, String path) {
        AtomicBoolean over = new AtomicBoolean();
        return connections.get(n % connections.size()).stream(path)
                .<Void>map(response -> {
                    response.handler(chunk -> bytes.addAndGet(chunk.length()));
                    response.endHandler(v -> ended(over));
                    response.exceptionHandler(e -> ended(over));
                    return null;
                })
                .onSuccess(v -> opened.incrementAndGet());
    }

    private void ended(AtomicBoolean over) {
        if (over.compareAndSet(false, true)) {
            ended.incrementAndGet();
        }
    }

    int connections() {
        return connections.size();
    }

    /** Watches established and not ended since. */
    int open() {
        return opened.get() - ended.get();
    }

    long bytesReceived() {
        return bytes.get();
    }

    @Override
    public void close() {
        connections.forEach(BenchHttpClient::close);
    }
}
