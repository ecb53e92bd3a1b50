package cloud.gardener.apiserver.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * One flush for the writes an event loop makes to an HTTP/2 connection in one go. Vert.x flushes the channel after
 * every write it makes outside a read, so a change fanned out to the 1,000 watches client-go keeps on one connection
 * made 1,000 flushes: each wraps a TLS record and writes the socket. Netty's {@link FlushConsolidationHandler}, between
 * TLS and HTTP/2, lets such flushes through once the event loop has run the tasks already queued (or every
 * {@value #FLUSHES} flushes), and those made during a read at its end, as before.
 */
final class Http2FlushBatching {

    private static final String NAME = "gardenerHttp2FlushBatching";
    /** Netty's suggested bound: a flush goes through at least every so many. */
    private static final int FLUSHES = FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES;

    private Http2FlushBatching() {}

    /** For {@code HttpServer.connectionHandler}: an HTTP/2 connection gets the handler, others are left alone. */
    static void install(HttpConnection connection) {
        if (!(connection instanceof ConnectionBase base)
                || !(base.channelHandlerContext().handler() instanceof Http2ConnectionHandler)) {
            return;
        }
        ChannelHandlerContext http2 = base.channelHandlerContext();
        if (http2.pipeline().get(NAME) == null) {
            http2.pipeline().addBefore(http2.name(), NAME, new FlushConsolidationHandler(FLUSHES, true));
        }
    }
}
