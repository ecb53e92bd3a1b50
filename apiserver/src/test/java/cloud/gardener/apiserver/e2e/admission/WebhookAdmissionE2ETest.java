package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook in the real server, with webhooks configured as static
 * manifests (the plugins' {@code WebhookAdmissionConfiguration} in the admission configuration) and served by a
 * real HTTPS webhook: Shoots labelled {@code guarded} are refused with the webhook's message, over HTTP and
 * through kubectl; every Shoot gets the mutating webhook's annotation.
 */
@Tag("integration")
class WebhookAdmissionE2ETest {

    private static final TestWebhooks WEBHOOKS = TestWebhooks.start((path, request, response) -> {
        if (path.equals("/validate")) {
            TestWebhooks.deny(response, 403, "guarded shoots are not created here");
            return;
        }
        String user = request.path("userInfo").path("username").asText();
        boolean annotated = request.path("object").path("metadata").has("annotations");
        String patch = annotated
                ? "[{\"op\":\"add\",\"path\":\"/metadata/annotations/webhook.example.com~1seen\",\"value\":\"" + user
                        + "\"}]"
                : "[{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":{\"webhook.example.com/seen\":\""
                        + user + "\"}}]";
        response.putArray("warnings").add("stamped by the webhook");
        response.put("patchType", "JSONPatch")
                .put("patch", Base64.getEncoder().encodeToString(patch.getBytes(StandardCharsets.UTF_8)));
    });

    private static final JsonNode SETTINGS =
            TestWebhooks.settings("""
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingWebhookConfiguration
            metadata: {name: guard}
            webhooks:
            - name: guard.example.com
              clientConfig: %s
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
              clientConfig: %s
              rules: [{operations: [CREATE], apiGroups: [core.gardener.cloud], apiVersions: ["*"], resources: [shoots]}]
              sideEffects: None
              admissionReviewVersions: [v1]
            """.formatted(WEBHOOKS.clientConfig("/validate"), WEBHOOKS.clientConfig("/mutate")));

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> Fixtures.withoutShootGardenChecks(config)
            .admissionConfigurations(
                    Map.of("ValidatingAdmissionWebhook", SETTINGS, "MutatingAdmissionWebhook", SETTINGS)));

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

    @Test
    void aMutatingWebhooksPatchIsStored() {
        TestClient.Response created = admin.post(shoots(namespace), shootObject("plain"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json()
                        .path("metadata")
                        .path("annotations")
                        .path("webhook.example.com/seen")
                        .asText())
                .isEqualTo("admin");
        assertThat(created.headers().allValues("Warning")).containsExactly("299 - \"stamped by the webhook\"");
    }

    @Test
    void aValidatingWebhookRefusesWithItsMessage() {
        JsonNode status =
                assertStatus(admin.post(shoots(namespace), shootObject("guarded-http", "guarded", "true")), 403, "");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "admission webhook \"guard.example.com\" denied the request: guarded shoots are not created here");
        assertThat(admin.get(shoots(namespace) + "/guarded-http").status()).isEqualTo(404);
    }

    @Test
    void kubectlShowsTheWebhooksDenial() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        Kubectl.Result result = kubectl.runWithInput(
                Json.YAML.writeValueAsString(shootObject("guarded-kubectl", "guarded", "true")),
                "create",
                "-n",
                namespace,
                "-f",
                "-");
        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stderr())
                .contains("admission webhook \"guard.example.com\" denied the request: "
                        + "guarded shoots are not created here");
    }
}
