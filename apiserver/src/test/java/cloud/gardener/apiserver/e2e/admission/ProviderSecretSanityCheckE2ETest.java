package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ResourceReferenceManager's provider secret sanity check in the real server, for each binding kind that binds a
 * Secret: binding credentials makes the server
 * dry-run-create a copy of the Secret labelled {@code provider.shoot.gardener.cloud/<type>=true}, which passes the
 * admission chain, webhooks included, so a provider's webhook on secrets can refuse credentials it cannot use.
 */
@Tag("integration")
class ProviderSecretSanityCheckE2ETest {

    /** A provider webhook: AWS credentials need an access key. */
    private static final TestWebhooks WEBHOOKS = TestWebhooks.start((path, request, response) -> {
        JsonNode secret = request.path("object");
        if (!secret.path("data").has("accessKeyID")) {
            TestWebhooks.deny(
                    response,
                    422,
                    "secret " + secret.at("/metadata/generateName").asText() + " lacks accessKeyID (dry run: "
                            + request.path("dryRun").asBoolean() + ")");
        }
    });

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.admissionConfigurations(Map.of(
            "ValidatingAdmissionWebhook", TestWebhooks.settings("""
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
        ObjectNode secret =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        secret.putObject("metadata").put("name", name);
        data.forEach(secret.putObject("data")::put);
        TestClient.Response created = admin.post("/api/v1/namespaces/" + namespace + "/secrets", secret);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    /** The binding kinds whose credentials are a Secret: SecretBinding, CredentialsBinding to a Secret. */
    static Stream<BindingKind> secretBindingKinds() {
        return Arrays.stream(BindingKind.values()).filter(BindingKind::bindsASecret);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("secretBindingKinds")
    void credentialsTheProvidersWebhookAcceptsCanBeBound(BindingKind bindingKind) {
        TestClient.Response created =
                admin.post(bindingKind.bindingsPath(namespace), bindingKind.binding(namespace, "good", "aws"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        // the copy was a dry run: only the two secrets exist
        assertThat(admin.get("/api/v1/namespaces/" + namespace + "/secrets")
                        .json()
                        .path("items"))
                .hasSize(2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("secretBindingKinds")
    void credentialsTheProvidersWebhookRefusesCannotBeBound(BindingKind bindingKind) {
        JsonNode status = assertStatus(
                admin.post(bindingKind.bindingsPath(namespace), bindingKind.binding(namespace, "bad", "aws")),
                403,
                "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo(bindingKind.resource() + " \"bad\" is "
                        + "forbidden: aws provider secret sanity check failed: admission webhook \"secrets.aws.example.com\" "
                        + "denied the request: secret bad lacks accessKeyID (dry run: true)");
        assertThat(admin.get(bindingKind.bindingPath(namespace, "bad")).status())
                .isEqualTo(404);
    }
}
