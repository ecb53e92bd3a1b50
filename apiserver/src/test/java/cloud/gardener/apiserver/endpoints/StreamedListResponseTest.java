package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A list answer whose items come in chunks ({@link MoreItems}, a list read from storage a chunk at a time): the next
 * chunk is asked for only when the last one is written and the connection takes more, so a client that does not read
 * holds the server to the chunks that fit its buffers; a failure before the first byte is a Status, after it the
 * connection is cut (the client sees an error, never a whole list).
 */
@Tag("integration")
class StreamedListResponseTest {

    private static final int CHUNKS = 20;
    private static final int PER_CHUNK = 50;
    private static final String VALUE = "v".repeat(8 * 1024);

    private final Vertx vertx = Vertx.vertx();
    private HttpServer server;
    private HttpClient client;
    /** What the next request's answer is made of. */
    private final AtomicReference<Answer> answer = new AtomicReference<>();

    /** The items of each chunk, and the chunk (by number) whose read fails, or -1. */
    private record Answer(List<List<String>> chunks, int failing, List<String> fetches) {}

    @BeforeEach
    void start() throws Exception {
        Router router = Router.router(vertx);
        router.route().handler(ctx -> {
            Answer a = answer.get();
            HttpServerResponse resp = ctx.response();
            AtomicInteger next = new AtomicInteger(1);
            MoreItems<String> more = () -> {
                int n = next.getAndIncrement();
                a.fetches().add("chunk " + n + (resp.writeQueueFull() ? " queue full" : ""));
                if (n == a.failing()) {
                    return Future.failedFuture(new IllegalStateException("the store failed"));
                }
                return Future.succeededFuture(n < a.chunks().size() ? a.chunks().get(n) : List.of());
            };
            StreamedBody body = new ListEncoder<>(
                            Json.MAPPER, false, head(), a.chunks().get(0), JsonNodeFactory.instance::textNode)
                    .withMoreItems(more);
            var unused = StreamedListResponse.write(ctx, "application/json", body, 0);
        });
        server = vertx.createHttpServer(new HttpServerOptions().setSendBufferSize(16 * 1024))
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .await(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient(new HttpClientOptions()
                .setReceiveBufferSize(16 * 1024)
                .setDefaultHost("127.0.0.1")
                .setDefaultPort(server.actualPort()));
    }

    @AfterEach
    void stop() throws Exception {
        client.close().await(10, TimeUnit.SECONDS);
        server.close().await(10, TimeUnit.SECONDS);
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    private static ObjectNode head() {
        return ListBodies.head("42", null, 0);
    }

    private static List<List<String>> chunks(int count, int perChunk) {
        List<List<String>> chunks = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            List<String> chunk = new ArrayList<>();
            for (int i = 0; i < perChunk; i++) {
                chunk.add(c + "-" + i + "-" + VALUE);
            }
            chunks.add(chunk);
        }
        return chunks;
    }

    private static String whole(List<List<String>> chunks) {
        ObjectNode list = head();
        ArrayNode items = (ArrayNode) list.get("items");
        chunks.forEach(chunk -> chunk.forEach(items::add));
        return new String(Json.toBytes((JsonNode) list), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The response as the client took it: status, body so far, and how it ended. */
    private static final class Taken {
        final CompletableFuture<HttpClientResponse> head = new CompletableFuture<>();
        final CompletableFuture<String> ended = new CompletableFuture<>();
        final Buffer body = Buffer.buffer();
    }

    private Taken get(boolean paused) {
        Taken taken = new Taken();
        // the handlers are set on the loop, as the response arrives: set from this thread, they may come after the
        // first chunks, which the client drops while no handler is there (see LoopExchange)
        client.request(HttpMethod.GET, "/list")
                .compose(req -> req.send().onSuccess(resp -> {
                    if (paused) {
                        resp.pause();
                    }
                    resp.handler(taken.body::appendBuffer);
                    resp.endHandler(v -> taken.ended.complete("ended"));
                    resp.exceptionHandler(taken.ended::completeExceptionally);
                    taken.head.complete(resp);
                }))
                .onFailure(taken.head::completeExceptionally);
        return taken;
    }

    @Test
    void theNextChunkIsReadOnlyWhenTheConnectionTakesMore() throws Exception {
        List<List<String>> chunks = chunks(CHUNKS, PER_CHUNK);
        List<String> fetches = new CopyOnWriteArrayList<>();
        answer.set(new Answer(chunks, -1, fetches));
        Taken taken = get(true);
        HttpClientResponse resp = taken.head.get(10, TimeUnit.SECONDS);
        Thread.sleep(1000);
        int whilePaused = fetches.size();
        // a client that does not read: what fits in the connection's buffers, a few chunks of 400 KiB, no more
        assertThat(whilePaused).isLessThan(CHUNKS / 2);
        assertThat(taken.ended).isNotDone();
        resp.resume();
        assertThat(taken.ended.get(20, TimeUnit.SECONDS)).isEqualTo("ended");
        assertThat(resp.statusCode()).isEqualTo(200);
        assertThat(taken.body.toString()).isEqualTo(whole(chunks));
        // every chunk and the end asked for once, never while the write queue was full
        assertThat(fetches).hasSize(CHUNKS).allSatisfy(f -> assertThat(f).doesNotContain("queue full"));
    }

    @Test
    void aStoreFailureAfterTheFirstByteCutsTheConnection() throws Exception {
        List<String> fetches = new CopyOnWriteArrayList<>();
        answer.set(new Answer(chunks(CHUNKS, PER_CHUNK), 3, fetches));
        Taken taken = get(false);
        HttpClientResponse resp = taken.head.get(10, TimeUnit.SECONDS);
        assertThat(resp.statusCode()).isEqualTo(200);
        assertThat(taken.ended)
                .failsWithin(20, TimeUnit.SECONDS)
                .withThrowableThat()
                .withMessageContaining("closed");
        assertThat(fetches).hasSize(3);
        assertThat(taken.body.toString())
                .doesNotContain("\"status\":\"Failure\"")
                .doesNotContain("HTTP/1.1");
        assertThat(taken.body.length())
                .isLessThan(whole(chunks(CHUNKS, PER_CHUNK)).length());
    }

    @Test
    void aStoreFailureBeforeTheFirstByteIsAStatus() throws Exception {
        // a first chunk below the compression threshold: its answer waits for the next chunk, which fails
        List<List<String>> chunks = List.of(List.of("small"), List.of("never"));
        answer.set(new Answer(chunks, 1, new CopyOnWriteArrayList<>()));
        Taken taken = get(false);
        HttpClientResponse resp = taken.head.get(10, TimeUnit.SECONDS);
        assertThat(taken.ended.get(10, TimeUnit.SECONDS)).isEqualTo("ended");
        assertThat(resp.statusCode()).isEqualTo(500);
        assertThat(taken.body.toString()).contains("\"kind\":\"Status\"");
    }
}
