package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.Responses;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.impl.RoutingContextInternal;

/**
 * Reads the body {@link BodyHold} held back, once the request is authenticated and authorized: at most
 * {@code maxBytes} (kube-apiserver's 3 MiB; beyond, 413 RequestEntityTooLarge as upstream's
 * {@code limitedReadBody}, before reading when the Content-Length says so), and only while the server-wide
 * {@link BodyBudget} has room (beyond, 429 with {@code Retry-After}, the answer of an overloaded server). Form
 * bodies are bytes like any other: nothing here (or in Netty) decodes them. {@code Expect: 100-continue} is
 * answered only now, as Go's server answers it on the first read.
 */
public final class BodyReader implements Handler<RoutingContext> {

    /** Reservation step for bodies of unknown length. */
    private static final int STEP = 64 * 1024;

    private final BodyBudget budget;
    private final long maxBytes;

    public BodyReader(BodyBudget budget, long maxBytes) {
        this.budget = budget;
        this.maxBytes = maxBytes;
    }

    @Override
    public void handle(RoutingContext ctx) {
        PendingBody body = PendingBody.get(ctx);
        if (body == null || body.complete || body.received > 0) {
            ctx.next();
            return;
        }
        if (body.declaredLength > maxBytes) {
            Responses.fail(ctx, tooLarge(maxBytes));
            return;
        }
        int initial = (int) Math.min(body.declaredLength >= 0 ? body.declaredLength : STEP, maxBytes);
        if (!reserve(body, initial)) {
            refuse(ctx);
            return;
        }
        RequestEnd.of(ctx).add(done -> budget.release(body.reserved));
        body.reading = true;
        HttpServerRequest request = ctx.request();
        if ("100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))
                && request.version() != HttpVersion.HTTP_1_0) {
            ctx.response().writeContinue().onFailure(t -> {});
        }
        Buffer buffer = Buffer.buffer(initial);
        boolean[] failed = {false};
        request.exceptionHandler(t -> {
            if (!failed[0]) {
                failed[0] = true;
                Responses.fail(ctx, ApiException.badRequest("error reading the request body"));
            }
        });
        request.handler(chunk -> {
            if (failed[0]) {
                return;
            }
            body.received += chunk.length();
            if (body.received > maxBytes) {
                failed[0] = true;
                Responses.fail(ctx, tooLarge(maxBytes));
            } else if (body.received > body.reserved
                    && !reserve(
                            body, Math.min(Math.max(STEP, body.received - body.reserved), maxBytes - body.reserved))) {
                failed[0] = true;
                refuse(ctx);
            } else {
                buffer.appendBuffer(chunk);
            }
        });
        request.endHandler(v -> {
            body.complete = true;
            if (failed[0] || ctx.response().ended()) {
                return;
            }
            RoutingContextInternal internal = (RoutingContextInternal) ctx;
            internal.visitHandler(RoutingContextInternal.BODY_HANDLER);
            internal.setBody(buffer);
            ctx.next();
        });
        request.resume();
    }

    private boolean reserve(PendingBody body, long bytes) {
        if (!budget.tryReserve(bytes)) {
            return false;
        }
        body.reserved += bytes;
        return true;
    }

    private static ApiException tooLarge(long maxBytes) {
        return ApiException.requestEntityTooLarge("limit is " + maxBytes);
    }

    /** Upstream's overload answer (as max-in-flight's): plain text, {@code Retry-After: 1}. */
    private static void refuse(RoutingContext ctx) {
        if (ctx.response().headWritten()) {
            return;
        }
        ctx.response().putHeader("Retry-After", "1");
        ctx.response().putHeader("X-Content-Type-Options", "nosniff");
        Responses.writeText(ctx, 429, MaxInFlightFilter.MESSAGE);
    }
}
