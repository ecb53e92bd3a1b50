package cloud.gardener.apiserver.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * One flush for the writes of a run of event-loop tasks on an HTTP/2 connection, instead of one per write. Vert.x
 * flushes the channel after every DATA frame written outside a read; a change sent to the 250 watches of one
 * connection was 250 passes of the flow controller, 250 TLS records of one event each and 250 socket writes. With
 * Netty's {@link FlushConsolidationHandler} at the pipeline's tail (where {@code channel().flush()} starts) a flush
 * outside a read is deferred to a task behind those already queued, or made after 256 deferred flushes: the watches
 * fed in one run of the loop go out in one pass, in full-sized TLS records.
 */
final class Http2FlushBatching {

    private static final String NAME = "gardenerHttp2FlushBatching";
    /** Netty's default: at most this many flushes deferred before one goes through. */
    private static final int FLUSH_AFTER = 256;

    private Http2FlushBatching() {}

    /** For {@code HttpServer.connectionHandler}: an HTTP/2 connection gets the handler, others are left alone. */
    static void install(HttpConnection connection) {
        if (!(connection instanceof ConnectionBase base)
                || !(base.channelHandlerContext().handler() instanceof Http2ConnectionHandler)) {
            return;
        }
        ChannelHandlerContext ctx = base.channelHandlerContext();
        if (ctx.pipeline().get(NAME) == null) {
            ctx.pipeline().addLast(NAME, new FlushConsolidationHandler(FLUSH_AFTER, true));
        }
    }
}
