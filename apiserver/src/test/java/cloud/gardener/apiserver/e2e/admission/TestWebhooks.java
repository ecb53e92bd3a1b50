package cloud.gardener.apiserver.e2e.admission;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTPS admission webhook server for e2e tests, and the static manifests and admission configuration that
 * make the server under test call it. Each request is answered by {@link Decision} with an allowed review the
 * decision may change (deny, patch, warn).
 */
final class TestWebhooks implements AutoCloseable {

    /** Fills in the response to a review received on a path. */
    @FunctionalInterface
    interface Decision {
        void decide(String path, JsonNode request, ObjectNode response);
    }

    private final Vertx vertx = Vertx.vertx();
    private final CertificateAuthority ca = CertificateAuthority.generate("webhooks", Duration.ofDays(1));
    private final String base;

    private TestWebhooks(Decision decision) {
        IssuedCertificate serving = ca.issueServing("webhooks", List.of(), List.of("127.0.0.1"), Duration.ofDays(1));
        try {
            int port = vertx.createHttpServer(new HttpServerOptions()
                            .setSsl(true)
                            .setKeyCertOptions(new PemKeyCertOptions()
                                    .addCertValue(Buffer.buffer(serving.certificateChainPem()))
                                    .addKeyValue(Buffer.buffer(serving.privateKeyPem()))))
                    .requestHandler(req -> req.body().onSuccess(body -> {
                        JsonNode request = Json.readTree(body.getBytes()).path("request");
                        ObjectNode review = Json.MAPPER
                                .createObjectNode()
                                .put("apiVersion", "admission.k8s.io/v1")
                                .put("kind", "AdmissionReview");
                        ObjectNode response = review.putObject("response")
                                .put("uid", request.path("uid").asText())
                                .put("allowed", true);
                        decision.decide(req.path(), request, response);
                        req.response()
                                .putHeader("Content-Type", "application/json")
                                .end(Json.toJson(review));
                    }))
                    .listen(0, "127.0.0.1")
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS)
                    .actualPort();
            this.base = "https://127.0.0.1:" + port;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static TestWebhooks start(Decision decision) {
        return new TestWebhooks(decision);
    }

    /** The {@code clientConfig} of a webhook served on the path. */
    String clientConfig(String path) {
        return "{url: \"" + base + path + "\", caBundle: "
                + Base64.getEncoder().encodeToString(ca.certificatePem().getBytes(StandardCharsets.UTF_8)) + "}";
    }

    /**
     * Writes the manifests into a fresh directory and answers the admission configuration that loads them for
     * both webhook plugins.
     */
    static JsonNode settings(String manifests) {
        return staticManifests("WebhookAdmissionConfiguration", manifests);
    }

    /** A plugin configuration of the given kind whose {@code staticManifestsDir} holds the manifests. */
    static JsonNode staticManifests(String kind, String manifests) {
        try {
            Path dir = Files.createTempDirectory("admission-manifests");
            Path file = Files.writeString(dir.resolve("manifests.yaml"), manifests);
            dir.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
            return Json.MAPPER
                    .createObjectNode()
                    .put("apiVersion", "apiserver.config.k8s.io/v1")
                    .put("kind", kind)
                    .put("staticManifestsDir", dir.toString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Denies with a code and message. */
    static void deny(ObjectNode response, int code, String message) {
        response.put("allowed", false).putObject("status").put("code", code).put("message", message);
    }

    @Override
    public void close() {
        vertx.close();
    }
}
