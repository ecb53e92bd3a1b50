package cloud.gardener.apiserver.server.filters;

import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Stream;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;

/**
 * A request's body while nobody has read it yet, kept in the routing context from {@link BodyHold} to
 * {@link BodyReader}.
 */
final class PendingBody {

    private static final String KEY = PendingBody.class.getName();

    /** The declared length, -1 when unknown (chunked, HTTP/2 without the header, or content-encoded). */
    final long declaredLength;

    final boolean http2;
    /** Bytes received so far. */
    long received;
    /** Whether a handler asked for it (then an answer before its end means it is abandoned, not drained). */
    boolean reading;
    /** Whether the whole body has arrived. */
    boolean complete;
    /** Budget reserved for it, given back when the request ends. */
    long reserved;

    private PendingBody(long declaredLength, boolean http2) {
        this.declaredLength = declaredLength;
        this.http2 = http2;
    }

    /**
     * Whether the request announces a body: a Content-Length above 0, Transfer-Encoding, or an HTTP/2 stream the
     * client has not ended with its headers.
     */
    static PendingBody of(HttpServerRequest request) {
        boolean http2 = request.version() == HttpVersion.HTTP_2;
        if (http2 && endedWithHeaders(request)) {
            return null;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        long declared = parseLength(length);
        if (!http2 && declared <= 0 && !request.headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
            return null;
        }
        if (request.headers().contains(HttpHeaders.CONTENT_ENCODING)) {
            declared = -1; // decompressed by the server: the declared length is not what will be held
        }
        return new PendingBody(declared, http2);
    }

    /**
     * Whether an HTTP/2 request's headers ended its stream (END_STREAM, as every GET of client-go's): Vert.x
     * dispatches the request before it delivers that end, so {@code isEnded()} is still false here, while Netty's
     * stream is already half closed by the client. Such a request has no body to hold, read or drain.
     */
    private static boolean endedWithHeaders(HttpServerRequest request) {
        if (request.connection() instanceof ConnectionBase base
                && base.channelHandlerContext().handler() instanceof Http2ConnectionHandler http2) {
            Http2Stream stream = http2.connection().stream(request.streamId());
            return stream != null && stream.state() == Http2Stream.State.HALF_CLOSED_REMOTE;
        }
        return false;
    }

    static void set(RoutingContext ctx, PendingBody body) {
        ctx.put(KEY, body);
    }

    static PendingBody get(RoutingContext ctx) {
        return ctx.get(KEY);
    }

    private static long parseLength(String value) {
        if (value == null || value.isEmpty()) {
            return -1;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
