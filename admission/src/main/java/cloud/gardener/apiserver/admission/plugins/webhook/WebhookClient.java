package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.PemTrustOptions;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * POSTs AdmissionReviews to webhooks over HTTPS, one pooled HTTP client per trust bundle, with the webhook's
 * timeout bounding the whole exchange and announced as the {@code timeout} query parameter, as kube-apiserver's
 * webhook client does.
 */
final class WebhookClient implements AutoCloseable {

    static final int SERVICE_UNAVAILABLE = 503;

    private final Vertx given;
    /** By trust bundle ("" for the system roots); each built on a worker, see {@link #client}. */
    private final Map<String, Future<HttpClient>> clients = new ConcurrentHashMap<>();

    /** @param vertx the server's Vert.x, or null to use the one of the calling context */
    WebhookClient(Vertx vertx) {
        this.given = vertx;
    }

    /** The webhook's answer; a failure says why in the words of client-go's errors where it can. */
    Future<JsonNode> post(Webhook hook, ObjectNode review) {
        String url = hook.url() + (hook.url().contains("?") ? "&" : "?") + "timeout=" + hook.timeoutSeconds() + "s";
        long timeoutMs = TimeUnit.SECONDS.toMillis(hook.timeoutSeconds());
        Future<HttpClient> http =
                clients.computeIfAbsent(hook.caBundlePem() == null ? "" : hook.caBundlePem(), this::client);
        RequestOptions request = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(url)
                .setConnectTimeout(timeoutMs)
                .setIdleTimeout(timeoutMs)
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", "application/json");
        return http.compose(client -> client.request(request))
                .compose(req -> {
                    // the answer's handlers are in place before the review is sent, so no byte of the answer can
                    // arrive before its body is asked for (a 200 read as empty was seen once in CI)
                    Future<JsonNode> answer =
                            req.response().compose(resp -> resp.body().map(body -> answer(resp.statusCode(), body)));
                    return req.end(Buffer.buffer(Json.toBytes(review)))
                            .transform(sent -> sent.failed() ? Future.failedFuture(sent.cause()) : answer);
                })
                .timeout(timeoutMs, TimeUnit.MILLISECONDS)
                .recover(error -> Future.failedFuture(
                        error instanceof WebhookCallException
                                ? error
                                : new WebhookCallException(
                                        SERVICE_UNAVAILABLE, "Post \"" + url + "\": " + describe(error))));
    }

    private static JsonNode answer(int status, Buffer body) {
        if (status / 100 != 2) {
            throw new WebhookCallException(
                    status,
                    "an error on the server (\"" + body.toString().strip()
                            + "\") has prevented the request from succeeding");
        }
        try {
            return Json.readTree(body.getBytes());
        } catch (RuntimeException e) {
            throw new WebhookCallException(
                    SERVICE_UNAVAILABLE,
                    "the server responded with something that is not an AdmissionReview: " + e.getMessage());
        }
    }

    private static String describe(Throwable error) {
        if (error instanceof java.util.concurrent.TimeoutException) {
            return "context deadline exceeded";
        }
        return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    }

    /**
     * The client for one trust bundle, built on a worker thread: Vert.x builds a client's TLS context lazily on the
     * event loop of its first connection, and the first one of the process also initializes the JDK's and Netty's
     * TLS classes and reads the trust (seconds on a loaded machine, seen holding an event loop for 2.6 s). So that
     * work is done here first, off the event loop, and what is left for the connection is cached or cheap.
     */
    private Future<HttpClient> client(String caBundlePem) {
        Vertx vertx =
                given != null ? given : io.vertx.core.Vertx.currentContext().owner();
        return vertx.executeBlocking(
                () -> {
                    HttpClientOptions options = new HttpClientOptions()
                            .setSsl(true)
                            .setVerifyHost(true)
                            .setKeepAlive(true)
                            // the handshake's key exchange and verification of the webhook's chain on a worker too
                            .setSslEngineOptions(new JdkSSLEngineOptions().setUseWorkerThread(true));
                    if (!caBundlePem.isEmpty()) {
                        options.setTrustOptions(new PemTrustOptions().addCertValue(Buffer.buffer(caBundlePem)));
                    }
                    TlsClientWarmUp.trusting(caBundlePem);
                    return vertx.createHttpClient(options);
                },
                false);
    }

    @Override
    public void close() {
        clients.values().forEach(client -> client.onSuccess(HttpClient::close));
    }

    /**
     * The webhook could not be called or did not answer with a review. {@code code} is what client-go's error
     * carries: the answer's status for a non-2xx answer, else 503 ({@code NewServiceUnavailable("error calling
     * webhook")}).
     */
    static final class WebhookCallException extends RuntimeException {
        private final int code;

        WebhookCallException(int code, String message) {
            super(message);
            this.code = code;
        }

        int code() {
            return code;
        }
    }
}
