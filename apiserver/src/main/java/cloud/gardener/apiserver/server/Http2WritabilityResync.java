package cloud.gardener.apiserver.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2RemoteFlowController;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * Works around HTTP/2 answers that are never sent (vertx-core 5.0.12 on Netty 4.2.13): a small answer on a connection
 * busy with large ones sat in its stream's queue for good, its headers included (ResponseCompressionTest: no answer
 * to a small GET within 30 s; Vert.x thought the stream not writable while Netty's flow controller did).
 *
 * <p>Vert.x keeps each stream's writability by flipping a flag on every change Netty's flow controller notifies.
 * The controller notifies a stream's change only when it checks that stream, and on a change of the channel's
 * writability it checks the streams only when that differs from what it last saw of the connection. Over TLS the
 * channel turns unwritable and writable again with the events fired later; a stream opened in between starts
 * unwritable, and when the events arrive the channel is writable as it was last seen, so no stream is checked and
 * that stream is never told it may write. This handler, behind Netty's HTTP/2 handler, has every stream checked on
 * each writability event that finds the channel writable: setting the same initial window again changes no window
 * but checks every stream and notifies the changes Vert.x missed.
 */
final class Http2WritabilityResync extends ChannelInboundHandlerAdapter {

    private static final String NAME = "gardenerHttp2WritabilityResync";

    private final Http2RemoteFlowController flow;

    Http2WritabilityResync(Http2RemoteFlowController flow) {
        this.flow = flow;
    }

    /** For {@code HttpServer.connectionHandler}: an HTTP/2 connection gets the handler, others are left alone. */
    static void install(HttpConnection connection) {
        if (!(connection instanceof ConnectionBase base)
                || !(base.channelHandlerContext().handler() instanceof Http2ConnectionHandler http2)) {
            return;
        }
        ChannelHandlerContext ctx = base.channelHandlerContext();
        if (ctx.pipeline().get(NAME) == null) {
            ctx.pipeline()
                    .addAfter(
                            ctx.name(),
                            NAME,
                            new Http2WritabilityResync(http2.encoder().flowController()));
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().isWritable()) {
            checkEveryStream(flow);
        }
        super.channelWritabilityChanged(ctx);
    }

    /** Has the flow controller check every stream's writability and notify each change. */
    static void checkEveryStream(Http2RemoteFlowController flow) throws Http2Exception {
        flow.initialWindowSize(flow.initialWindowSize());
    }
}
