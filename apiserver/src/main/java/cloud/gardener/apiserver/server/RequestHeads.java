package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.server.filters.BodyBudget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.vertx.core.Handler;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.impl.ConnectionBase;
import java.nio.charset.StandardCharsets;

/**
 * How large a request's head (request line and headers) may be, as kube-apiserver's Go server: its
 * {@code MaxHeaderBytes} is 1 MiB (large bearer tokens, impersonation extras), Go reads up to that plus 4096 bytes
 * of head on HTTP/1.x and answers a larger one {@code 431 Request Header Fields Too Large} in plain text before
 * closing; on HTTP/2 it announces {@code SETTINGS_MAX_HEADER_LIST_SIZE} of 1 MiB plus 320 bytes and answers a
 * larger header list 431 as well (Netty does so here).
 *
 * <p>Heads arrive before anyone is authenticated, and Netty holds a head in memory until it is complete. So that
 * hundreds of slow connections cannot each hold a megabyte of head, an HTTP/1.x connection's head bytes beyond the
 * first {@link #FREE_BYTES} are reserved from the server's body budget (the same memory bodies would use) until the
 * head is complete or the connection closes; a connection that finds the budget full is answered 431 and closed.
 * Ordinary heads (a few hundred bytes, a few KiB with a long token) never touch the budget.
 */
final class RequestHeads {

    /** kube-apiserver's {@code http.Server.MaxHeaderBytes}. */
    static final int MAX_HEADER_BYTES = 1 << 20;
    /** What Go's HTTP/1.x server reads of a head at most: {@code MaxHeaderBytes} and its 4096 bytes of slop. */
    static final int HTTP1_MAX_HEAD_BYTES = MAX_HEADER_BYTES + 4096;
    /** golang.org/x/net/http2's {@code MaxHeaderBytes} plus room for ten fields' 32-byte overhead. */
    static final long HTTP2_MAX_HEADER_LIST_SIZE = MAX_HEADER_BYTES + 10 * 32;
    /** Head bytes a connection may hold without reserving them. */
    static final int FREE_BYTES = 16 * 1024;

    /** Go's answer to a head over its limit, written by hand: the head was never complete. */
    static final String TOO_LARGE = "431 Request Header Fields Too Large";

    private static final String BAD_REQUEST = "400 Bad Request";
    private static final String DECODER = "httpDecoder";

    private final BodyBudget budget;

    RequestHeads(BodyBudget budget) {
        this.budget = budget;
    }

    /** Sets Go's limits on the listener: the head on HTTP/1.x, the header list on HTTP/2. */
    static void applyTo(HttpServerOptions options) {
        // Netty limits the request line and the header lines each; both at Go's limit for the whole head, and the
        // budget below bounds what all connections hold together
        options.setMaxInitialLineLength(HTTP1_MAX_HEAD_BYTES).setMaxHeaderSize(HTTP1_MAX_HEAD_BYTES);
        Http2Settings settings =
                options.getInitialSettings() == null ? new Http2Settings() : options.getInitialSettings();
        options.setInitialSettings(settings.setMaxHeaderListSize(HTTP2_MAX_HEADER_LIST_SIZE));
    }

    /**
     * For {@code HttpServer.invalidRequestHandler}: what Go's server answers to a head it cannot read, in plain text,
     * closing the connection: 431 for one over the limit (request line or headers), 400 otherwise.
     */
    static Handler<HttpServerRequest> invalidRequests() {
        return request -> {
            Throwable cause = request.decoderResult() == null
                    ? null
                    : request.decoderResult().cause();
            String text = cause instanceof TooLongFrameException ? TOO_LARGE : BAD_REQUEST;
            request.response()
                    .setStatusCode(Integer.parseInt(text.substring(0, 3)))
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(text)
                    .onComplete(done -> request.connection().close());
        };
    }

    /** The head of a new HTTP/1.x connection, counted from its first byte; nothing for HTTP/2. */
    Counter track(HttpConnection connection) {
        if (!(connection instanceof ConnectionBase base)
                || base.channelHandlerContext().pipeline().get(DECODER) == null) {
            return null;
        }
        Counter counter = new Counter();
        base.channelHandlerContext().pipeline().addBefore(DECODER, "requestHeadBudget", counter);
        return counter;
    }

    /**
     * Counts one connection's bytes while a head is incomplete (no request in flight), on the connection's event
     * loop like the request's handlers.
     */
    final class Counter extends ChannelInboundHandlerAdapter {
        private long pending;
        private long reserved;
        private boolean inRequest;
        private boolean refused;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (refused) {
                io.netty.util.ReferenceCountUtil.release(msg);
                return;
            }
            if (!inRequest && msg instanceof ByteBuf bytes && ctx.pipeline().get(DECODER) != null) {
                pending += bytes.readableBytes();
                long more = pending - FREE_BYTES - reserved;
                if (more > 0) {
                    if (!budget.tryReserve(more)) {
                        refused = true;
                        bytes.release();
                        refuse(ctx);
                        return;
                    }
                    reserved += more;
                }
            }
            ctx.fireChannelRead(msg);
        }

        /** A request's head is complete: what it held is given back; what follows is its body. */
        void headComplete() {
            giveBack();
            inRequest = true;
        }

        /** The request is answered: the next bytes are the next head. */
        void requestEnded() {
            inRequest = false;
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            giveBack();
            ctx.fireChannelInactive();
        }

        private void giveBack() {
            budget.release(reserved);
            reserved = 0;
            pending = 0;
        }

        private void refuse(ChannelHandlerContext ctx) {
            giveBack();
            String answer = "HTTP/1.1 " + TOO_LARGE + "\r\nContent-Type: text/plain; charset=utf-8\r\n"
                    + "Connection: close\r\n\r\n" + TOO_LARGE;
            ctx.writeAndFlush(Unpooled.copiedBuffer(answer, StandardCharsets.ISO_8859_1))
                    .addListener(ChannelFutureListener.CLOSE);
        }
    }
}
