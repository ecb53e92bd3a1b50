package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.server.ServerConfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook in the real server, with webhooks configured as static
 * manifests (the plugins' {@code WebhookAdmissionConfiguration} in the admission configuration) and served by a
 * real HTTPS webhook: Shoots labelled {@code guarded} are refused with the webhook's message, over HTTP and
 * through kubectl; every Shoot gets the mutating webhook's annotation.
 */
class WebhookAdmissionE2ETest {

    private static final Vertx WEBHOOKS = Vertx.vertx();
    private static final Path MANIFESTS = manifests(startWebhookServer());

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> {
        JsonNode settings = Json.MAPPER.createObjectNode().put("apiVersion", "apiserver.config.k8s.io/v1")
                .put("kind", "WebhookAdmissionConfiguration").put("staticManifestsDir", MANIFESTS.toString());
        ServerConfig withoutChecks = Fixtures.withoutShootGardenChecks(config);
        return withoutChecks.withAdmission(withoutChecks.enabledAdmissionPlugins(),
                withoutChecks.disabledAdmissionPlugins(),
                Map.of("ValidatingAdmissionWebhook", settings, "MutatingAdmissionWebhook", settings));
    });

    private static TestClient admin;
    private static String namespace;

    @BeforeAll
    static void project() {
        admin = SERVER.admin();
        namespace = createProjectNamespace(admin, "hooked");
    }

    @AfterAll
    static void stop() {
        WEBHOOKS.close();
    }

    /** A webhook server: /validate refuses, /mutate adds an annotation. Returns its base URL and CA. */
    private static String[] startWebhookServer() {
        CertificateAuthority ca = CertificateAuthority.generate("webhooks", Duration.ofDays(1));
        IssuedCertificate serving = ca.issueServing("webhooks", List.of(), List.of("127.0.0.1"), Duration.ofDays(1));
        try {
            int port = WEBHOOKS.createHttpServer(new HttpServerOptions().setSsl(true).setKeyCertOptions(
                            new PemKeyCertOptions().addCertValue(Buffer.buffer(serving.certificateChainPem()))
                                    .addKeyValue(Buffer.buffer(serving.privateKeyPem()))))
                    .requestHandler(req -> req.body().onSuccess(body -> {
                        JsonNode review = Json.readTree(body.getBytes());
                        ObjectNode answer = Json.MAPPER.createObjectNode().put("apiVersion", "admission.k8s.io/v1")
                                .put("kind", "AdmissionReview");
                        ObjectNode response = answer.putObject("response")
                                .put("uid", review.path("request").path("uid").asText()).put("allowed", true);
                        if (req.path().equals("/validate")) {
                            response.put("allowed", false).putObject("status").put("code", 403)
                                    .put("message", "guarded shoots are not created here");
                        } else {
                            String user = review.path("request").path("userInfo").path("username").asText();
                            boolean annotated = review.path("request").path("object").path("metadata").has("annotations");
                            String patch = annotated
                                    ? "[{\"op\":\"add\",\"path\":\"/metadata/annotations/webhook.example.com~1seen\","
                                            + "\"value\":\"" + user + "\"}]"
                                    : "[{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":"
                                            + "{\"webhook.example.com/seen\":\"" + user + "\"}}]";
                            response.putArray("warnings").add("stamped by the webhook");
                            response.put("patchType", "JSONPatch").put("patch",
                                    Base64.getEncoder().encodeToString(patch.getBytes(StandardCharsets.UTF_8)));
                        }
                        req.response().putHeader("Content-Type", "application/json").end(Json.toJson(answer));
                    }))
                    .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS)
                    .actualPort();
            return new String[] {"https://127.0.0.1:" + port, ca.certificatePem()};
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path manifests(String[] server) {
        String caBundle = Base64.getEncoder().encodeToString(server[1].getBytes(StandardCharsets.UTF_8));
        String yaml = """
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingWebhookConfiguration
                metadata: {name: guard}
                webhooks:
                - name: guard.example.com
                  clientConfig: {url: "%1$s/validate", caBundle: %2$s}
                  rules: [{operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: ["*"], resources: [shoots]}]
                  objectSelector: {matchLabels: {guarded: "true"}}
                  sideEffects: None
                  admissionReviewVersions: [v1]
                ---
                apiVersion: admissionregistration.k8s.io/v1
                kind: MutatingWebhookConfiguration
                metadata: {name: stamp}
                webhooks:
                - name: stamp.example.com
                  clientConfig: {url: "%1$s/mutate", caBundle: %2$s}
                  rules: [{operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: ["*"], resources: [shoots]}]
                  sideEffects: None
                  admissionReviewVersions: [v1]
                """.formatted(server[0], caBundle);
        try {
            Path dir = Files.createTempDirectory("webhook-manifests");
            Files.writeString(dir.resolve("webhooks.yaml"), yaml);
            dir.toFile().deleteOnExit();
            dir.resolve("webhooks.yaml").toFile().deleteOnExit();
            return dir;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aMutatingWebhooksPatchIsStored() {
        TestClient.Response created = admin.post(shoots(namespace), shootObject("plain"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").path("annotations").path("webhook.example.com/seen").asText())
                .isEqualTo("admin");
        assertThat(created.headers().allValues("Warning")).containsExactly("299 - \"stamped by the webhook\"");
    }

    @Test
    void aValidatingWebhookRefusesWithItsMessage() {
        JsonNode status = assertStatus(admin.post(shoots(namespace), shootObject("guarded-http", "guarded", "true")),
                403, "");
        assertThat(status.path("message").asText())
                .isEqualTo("admission webhook \"guard.example.com\" denied the request: guarded shoots are not created here");
        assertThat(admin.get(shoots(namespace) + "/guarded-http").status()).isEqualTo(404);
    }

    @Test
    void kubectlShowsTheWebhooksDenial() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        Kubectl.Result result = kubectl.runWithInput(Json.YAML.writeValueAsString(
                shootObject("guarded-kubectl", "guarded", "true")), "create", "-n", namespace, "-f", "-");
        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stderr()).contains("admission webhook \"guard.example.com\" denied the request: "
                + "guarded shoots are not created here");
    }
}
