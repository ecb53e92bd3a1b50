package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A change written to many streams of one HTTP/2 connection in one go (as a watch event fanned out to client-go's
 * watches) reaches the socket in a few flushes with the batching, one per stream without it; every stream gets its
 * bytes either way.
 */
@Tag("integration")
class Http2FlushBatchingTest {

    /** Fewer than Vert.x's default limit of concurrent streams (100). */
    private static final int STREAMS = 90;

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFanOutToEveryStreamOfAConnectionReachesTheSocketInAFewFlushes(boolean batching) throws Exception {
        List<HttpServerResponse> open = new CopyOnWriteArrayList<>();
        AtomicReference<Context> connectionContext = new AtomicReference<>();
        AtomicInteger flushes = new AtomicInteger();
        HttpServer server = vertx.createHttpServer()
                .connectionHandler(connection -> {
                    if (batching) {
                        Http2FlushBatching.install(connection);
                    }
                    // counts the flushes that reach the socket's end of the pipeline
                    ((ConnectionBase) connection).channel().pipeline().addFirst(new ChannelOutboundHandlerAdapter() {
                        @Override
                        public void flush(ChannelHandlerContext ctx) {
                            flushes.incrementAndGet();
                            ctx.flush();
                        }
                    });
                })
                .requestHandler(request -> {
                    connectionContext.set(Vertx.currentContext());
                    request.response().setStatusCode(200).writeHead();
                    open.add(request.response());
                })
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
        // one connection whose window takes the whole fan-out: no WINDOW_UPDATE (a read, and its flush) in between
        HttpClient client = vertx.createHttpClient(
                new HttpClientOptions()
                        .setProtocolVersion(HttpVersion.HTTP_2)
                        .setHttp2ClearTextUpgrade(false)
                        .setHttp2ConnectionWindowSize(16 * 1024 * 1024),
                new PoolOptions().setHttp2MaxSize(1));
        List<Future<Buffer>> bodies = new ArrayList<>();
        for (int i = 0; i < STREAMS; i++) {
            bodies.add(client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/")
                    .compose(HttpClientRequest::send)
                    .compose(HttpClientResponse::body));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (open.size() < STREAMS && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(open).hasSize(STREAMS);
        Thread.sleep(200); // the heads' flushes are done

        // one task on the connection's event loop writes every stream, as a watch event's fan-out does
        Buffer change = Buffer.buffer("x".repeat(8 * 1024));
        AtomicInteger atStart = new AtomicInteger();
        connectionContext.get().runOnContext(v -> {
            atStart.set(flushes.get());
            open.forEach(response -> response.end(change));
        });
        for (Future<Buffer> body : bodies) {
            assertThat(body.await(10, TimeUnit.SECONDS).length()).isEqualTo(change.length());
        }
        int fanOutFlushes = flushes.get() - atStart.get();

        if (batching) {
            // one for the task's writes, and one at the end of each read in between (the client's window updates)
            assertThat(fanOutFlushes).isBetween(1, STREAMS / 4);
        } else {
            // Vert.x flushes after each write outside a read (were it not to, the batching could go)
            assertThat(fanOutFlushes).isGreaterThanOrEqualTo(STREAMS);
        }
    }
}
