package cloud.gardener.apiserver.server.filters;

import io.vertx.core.AsyncResult;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;

/**
 * Holds back a request's body (pauses the request) until a later filter decides to read it, so that who is
 * asking and whether they may is known before any body byte is buffered, as kube-apiserver authenticates and
 * authorizes from headers and TLS before its handlers read bodies.
 *
 * <p>A body nobody read by the time the response is complete is drained as Go's server does: up to 256 KiB
 * are read and dropped so the connection can serve the next request; a longer one (or one that does not
 * arrive within {@code drainTimeout}) closes the HTTP/1 connection; a body whose reading was cut short
 * (request timeout, over a limit) closes it at once. An HTTP/2 stream costs no connection: its body is dropped
 * as it comes (clients such as the JDK's read the answer only once they have sent everything) and the stream
 * is reset if it has not ended within {@code drainTimeout}.
 */
public final class BodyHold implements Filter {

    /** Go's {@code maxPostHandlerReadBytes}. */
    static final long MAX_DRAINED_BYTES = 256 * 1024;

    private final Vertx vertx;
    private final Duration drainTimeout;

    public BodyHold(Vertx vertx, Duration drainTimeout) {
        this.vertx = vertx;
        this.drainTimeout = drainTimeout;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        HttpServerRequest request = ctx.request();
        PendingBody body = request.isEnded() ? null : PendingBody.of(request);
        if (body != null) {
            request.pause();
            PendingBody.set(ctx, body);
            if (!body.http2) {
                // as Go's server: a remainder too long to drain closes the connection, and the answer says so
                ctx.addHeadersEndHandler(v -> {
                    if (!body.complete && (body.reading || tooLongToDrain(body))) {
                        ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
                    }
                });
            }
            RequestEnd.of(ctx).add(new RequestEnd.Action() {
                @Override
                public void ended(AsyncResult<Void> outcome) {
                    if (!body.complete && !body.http2 && (body.reading || tooLongToDrain(body))) {
                        abandon(ctx, body);
                    } else {
                        drain(ctx, body);
                    }
                }

                /**
                 * A body nobody read while a long response streams (a watch's) is dropped as it comes: the request
                 * resumes without a handler (one would keep its captures for the response's life).
                 */
                @Override
                public RequestEnd.Action detached(RoutingContext context) {
                    HttpServerRequest request = context.request();
                    if (!body.complete && !body.reading && !request.isEnded()) {
                        request.resume();
                    }
                    return null;
                }
            });
        }
        return true;
    }

    private static boolean tooLongToDrain(PendingBody body) {
        return body.declaredLength >= 0 && body.declaredLength - body.received > MAX_DRAINED_BYTES;
    }

    private void drain(RoutingContext ctx, PendingBody body) {
        HttpServerRequest request = ctx.request();
        if (request.isEnded()) {
            // the body ended after the check in handle (an HTTP/2 stream's END_STREAM can come after its
            // headers): nothing is left to drain, and Vert.x refuses handlers on an ended request
            body.complete = true;
        }
        if (body.complete) {
            return;
        }
        Drain drain = new Drain();
        request.exceptionHandler(t -> drain.stop());
        request.endHandler(v -> {
            body.complete = true;
            drain.stop();
        });
        request.handler(chunk -> {
            drain.dropped += chunk.length();
            if (!body.http2 && drain.dropped > MAX_DRAINED_BYTES) {
                drain.stop();
                abandon(ctx, body);
            }
        });
        // What was held back is delivered first, on this event loop's next turn: an HTTP/2 stream's end (when it came
        // in a frame of its own after the headers) and whatever else already arrived. The timer is armed after it,
        // and only for a body still incoming, so a request without a body sets none. (A stream its headers ended,
        // as every client-go GET's, holds nothing: see PendingBody.of.)
        request.resume();
        ctx.vertx().getOrCreateContext().runOnContext(v -> {
            if (!drain.stopped && !body.complete) {
                drain.timer = vertx.setTimer(Math.max(1, drainTimeout.toMillis()), id -> abandon(ctx, body));
            }
        });
    }

    /** One body's drain: the bytes dropped so far and the timer that gives up on the rest. */
    private final class Drain {
        long dropped;
        long timer = -1;
        boolean stopped;

        void stop() {
            stopped = true;
            if (timer >= 0) {
                vertx.cancelTimer(timer);
            }
        }
    }

    /** Stops reading a body nobody wants: HTTP/2 resets the stream (CANCEL), HTTP/1 closes the connection. */
    private static void abandon(RoutingContext ctx, PendingBody body) {
        if (body.complete) {
            return;
        }
        body.complete = true;
        ctx.request().handler(null);
        if (body.http2) {
            ctx.response().reset(8).onFailure(t -> {});
        } else {
            ctx.request().connection().close().onFailure(t -> {});
        }
    }
}
