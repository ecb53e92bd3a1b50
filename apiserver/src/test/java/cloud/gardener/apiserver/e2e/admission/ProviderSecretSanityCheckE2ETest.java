package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ResourceReferenceManager's provider secret sanity check in the real server: binding credentials makes the server
 * dry-run-create a copy of the Secret labelled {@code provider.shoot.gardener.cloud/<type>=true}, which passes the
 * admission chain, webhooks included, so a provider's webhook on secrets can refuse credentials it cannot use.
 */
class ProviderSecretSanityCheckE2ETest {

    /** A provider webhook: AWS credentials need an access key. */
    private static final TestWebhooks WEBHOOKS = TestWebhooks.start((path, request, response) -> {
        JsonNode secret = request.path("object");
        if (!secret.path("data").has("accessKeyID")) {
            TestWebhooks.deny(response, 422, "secret " + secret.at("/metadata/generateName").asText()
                    + " lacks accessKeyID (dry run: " + request.path("dryRun").asBoolean() + ")");
        }
    });

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.withAdmission(List.of(), List.of(),
            Map.of("ValidatingAdmissionWebhook", TestWebhooks.settings("""
                    apiVersion: admissionregistration.k8s.io/v1
                    kind: ValidatingWebhookConfiguration
                    metadata: {name: provider-aws}
                    webhooks:
                    - name: secrets.aws.example.com
                      clientConfig: %s
                      rules: [{operations: [CREATE, UPDATE], apiGroups: [""], apiVersions: [v1], resources: [secrets]}]
                      objectSelector: {matchLabels: {provider.shoot.gardener.cloud/aws: "true"}}
                      sideEffects: None
                      admissionReviewVersions: [v1]
                    """.formatted(WEBHOOKS.clientConfig("/secrets"))))));

    private static TestClient admin;
    private static String namespace;

    @BeforeAll
    static void namespaceWithSecrets() {
        admin = SERVER.admin();
        namespace = Fixtures.createNamespace(admin, "creds");
        secret("good", Map.of("accessKeyID", "QUtJQQ==", "secretAccessKey", "c2VjcmV0"));
        secret("bad", Map.of("secretAccessKey", "c2VjcmV0"));
    }

    @AfterAll
    static void stop() {
        WEBHOOKS.close();
    }

    private static void secret(String name, Map<String, String> data) {
        ObjectNode secret = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        secret.putObject("metadata").put("name", name);
        data.forEach(secret.putObject("data")::put);
        TestClient.Response created = admin.post("/api/v1/namespaces/" + namespace + "/secrets", secret);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    private static ObjectNode binding(String name, String secret) {
        ObjectNode binding = Json.MAPPER.createObjectNode().put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "SecretBinding");
        binding.putObject("metadata").put("name", name);
        binding.putObject("secretRef").put("name", secret).put("namespace", namespace);
        binding.putObject("provider").put("type", "aws");
        return binding;
    }

    private static String bindings() {
        return "/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/secretbindings";
    }

    @Test
    void credentialsTheProvidersWebhookAcceptsCanBeBound() {
        TestClient.Response created = admin.post(bindings(), binding("good", "good"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        // the copy was a dry run: only the two secrets exist
        assertThat(admin.get("/api/v1/namespaces/" + namespace + "/secrets").json().path("items")).hasSize(2);
    }

    @Test
    void credentialsTheProvidersWebhookRefusesCannotBeBound() {
        JsonNode status = assertStatus(admin.post(bindings(), binding("bad", "bad")), 403, "Forbidden");
        assertThat(status.path("message").asText()).isEqualTo("secretbindings.core.gardener.cloud \"bad\" is "
                + "forbidden: aws provider secret sanity check failed: admission webhook \"secrets.aws.example.com\" "
                + "denied the request: secret bad lacks accessKeyID (dry run: true)");
        assertThat(admin.get(bindings() + "/bad").status()).isEqualTo(404);
    }
}
