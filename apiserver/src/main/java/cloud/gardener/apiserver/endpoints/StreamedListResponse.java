package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.server.filters.ResponseCompression;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * Writes a list answer while it is encoded ({@link StreamedBody}: {@link ListEncoder}, protobuf lists), in chunks, as fast as the client takes them: the
 * next chunk is encoded when the connection's write queue has room, so the memory a list costs is a chunk or two,
 * not the answer. An answer that fits below the compression threshold is written whole, with its length, exactly as
 * before; a longer one is streamed and gzipped as a whole answer of that length would be. Encoding runs on the CPU
 * pool when the list is large ({@link CpuWork}), its writes on the request's context.
 */
final class StreamedListResponse {

    /** Chunks after the first: large enough that a hop to the pool per chunk costs little. */
    static final int CHUNK_BYTES = 256 * 1024;

    private final RoutingContext ctx;
    private final HttpServerResponse resp;
    private final String contentType;
    private final StreamedBody encoder;
    private final boolean offLoop;
    private final Promise<Void> done = Promise.promise();
    /** A chunk is being encoded: a drain meanwhile must not start another. */
    private boolean encoding;
    /**
     * Where this answer is written. Vert.x calls an HTTP/2 response's drain handler on its connection's loop, which
     * is another one when the request was handed off (StreamSpread): the drain comes back here.
     */
    private final Context own = Vertx.currentContext();

    private final Thread ownThread = Thread.currentThread();

    private StreamedListResponse(RoutingContext ctx, String contentType, StreamedBody encoder, boolean offLoop) {
        this.ctx = ctx;
        this.resp = ctx.response();
        this.contentType = contentType;
        this.encoder = encoder;
        this.offLoop = offLoop;
    }

    /**
     * Writes the answer.
     *
     * @param sourceBytes about the size of what the encoder reads: small lists are encoded on the event loop
     */
    static Future<Void> write(RoutingContext ctx, String contentType, StreamedBody encoder, long sourceBytes) {
        StreamedListResponse response =
                new StreamedListResponse(ctx, contentType, encoder, sourceBytes > CpuWork.INLINE_BYTES);
        response.first();
        return response.done.future();
    }

    private Future<Buffer> encode(int bytes) {
        // more than INLINE_BYTES: CpuWork then runs it on the pool
        return offLoop
                ? CpuWork.run(Long.MAX_VALUE, () -> encoder.next(bytes))
                : Future.succeededFuture(encoder.next(bytes));
    }

    /** Up to the compression threshold: a whole answer with its length if it ends there, else the head and stream. */
    private void first() {
        firstUpTo(Buffer.buffer(), (int) ResponseCompression.THRESHOLD_BYTES + 1);
    }

    /**
     * Encodes until {@code bytes} are in {@code taken} or the answer ends, bringing the encoder's next items as it
     * runs out of them (nothing is written yet, so no write queue waits), then answers whole or starts the stream.
     */
    private void firstUpTo(Buffer taken, int bytes) {
        encode(bytes - taken.length())
                .onSuccess(chunk -> {
                    taken.appendBuffer(chunk);
                    if (!encoder.done() && encoder.starved() && taken.length() < bytes) {
                        encoder.fetch().onSuccess(v -> firstUpTo(taken, bytes)).onFailure(this::fail);
                        return;
                    }
                    if (encoder.done()) {
                        Responses.write(ctx, 200, contentType, taken.getBytes());
                        done.tryComplete();
                        return;
                    }
                    if (resp.ended() || resp.closed()) {
                        done.tryComplete();
                        return;
                    }
                    Responses.writeWarnings(ctx);
                    ResponseCompression.markLongStream(ctx);
                    resp.setStatusCode(200)
                            .putHeader("Content-Type", contentType)
                            .putHeader("X-Content-Type-Options", "nosniff");
                    if (ctx.request().version() != HttpVersion.HTTP_2) {
                        resp.setChunked(true);
                    }
                    resp.drainHandler(v -> drained());
                    resp.write(taken);
                    more();
                })
                .onFailure(this::fail);
    }

    private void drained() {
        if (own == null || Thread.currentThread() == ownThread) {
            more();
        } else {
            own.runOnContext(v -> more());
        }
    }

    /**
     * Writes chunks while the connection takes them; a full write queue resumes here when it drains. When the
     * encoder has written every item it holds, its next items are read (from storage) here, so only once the last
     * ones are in the write queue and it has room.
     */
    private void more() {
        if (resp.ended() || resp.closed()) {
            done.tryComplete();
            return;
        }
        if (encoding || resp.writeQueueFull()) {
            return;
        }
        encoding = true;
        Future<Void> items = encoder.starved() ? encoder.fetch() : Future.succeededFuture();
        items.compose(v -> encode(CHUNK_BYTES))
                .onSuccess(chunk -> {
                    encoding = false;
                    if (resp.ended() || resp.closed()) {
                        done.tryComplete();
                        return;
                    }
                    if (encoder.done()) {
                        resp.end(chunk);
                        done.tryComplete();
                        return;
                    }
                    if (chunk.length() > 0) {
                        resp.write(chunk);
                    }
                    more();
                })
                .onFailure(this::fail);
    }

    /**
     * Before the first byte, the Status of the failure; after it (storage failed while the list was written), the
     * stream is cut as Go's server cuts an aborted handler's answer: the connection closed (HTTP/1.1, the chunked
     * body left unterminated) or the stream reset (HTTP/2), so that the client sees an error, never a whole list.
     */
    private void fail(Throwable t) {
        encoding = false;
        Responses.fail(ctx, t);
        done.tryComplete();
    }
}
