package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.Kubeconfig;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A real audit webhook: HTTPS on loopback with its own CA, keeping every EventList POSTed with a bearer token. Tests
 * may slow its answers down ({@link #delayMs}) or make it fail ({@link #failing}: 500 without keeping the events).
 */
final class WebhookReceiver implements AutoCloseable {

    static final String TOKEN = "audit-webhook-token";

    private final HttpServer server;
    private final CertificateAuthority ca;
    final List<JsonNode> eventLists = new CopyOnWriteArrayList<>();
    final List<String> refused = new CopyOnWriteArrayList<>();
    volatile long delayMs;
    volatile boolean failing;

    WebhookReceiver(Vertx vertx) throws Exception {
        ca = CertificateAuthority.generate("audit-webhook-ca", Duration.ofDays(1));
        IssuedCertificate serving =
                ca.issueServing("audit-webhook", List.of("localhost"), List.of("127.0.0.1"), Duration.ofDays(1));
        server = vertx.createHttpServer(new HttpServerOptions()
                .setSsl(true)
                .setHost("127.0.0.1")
                .setPort(0)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .addCertValue(Buffer.buffer(serving.certificateChainPem()))
                        .addKeyValue(Buffer.buffer(serving.privateKeyPem()))));
        server.requestHandler(req -> req.body().onSuccess(body -> {
            if (!("Bearer " + TOKEN).equals(req.getHeader("Authorization"))
                    || !"/audit".equals(req.path())
                    || !"POST".equals(req.method().name())) {
                refused.add(req.method() + " " + req.path() + " " + req.getHeader("Authorization"));
                req.response().setStatusCode(401).end();
                return;
            }
            if (failing) {
                req.response().setStatusCode(500).end("receiver down");
                return;
            }
            Runnable answer = () -> {
                eventLists.add(Json.readTree(body.getBytes()));
                req.response()
                        .setStatusCode(200)
                        .putHeader("Content-Type", "application/json")
                        .end("{}");
            };
            if (delayMs > 0) {
                vertx.setTimer(delayMs, id -> answer.run());
            } else {
                answer.run();
            }
        }));
        server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** A kubeconfig naming this receiver, trusting its CA and sending its token. */
    Path kubeconfig(Path dir) throws Exception {
        Path file = dir.resolve("audit-webhook.kubeconfig");
        Kubeconfig.forToken(
                        "audit-webhook",
                        "https://127.0.0.1:" + server.actualPort() + "/audit",
                        ca.certificatePem(),
                        TOKEN)
                .write(file);
        return file;
    }

    List<JsonNode> events() {
        List<JsonNode> out = new ArrayList<>();
        eventLists.forEach(list -> list.path("items").forEach(out::add));
        return out;
    }

    /** Waits up to 10 s; join, unlike get, declares no InterruptedException, which a close() should not throw. */
    @Override
    public void close() {
        server.close()
                .toCompletionStage()
                .toCompletableFuture()
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }
}
