package cloud.gardener.apiserver.delegation;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.Kubeconfig;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.parsetools.RecordParser;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The calls this server makes to kube-apiserver (TokenReview, SubjectAccessReview, reads and watches of core objects)
 * over Vert.x's HTTP client, connected and authenticated as the kubeconfig says ({@link KubeconfigTransport}). Every call has a timeout and is retried per {@link RetryBackoff} when no answer came or
 * the answer was 429 or 5xx; waits use timers, never a blocked thread.
 */
public final class KubeApiClient implements AutoCloseable {

    /** The timeout of one attempt, as k8s.io/apiserver's webhook clients. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private final Vertx vertx;
    private final HttpClient http;
    private final KubeconfigTransport transport;
    private final URI server;
    private final Duration timeout;
    private final RetryBackoff backoff;

    /**
     * @throws IllegalArgumentException when the kubeconfig's fields cannot make a client (see
     *                                  {@link KubeconfigTransport})
     */
    public KubeApiClient(Vertx vertx, Kubeconfig kubeconfig, Duration timeout, RetryBackoff backoff) {
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.transport = new KubeconfigTransport(vertx, kubeconfig);
        this.server = transport.server();
        this.http = vertx.createHttpClient(transport.clientOptions(timeout));
    }

    /** With the default timeout and backoff. */
    public KubeApiClient(Vertx vertx, Kubeconfig kubeconfig) {
        this(vertx, kubeconfig, DEFAULT_TIMEOUT, RetryBackoff.DEFAULT);
    }

    /** The server URL calls go to. */
    public URI server() {
        return server;
    }

    /** POSTs {@code body} as JSON to {@code path} and returns the JSON answer (2xx only). */
    public Future<JsonNode> post(String path, Object body) {
        Buffer payload = Buffer.buffer(Json.toBytes(body));
        return withRetries(() -> send(HttpMethod.POST, path, payload), 1);
    }

    /** PUTs {@code body} as JSON to {@code path} (an update) and returns the JSON answer (2xx only). */
    public Future<JsonNode> put(String path, Object body) {
        Buffer payload = Buffer.buffer(Json.toBytes(body));
        return withRetries(() -> send(HttpMethod.PUT, path, payload), 1);
    }

    /** GETs {@code path} and returns the JSON answer (2xx only). */
    public Future<JsonNode> get(String path) {
        return withRetries(() -> send(HttpMethod.GET, path, null), 1);
    }

    /**
     * Opens a watch (a GET with {@code watch=1} in {@code path}) and hands every event to {@code onEvent}, one JSON
     * line of the stream each, on an event loop. Not retried: the future completes when the server ends the stream
     * and fails when the watch could not be opened or broke off; the caller decides how to go on.
     */
    public Future<Void> watch(String path, Consumer<JsonNode> onEvent) {
        return onContext(() -> openWatch(path, onEvent));
    }

    private Future<Void> openWatch(String path, Consumer<JsonNode> onEvent) {
        RequestOptions request = transport
                .request(HttpMethod.GET, path)
                .setConnectTimeout(timeout.toMillis())
                .putHeader("Accept", "application/json");
        return transport
                .open(http, request)
                .compose(HttpClientRequest::send)
                .compose(resp -> {
                    if (resp.statusCode() != 200) {
                        return resp.body()
                                .compose(bytes -> Future.failedFuture(new KubeApiException(
                                        resp.statusCode(), "GET " + server + path + ": " + resp.statusCode())));
                    }
                    Promise<Void> ended = Promise.promise();
                    resp.handler(RecordParser.newDelimited("\n", line -> {
                        if (line.length() > 0) {
                            onEvent.accept(Json.readTree(line.getBytes()));
                        }
                    }));
                    resp.exceptionHandler(ended::tryFail);
                    resp.endHandler(v -> ended.tryComplete());
                    return ended.future();
                })
                .recover(error -> Future.failedFuture(
                        error instanceof KubeApiException
                                ? error
                                : new KubeApiException("GET " + server + path + ": " + describe(error), error)));
    }

    @Override
    public void close() {
        http.close();
    }

    private Future<JsonNode> withRetries(java.util.function.Supplier<Future<JsonNode>> attempt, int number) {
        return attempt.get().recover(error -> {
            boolean retriable = !(error instanceof KubeApiException e) || e.retriable();
            if (!retriable || number >= backoff.steps()) {
                return Future.failedFuture(error);
            }
            Promise<JsonNode> next = Promise.promise();
            vertx.setTimer(
                    backoff.delayMillis(number),
                    id -> withRetries(attempt, number + 1).onComplete(next));
            return next.future();
        });
    }

    private Future<JsonNode> send(HttpMethod method, String path, Buffer body) {
        return onContext(() -> exchange(method, path, body));
    }

    /**
     * Runs an exchange on a Vert.x context: the caller's, or a new one for a caller outside Vert.x. A response is
     * handed to its callbacks on the request's context and its body read only from there: chained on another thread,
     * the callback that asks for the body can come after the body arrived, which is then lost (a 2xx with its
     * Content-Length and no bytes, read as an empty answer: SubjectAccessReviewAuthorizerTest saw it).
     */
    private <T> Future<T> onContext(java.util.function.Supplier<Future<T>> exchange) {
        Promise<T> result = Promise.promise();
        vertx.getOrCreateContext().runOnContext(v -> exchange.get().onComplete(result));
        return result.future();
    }

    private Future<JsonNode> exchange(HttpMethod method, String path, Buffer body) {
        RequestOptions request = transport
                .request(method, path)
                .setConnectTimeout(timeout.toMillis())
                .setIdleTimeout(timeout.toMillis())
                .putHeader("Accept", "application/json");
        if (body != null) {
            request.putHeader("Content-Type", "application/json");
        }
        return transport
                .open(http, request)
                .compose(req -> body == null ? req.send() : req.send(body))
                .compose(resp -> resp.body().map(bytes -> answer(method, path, resp.statusCode(), bytes)))
                // A hard bound on the whole attempt (connection, request and response): the connect and idle
                // timeouts do not cover every way an exchange can stall, and a caller must never wait forever.
                .timeout(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                .recover(error -> Future.failedFuture(
                        error instanceof KubeApiException
                                ? error
                                : new KubeApiException(method + " " + server + path + ": " + describe(error), error)));
    }

    private JsonNode answer(HttpMethod method, String path, int status, Buffer bytes) {
        if (status / 100 == 2 && bytes.length() == 0) {
            // client-go's Result.Into: "0-length response with status code"; an error, never an empty object (a
            // review without status would read as "no opinion")
            throw new KubeApiException(status, method + " " + server + path + ": " + status + " with an empty body");
        }
        JsonNode json;
        try {
            json = bytes.length() == 0 ? Json.MAPPER.createObjectNode() : Json.readTree(bytes.getBytes());
        } catch (RuntimeException e) {
            json = null;
        }
        if (status / 100 != 2) {
            String message = json != null && json.hasNonNull("message")
                    ? json.get("message").asText()
                    : bytes.toString().strip();
            throw new KubeApiException(status, method + " " + server + path + ": " + status + " " + message, message);
        }
        if (json == null) {
            throw new KubeApiException(status, method + " " + server + path + ": answer is not JSON");
        }
        return json;
    }

    private static String describe(Throwable error) {
        return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    }
}
