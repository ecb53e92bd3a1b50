package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.LoopExchange;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Vert.x's write queues replaced by linked ones still carry every write in order, also while the stream or connection
 * cannot take more (a 2 MiB answer in 1 KiB writes, past HTTP/2's 64 KiB window and the socket's buffer), over
 * HTTP/2 and HTTP/1.1; and this Vert.x has the fields the class needs (else it slims nothing: look at the new version).
 */
@Tag("integration")
class SlimWriteQueuesTest {

    private static final int WRITES = 2048;

    private final Vertx vertx = Vertx.vertx();
    private final List<Boolean> slimmed = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        server = vertx.createHttpServer()
                .connectionHandler(connection -> slimmed.add(SlimWriteQueues.slimConnection(connection)))
                .requestHandler(request -> {
                    HttpServerResponse response = request.response();
                    if (request.version() == HttpVersion.HTTP_2) {
                        slimmed.add(SlimWriteQueues.slimStream(response));
                    } else {
                        response.setChunked(true);
                    }
                    for (int i = 0; i < WRITES; i++) {
                        response.write(chunk(i));
                    }
                    response.end();
                })
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void thisVertxHasTheQueues() {
        assertThat(SlimWriteQueues.available()).isTrue();
    }

    @Test
    void anHttp2StreamCarriesEveryWriteInOrder() throws Exception {
        HttpClient client = vertx.createHttpClient(
                new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        LoopExchange.Answer answer = LoopExchange.send(client, HttpMethod.GET, server.actualPort(), "127.0.0.1", "/")
                .await(30, TimeUnit.SECONDS);

        assertThat(answer.version()).isEqualTo(HttpVersion.HTTP_2);
        assertThat(answer.body()).isEqualTo(expected());
        // the HTTP/2 connection's own queue is not Vert.x's connection queue: only the stream's was replaced
        assertThat(slimmed).containsExactly(false, true);
    }

    @Test
    void anHttp1ConnectionCarriesEveryWriteInOrder() throws Exception {
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_1_1));
        for (int i = 0; i < 2; i++) {
            LoopExchange.Answer answer = LoopExchange.send(
                            client, HttpMethod.GET, server.actualPort(), "127.0.0.1", "/")
                    .await(30, TimeUnit.SECONDS);
            assertThat(answer.body()).isEqualTo(expected());
        }
        // one connection, kept alive for the second request
        assertThat(slimmed).containsExactly(true);
    }

    private static Buffer chunk(int i) {
        Buffer chunk = Buffer.buffer(1024);
        for (int j = 0; j < 1024; j++) {
            chunk.appendByte((byte) ('a' + (i + j) % 26));
        }
        return chunk;
    }

    private static Buffer expected() {
        Buffer all = Buffer.buffer(WRITES * 1024);
        for (int i = 0; i < WRITES; i++) {
            all.appendBuffer(chunk(i));
        }
        return all;
    }
}
