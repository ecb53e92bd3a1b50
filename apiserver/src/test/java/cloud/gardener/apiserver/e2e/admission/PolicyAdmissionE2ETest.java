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
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ValidatingAdmissionPolicy in the real server, with policies as static manifests (the plugin's
 * {@code ValidatingAdmissionPolicyConfiguration} in the admission configuration): a Shoot labelled
 * {@code guarded} is denied with the policy's message, over HTTP and through kubectl; a Shoot labelled
 * {@code legacy} is created with the Warn binding's warning.
 */
@Tag("integration")
class PolicyAdmissionE2ETest {

    static final String MANIFESTS = """
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicy
            metadata: {name: no-guarded.static.k8s.io}
            spec:
              matchConstraints:
                resourceRules:
                - {apiGroups: [core.gardener.cloud], apiVersions: ["*"], operations: [CREATE, UPDATE], resources: [shoots]}
              variables:
              - {name: labels, expression: "has(object.metadata.labels) ? object.metadata.labels : {}"}
              validations:
              - expression: "!('guarded' in variables.labels)"
                messageExpression: "'shoot ' + object.metadata.name + ' is guarded'"
            ---
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicyBinding
            metadata: {name: no-guarded.static.k8s.io}
            spec: {policyName: no-guarded.static.k8s.io, validationActions: [Deny]}
            ---
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicy
            metadata: {name: legacy.static.k8s.io}
            spec:
              matchConstraints:
                resourceRules:
                - {apiGroups: [core.gardener.cloud], apiVersions: ["*"], operations: [CREATE], resources: [shoots]}
                objectSelector: {matchLabels: {legacy: "true"}}
              validations:
              - {expression: "false", message: legacy shoots are deprecated}
            ---
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicyBinding
            metadata: {name: legacy-warning.static.k8s.io}
            spec: {policyName: legacy.static.k8s.io, validationActions: [Warn]}
            """;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> Fixtures.withoutShootGardenChecks(config)
            .admissionConfigurations(Map.of("ValidatingAdmissionPolicy", settings())));

    private static TestClient admin;
    private static String namespace;

    @BeforeAll
    static void project() {
        admin = SERVER.admin();
        namespace = createProjectNamespace(admin, "policed");
    }

    /** The plugin's configuration: {@link #MANIFESTS} in a temporary static manifests directory. */
    static JsonNode settings() {
        return TestWebhooks.staticManifests("ValidatingAdmissionPolicyConfiguration", MANIFESTS);
    }

    @Test
    void aPolicyDeniesWithItsMessage() {
        JsonNode status = assertStatus(
                admin.post(shoots(namespace), shootObject("guarded-http", "guarded", "true")), 422, "Invalid");
        String message = "ValidatingAdmissionPolicy 'no-guarded.static.k8s.io' with binding 'no-guarded.static.k8s.io' "
                + "denied request: shoot guarded-http is guarded";
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"guarded-http\" is forbidden: " + message);
        assertThat(status.path("details").path("causes").get(0).path("message").asText())
                .isEqualTo(message);
        assertThat(admin.get(shoots(namespace) + "/guarded-http").status()).isEqualTo(404);
    }

    @Test
    void otherShootsPassWithoutWarnings() {
        TestClient.Response created = admin.post(shoots(namespace), shootObject("plain"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().allValues("Warning")).isEmpty();
    }

    @Test
    void aWarnBindingWarnsTheClient() {
        TestClient.Response created = admin.post(shoots(namespace), shootObject("old", "legacy", "true"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().allValues("Warning"))
                .containsExactly("299 - \"Validation failed for "
                        + "ValidatingAdmissionPolicy 'legacy.static.k8s.io' with binding 'legacy-warning.static.k8s.io': "
                        + "legacy shoots are deprecated\"");
    }

    @Test
    void kubectlShowsThePolicysDenialAndWarning() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        Kubectl.Result denied = kubectl.runWithInput(
                Json.YAML.writeValueAsString(shootObject("guarded-kubectl", "guarded", "true")),
                "create",
                "-n",
                namespace,
                "-f",
                "-");
        assertThat(denied.exitCode()).isNotZero();
        assertThat(denied.stderr())
                .contains("ValidatingAdmissionPolicy 'no-guarded.static.k8s.io' with binding "
                        + "'no-guarded.static.k8s.io' denied request: shoot guarded-kubectl is guarded");
        Kubectl.Result warned = kubectl.runWithInput(
                Json.YAML.writeValueAsString(shootObject("old-kubectl", "legacy", "true")),
                "create",
                "-n",
                namespace,
                "-f",
                "-");
        assertThat(warned.exitCode()).as(warned.stderr()).isZero();
        assertThat(warned.stderr())
                .contains(
                        "Warning: Validation failed for ValidatingAdmissionPolicy "
                                + "'legacy.static.k8s.io' with binding 'legacy-warning.static.k8s.io': legacy shoots are deprecated");
    }
}
