package cloud.gardener.apiserver.delegation;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.Kubeconfig;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Test double of kube-apiserver over plain HTTP: per path, a function from the request body to an answer;
 * it records every request body so tests can count calls and inspect the wire format.
 */
public final class FakeKubeApi implements AutoCloseable {

    /** An answer: HTTP status and JSON body ({@code null}: no body at all). */
    public record Answer(int status, Object body) {}

    private final Vertx vertx = Vertx.vertx();
    private final Map<String, Function<JsonNode, Answer>> routes = new ConcurrentHashMap<>();
    private final Map<String, List<JsonNode>> received = new ConcurrentHashMap<>();
    private final HttpServer server;
    private volatile String lastAuthorization;

    public FakeKubeApi() throws Exception {
        server = vertx.createHttpServer()
                .requestHandler(req -> req.body().onSuccess(body -> {
                    lastAuthorization = req.getHeader("Authorization");
                    JsonNode json = body.length() == 0 ? Json.MAPPER.nullNode() : Json.readTree(body.getBytes());
                    received.computeIfAbsent(req.path(), p -> new CopyOnWriteArrayList<>())
                            .add(json);
                    Function<JsonNode, Answer> route = routes.get(req.path());
                    Answer answer = route == null
                            ? new Answer(404, Map.of("kind", "Status", "message", "not found"))
                            : route.apply(json);
                    req.response()
                            .setStatusCode(answer.status())
                            .putHeader("Content-Type", "application/json")
                            .end(
                                    answer.body() == null
                                            ? io.vertx.core.buffer.Buffer.buffer()
                                            : io.vertx.core.buffer.Buffer.buffer(Json.toBytes(answer.body())));
                }))
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    public FakeKubeApi on(String path, Function<JsonNode, Answer> route) {
        routes.put(path, route);
        return this;
    }

    public List<JsonNode> received(String path) {
        return received.getOrDefault(path, List.of());
    }

    /** The Authorization header of the latest request. */
    public String lastAuthorization() {
        return lastAuthorization;
    }

    public int calls(String path) {
        return received(path).size();
    }

    /**
     * A client against this double with a fast backoff. Its attempts time out only after the tests' own waits (10 s):
     * with 2 s, a machine starved of CPU (event loops stalled for 4 s) timed attempts out and retried them, and the
     * calls a test counted depended on the scheduler instead of on the answers it gave.
     */
    public KubeApiClient client(Vertx clientVertx) {
        return new KubeApiClient(
                clientVertx,
                Kubeconfig.forToken("fake", "http://127.0.0.1:" + server.actualPort(), null, "secret-token"),
                Duration.ofSeconds(30),
                new RetryBackoff(Duration.ofMillis(5), 1.5, 0.2, 3));
    }

    @Override
    public void close() throws ExecutionException, TimeoutException {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            // a try-with-resources close must not throw InterruptedException: keep the flag for the caller
            Thread.currentThread().interrupt();
        }
    }
}
