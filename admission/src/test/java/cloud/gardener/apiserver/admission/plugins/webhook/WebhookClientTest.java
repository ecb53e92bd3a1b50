package cloud.gardener.apiserver.admission.plugins.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The first call of a webhook builds a TLS client for its CA bundle; that work (the JDK's and Netty's TLS set-up,
 * reading the trust) must not run on the event loop that calls: seen holding one for 2.6 s on a loaded machine.
 */
class WebhookClientTest {

    /**
     * The event loop's own CPU time for the whole first call. Measured in CPU time, not wall time, so that a loaded
     * machine (a descheduled thread) does not count. Measured on the loaded 2-core machine (load average 23): with
     * the TLS set-up on the loop 174-182 ms, without it 59-62 ms (the connection's first handshake and handlers).
     */
    private static final Duration MAX_EVENT_LOOP_CPU = Duration.ofMillis(120);

    private static final CertificateAuthority CA = CertificateAuthority.generate("webhook-ca", Duration.ofDays(1));

    private static Vertx serverVertx;
    private static HttpServer server;
    private static HttpServer plain;

    @BeforeAll
    static void webhookServer() throws Exception {
        // its own Vert.x, so the server's TLS set-up happens on other threads than the client's
        serverVertx = Vertx.vertx();
        IssuedCertificate serving =
                CA.issueServing("webhook", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        server = serverVertx
                .createHttpServer(new HttpServerOptions()
                        .setSsl(true)
                        .setKeyCertOptions(new PemKeyCertOptions()
                                .addCertValue(Buffer.buffer(serving.certificateChainPem()))
                                .addKeyValue(Buffer.buffer(serving.privateKeyPem()))))
                .requestHandler(req -> req.body()
                        .onSuccess(body -> req.response()
                                .putHeader("Content-Type", "application/json")
                                .end("{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
                                        + "\"response\":{\"uid\":\"1\",\"allowed\":true}}")))
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        plain = serverVertx
                .createHttpServer()
                .requestHandler(req -> req.response().end("{}"))
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (serverVertx != null) {
            serverVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theFirstCallBuildsItsTlsClientOffTheEventLoop() throws Exception {
        Vertx vertx = Vertx.vertx();
        try (WebhookClient client = new WebhookClient(vertx)) {
            // a plain HTTP exchange first loads the HTTP client's classes, which any first request loads on its loop;
            // what is left for the webhook's first call is its TLS client. The warming client is held until its
            // answer is in: Vert.x closes an HTTP client nothing references any more ("Pool closed" once in a full run)
            io.vertx.core.http.HttpClient warming = vertx.createHttpClient();
            warming.request(io.vertx.core.http.HttpMethod.POST, plain.actualPort(), "127.0.0.1", "/warm")
                    .compose(req -> req.send("{}"))
                    .compose(io.vertx.core.http.HttpClientResponse::body)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(60, TimeUnit.SECONDS);
            warming.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            Webhook hook = hook(CA.certificatePem());
            // the review and its encoding made once before: what is measured is the call
            ObjectNode review = Json.MAPPER.createObjectNode().put("kind", "AdmissionReview");
            Json.readTree(Json.toBytes(review));
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            CompletableFuture<Long> loopThread = new CompletableFuture<>();
            CompletableFuture<JsonNode> answer = new CompletableFuture<>();
            long[] cpuBefore = new long[1];
            vertx.runOnContext(v -> {
                long id = Thread.currentThread().getId();
                loopThread.complete(id);
                cpuBefore[0] = threads.getThreadCpuTime(id);
                client.post(hook, review).onComplete(done -> {
                    if (done.succeeded()) {
                        answer.complete(done.result());
                    } else {
                        answer.completeExceptionally(done.cause());
                    }
                });
            });
            JsonNode answered = answer.get(60, TimeUnit.SECONDS);
            // the answer is completed on the loop: its CPU time now covers the whole call
            long used = threads.getThreadCpuTime(loopThread.get()) - cpuBefore[0];
            System.out.printf("first webhook call: %d ms of event-loop CPU%n", TimeUnit.NANOSECONDS.toMillis(used));
            assertThat(answered.path("response").path("allowed").asBoolean()).isTrue();
            assertThat(Duration.ofNanos(used)).isLessThan(MAX_EVENT_LOOP_CPU);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static Webhook hook(String caBundlePem) {
        return new Webhook(
                "config",
                "first.example.com",
                "https://127.0.0.1:" + server.actualPort() + "/validate",
                caBundlePem,
                List.of(),
                false,
                null,
                null,
                "None",
                10,
                List.of("v1"),
                false,
                List.of());
    }
}
