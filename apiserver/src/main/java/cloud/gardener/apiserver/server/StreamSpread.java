package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.server.filters.Filter;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import cloud.gardener.apiserver.server.filters.RequestEnd;
import io.vertx.core.Context;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Spreads the reads of one HTTP/2 connection over the listeners' event loops. Vert.x runs a connection, and every
 * stream on it, on one event loop; client-go puts all of a client's requests on one connection, so without this
 * one core serves them all, where Go's server runs each stream in a goroutine of its own. A GET of one object or
 * of a list (not a watch) arriving while its loop already handles such a read is handed to the loop with the
 * fewest in flight; a lone request stays where it is and pays no hop. A read counts on the loop it was handed to
 * until it has ended, on its connection's loop until that loop has run the tasks queued when it came (the turn that
 * read its headers): a burst of reads is dealt out evenly, whether or not the store answers them at once.
 *
 * <p>Why writing the response from another loop is safe in Vert.x 5.0 (vertx-core 5.0.12): every state change of
 * {@code Http2ServerResponse} (headers, status, {@code write}/{@code end}) holds the connection's lock
 * ({@code synchronized (conn)}); the head's first {@code writeHeaders} is {@code eventLoop.execute}d on the
 * connection's loop when called from another thread, and data goes through the stream's
 * {@code OutboundMessageQueue} (an MPSC queue whose consumer is the connection's executor, drained there by
 * {@code consumer.execute(this::drain)}), in that order on the one task queue. Vert.x itself serves streams from a
 * context other than the connection's (a worker verticle's server: {@code HttpServerImpl}'s
 * {@code streamContextSupplier}), which is what these queues are for. What is not moved: the stream's own context
 * stays the connection's, so Vert.x calls a response's close, exception and drain handlers and completes its write
 * futures there, and delivers the request's body and end there. So only requests without a body are handed off,
 * after the filters that pause the request ({@code BodyHold}) and keep connection state ({@code ConnectionTimeouts})
 * ran on the connection's loop; {@link RequestEnd#handOff} brings the end actions back to that loop, the deadline
 * fires on the handling loop, and a streamed list's drain handler hops to its own loop. A stream the client resets
 * while another loop handles it ends (its actions run) on the connection's loop at once, as the handler may still
 * run: the actions read the routing context then, so a reset read can be recorded with what it had so far.
 *
 * <p>HTTP/1.1 would be as safe to write ({@code Http1xServerResponse} also locks the connection, its writes go through
 * the connection's {@code OutboundMessageQueue}), but a connection serves one request at a time there: nothing to
 * spread. Off by default ({@code --spread-http2-reads}): each hand-off costs tasks on both loops (the request there,
 * head, data and end back), about 20 µs of CPU per GET on the benchmark's 2-core machine, more than a second core
 * that is not idle gives back.
 */
final class StreamSpread implements Filter {

    /**
     * One listener's event loop: its context, the requests it handles, the reads it handles still in flight, and
     * the reads it kept in this turn of the loop (a read the store answers at once has ended before the next one's
     * headers are looked at, so the reads of one burst count only there). Only the loop's own thread changes
     * {@code keptThisTurn}.
     */
    private static final class Loop {
        final Context context;
        final Thread thread;
        final LongAdder requests;
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger keptThisTurn = new AtomicInteger();
        boolean turnEndQueued;

        Loop(Context context, Thread thread, LongAdder requests) {
            this.context = context;
            this.thread = thread;
            this.requests = requests;
        }

        int load() {
            return inFlight.get() + keptThisTurn.get();
        }

        /** A read stays here; counted until the loop has run what is queued now. */
        void kept() {
            keptThisTurn.incrementAndGet();
            if (!turnEndQueued) {
                turnEndQueued = true;
                context.runOnContext(v -> {
                    turnEndQueued = false;
                    keptThisTurn.set(0);
                });
            }
        }
    }

    private volatile Loop[] loops = new Loop[0];

    /** A listener's loop; called on that loop as the listener starts. */
    synchronized void add(Context context, LongAdder requests) {
        Loop[] more = Arrays.copyOf(loops, loops.length + 1);
        more[loops.length] = new Loop(context, Thread.currentThread(), requests);
        loops = more;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        Loop[] all = loops;
        if (all.length < 2 || !spreadable(ctx)) {
            return true;
        }
        Loop here = loopOf(all, Thread.currentThread());
        if (here == null) {
            return true;
        }
        Loop target = here;
        int fewest = here.load();
        if (fewest > 0) {
            for (Loop loop : all) {
                int load = loop.load();
                if (load < fewest) {
                    fewest = load;
                    target = loop;
                }
            }
        }
        Loop counted = target;
        counted.inFlight.incrementAndGet();
        RequestEnd.of(ctx).add(v -> counted.inFlight.decrementAndGet());
        if (target == here) {
            here.kept();
            return true;
        }
        here.requests.decrement();
        target.requests.increment();
        RequestEnd.handOff(ctx, target.context);
        target.context.runOnContext(v -> rest.proceed(ctx));
        return false;
    }

    /** An HTTP/2 GET of one resource object or a list: no body, a short answer, nothing bound to the connection. */
    private static boolean spreadable(RoutingContext ctx) {
        if (ctx.request().version() != HttpVersion.HTTP_2
                || !HttpMethod.GET.equals(ctx.request().method())) {
            return false;
        }
        RequestInfo info = RequestAttributes.info(ctx);
        return info != null
                && info.isResourceRequest()
                && !info.isLongRunning()
                && ("get".equals(info.verb()) || "list".equals(info.verb()));
    }

    private static Loop loopOf(Loop[] all, Thread thread) {
        for (Loop loop : all) {
            if (loop.thread == thread) {
                return loop;
            }
        }
        return null;
    }
}
