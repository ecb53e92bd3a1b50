package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * k8s.io/apiserver's {@code WithWaitGroup} and watch termination for graceful shutdown: counts the requests in
 * flight that are not long-running, so shutdown can wait for them, and keeps the long-running ones (watches) so
 * shutdown can end their streams once the others are done.
 */
public final class InFlightRequests implements Filter {

    /** A long-running response and the context that writes it (responses are confined to their context). */
    private record LongRunning(Context context, HttpServerResponse response) {}

    private final AtomicInteger inFlight = new AtomicInteger();
    private final Set<LongRunning> longRunning = ConcurrentHashMap.newKeySet();
    private final Promise<Void> drained = Promise.promise();
    private volatile boolean draining;

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        RequestInfo info = RequestAttributes.info(ctx);
        if (info != null && info.isLongRunning()) {
            LongRunning entry = new LongRunning(Vertx.currentContext(), ctx.response());
            longRunning.add(entry);
            RequestEnd.of(ctx).add(v -> longRunning.remove(entry));
        } else {
            inFlight.incrementAndGet();
            RequestEnd.of(ctx).add(v -> {
                if (inFlight.decrementAndGet() == 0 && draining) {
                    drained.tryComplete();
                }
            });
        }
        return true;
    }

    /** Requests in flight that are not long-running. */
    public int count() {
        return inFlight.get();
    }

    /** Long-running requests (watches) being served. */
    public int longRunningCount() {
        return longRunning.size();
    }

    /** Completes once no request that is not long-running is in flight, from the first call on. */
    public Future<Void> drained() {
        draining = true;
        if (inFlight.get() == 0) {
            drained.tryComplete();
        }
        return drained.future();
    }

    /** Ends every long-running response cleanly; clients see the stream end and reconnect elsewhere. */
    public void endLongRunning() {
        for (LongRunning entry : longRunning) {
            entry.context().runOnContext(v -> {
                if (!entry.response().ended() && !entry.response().closed()) {
                    entry.response().end();
                }
            });
        }
    }
}
