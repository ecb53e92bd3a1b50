package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.options.Timeouts;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;

/**
 * The request deadline: {@code ?timeout=} capped at {@code --request-timeout}; when nothing has been
 * written by then, 504. Watches are long-running and exempt.
 */
public final class DeadlineFilter implements Filter {

    private final Vertx vertx;
    private final Duration requestTimeout;

    public DeadlineFilter(Vertx vertx, Duration requestTimeout) {
        this.vertx = vertx;
        this.requestTimeout = requestTimeout;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        RequestInfo info = RequestAttributes.info(ctx);
        if (info != null && info.isLongRunning()) {
            return true;
        }
        Duration deadline = requestTimeout;
        String param = Multimaps.queryParam(ctx, "timeout");
        if (param != null && !param.isEmpty()) {
            Duration asked;
            try {
                asked = Timeouts.parseGoDuration(param);
            } catch (RuntimeException e) {
                Responses.fail(ctx, ApiException.badRequest("invalid timeout specified in the request URL"));
                return false;
            }
            if (asked.compareTo(deadline) < 0 && !asked.isNegative() && !asked.isZero()) {
                deadline = asked;
            }
        }
        LoopClock clock = LoopClock.of(vertx.getOrCreateContext());
        LoopClock.Deadline timeout = new LoopClock.Deadline(System.nanoTime() + deadline.toNanos()) {
            @Override
            protected void expire() {
                Context handling = RequestEnd.handling(ctx);
                if (handling != null) {
                    // handed off to another loop (StreamSpread): answer there, where its handler writes
                    handling.runOnContext(v -> timedOut(ctx));
                } else {
                    timedOut(ctx);
                }
            }
        };
        clock.add(timeout);
        RequestEnd.of(ctx).add(v -> clock.remove(timeout));
        return true;
    }

    private static void timedOut(RoutingContext ctx) {
        if (!ctx.response().headWritten()) {
            RequestAttributes.setTerminated(ctx);
            Responses.fail(
                    ctx, ApiException.timeout("Timeout: request did not complete within the allotted timeout", 0));
        }
    }
}
