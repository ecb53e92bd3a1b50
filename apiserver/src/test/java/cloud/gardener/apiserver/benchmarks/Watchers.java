package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.parsetools.RecordParser;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Many watches of one collection, each a client's informer: over HTTP/2 all on as few connections as the server's
 * stream limit allows (client-go's transport puts every watch on one connection and opens another only when the
 * server's SETTINGS_MAX_CONCURRENT_STREAMS is reached) with client-go's flow-control windows, over HTTP/1.1 a
 * connection each. Every event line is handed
 * to a handler with the time it arrived; watches the server answered and those it ended are counted.
 */
final class Watchers implements AutoCloseable {

    /** Go's net/http2 default stream limit, which the server announces. */
    private static final int STREAMS_PER_CONNECTION = 250;
    /** Watches opened together before the next batch. */
    private static final int OPEN_AT_ONCE = 50;

    /** What a watcher does with an event line (on the client's event loop: keep it short). */
    interface EventHandler {
        void event(int watcher, Buffer line, long receivedNanos);
    }

    private final BenchHttpClient client;
    private final int connections;
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();

    private Watchers(BenchHttpClient client, int connections) {
        this.client = client;
        this.connections = connections;
    }

    /**
     * Opens {@code count} watches, watcher {@code n} of {@code path.apply(n)} (a watch URL), and waits until the
     * server answered each with its head: from then on it sends them every change.
     */
    static Watchers open(
            BenchContext context,
            ApiTarget target,
            HttpVersion version,
            IntFunction<String> path,
            int count,
            EventHandler handler)
            throws InterruptedException {
        int connections = version == HttpVersion.HTTP_2
                ? Math.max(1, (count + STREAMS_PER_CONNECTION - 1) / STREAMS_PER_CONNECTION)
                : count;
        Watchers watchers = new Watchers(
                new BenchHttpClient(
                        context.vertx(),
                        target.process().port(),
                        version,
                        count,
                        version == HttpVersion.HTTP_2 ? connections : 1,
                        true,
                        context.tls()),
                connections);
        try {
            // a batch at a time, as clients start over time: a thousand TLS handshakes at once outlast the
            // client's 10 s handshake timeout on a loaded machine
            for (int from = 0; from < count; from += OPEN_AT_ONCE) {
                List<Future<?>> opened = new ArrayList<>();
                for (int i = from; i < Math.min(count, from + OPEN_AT_ONCE); i++) {
                    int watcher = i;
                    opened.add(watchers.client.stream(path.apply(watcher), response -> {
                        RecordParser lines = RecordParser.newDelimited(
                                "\n", line -> handler.event(watcher, line, System.nanoTime()));
                        AtomicBoolean over = new AtomicBoolean();
                        response.handler(lines);
                        response.endHandler(v -> watchers.ended(over));
                        response.exceptionHandler(t -> watchers.ended(over));
                        watchers.opened.incrementAndGet();
                    }));
                }
                BenchContext.await(Future.all(opened));
            }
        } catch (RuntimeException | InterruptedException e) {
            watchers.close();
            throw e;
        }
        return watchers;
    }

    /** A watch's end, counted once (a reset may follow an end). */
    private void ended(AtomicBoolean over) {
        if (over.compareAndSet(false, true)) {
            ended.incrementAndGet();
        }
    }

    /** How many watches the server ended (or reset) while open. */
    int ended() {
        return ended.get();
    }

    /** Watches the server answered and has not ended since. */
    int open() {
        return opened.get() - ended.get();
    }

    /** The connections the watches share: over HTTP/1.1 one each. */
    int connections() {
        return connections;
    }

    @Override
    public void close() {
        client.close();
    }
}
