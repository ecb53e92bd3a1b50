package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A watch served over a WebSocket, as k8s.io/apiserver's {@code WatchServer.HandleWS} with golang.org/x/net's
 * WebSocket server: each event is one message, a text message when the watch is JSON (its newline included), a
 * binary one otherwise; what the client sends is ignored; the timeout or the end of the watch closes the socket
 * (status 1000).
 *
 * <p>The handshake is x/net/websocket's: a request without a (parsable) {@code Origin} is refused with 403, and of
 * the subprotocols in {@code Sec-WebSocket-Protocol} the server takes exactly one, echoing it whatever it is
 * ({@code binary.k8s.io}, {@code base64.binary.k8s.io}, ...; the frames do not change with it, as upstream's watch
 * handler does not look at it); more than one is refused with 400.
 */
public final class WebSocketWatch {

    private final RoutingContext ctx;
    private final boolean textFraming;
    private ServerWebSocket socket;

    /** @param contentType the watch's negotiated media type: JSON is sent in text messages */
    WebSocketWatch(RoutingContext ctx, String contentType) {
        this(ctx, contentType.startsWith("application/json"));
    }

    private WebSocketWatch(RoutingContext ctx, boolean textFraming) {
        this.ctx = ctx;
        this.textFraming = textFraming;
    }

    /** {@code wsstream.IsWebSocketRequest}: {@code Upgrade: websocket} and an {@code upgrade} token in Connection. */
    static boolean isWebSocketRequest(HttpServerRequest request) {
        String upgrade = request.getHeader("Upgrade");
        if (upgrade == null || !upgrade.trim().equalsIgnoreCase("websocket")) {
            return false;
        }
        for (String connection : request.headers().getAll("Connection")) {
            for (String token : connection.split(",", -1)) {
                if (token.trim().toLowerCase(Locale.ROOT).equals("upgrade")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the request is a watch asking for a WebSocket (request info already parsed). */
    public static boolean isWebSocketWatch(RoutingContext ctx) {
        RequestInfo info = RequestAttributes.info(ctx);
        return info != null && "watch".equals(info.verb()) && isWebSocketRequest(ctx.request());
    }

    /**
     * The status Go's WebSocket server refuses this handshake with (answered without a body), or 0 to upgrade:
     * 400 for more than one subprotocol, 403 for a missing or unparsable origin.
     */
    static int refusal(HttpServerRequest request) {
        String protocols = request.getHeader("Sec-WebSocket-Protocol");
        if (protocols != null && !protocols.trim().isEmpty() && protocols.split(",").length != 1) {
            return 400;
        }
        return validOrigin(request.getHeader("Origin")) ? 0 : 403;
    }

    /** {@code url.ParseRequestURI} of the origin: an absolute URI or an absolute path; none is "null origin". */
    private static boolean validOrigin(String origin) {
        if (origin == null || origin.isEmpty()) {
            return false;
        }
        try {
            URI uri = new URI(origin);
            return uri.isAbsolute() || origin.startsWith("/");
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Switches the connection to the WebSocket protocol; {@code onClose} runs when the client goes away. */
    Future<Void> upgrade(Runnable onClose) {
        return ctx.request().toWebSocket().map(ws -> {
            socket = ws;
            // the client should send nothing; whatever it sends is read and dropped
            ws.frameHandler(frame -> {});
            ws.closeHandler(v -> onClose.run());
            ws.exceptionHandler(t -> onClose.run());
            return null;
        });
    }

    /** Whether the socket is gone (or was never opened). */
    boolean isClosed() {
        return socket == null || socket.isClosed();
    }

    /** The socket as a watch's sink: each event one message, text for JSON watches, binary otherwise. */
    WatchBacklog.Sink sink() {
        return new WatchBacklog.Sink() {
            @Override
            public void write(Buffer event) {
                if (isClosed()) {
                    return;
                }
                if (textFraming) {
                    socket.writeTextMessage(event.toString(StandardCharsets.UTF_8));
                } else {
                    socket.writeBinaryMessage(event);
                }
            }

            @Override
            public boolean writeQueueFull() {
                return !isClosed() && socket.writeQueueFull();
            }

            @Override
            public void drainHandler(Runnable drained) {
                if (socket != null) {
                    socket.drainHandler(v -> drained.run());
                }
            }
        };
    }

    void close() {
        if (socket != null && !socket.isClosed()) {
            socket.close();
        }
    }
}
