package cloud.gardener.apiserver.e2e.strategies;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code managedseedsets/scale}: autoscaling/v1 Scale over HTTP and through {@code kubectl scale}. */
@Tag("integration")
class ManagedSeedSetScaleE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static final String SETS = "/apis/seedmanagement.gardener.cloud/v1alpha1/namespaces/garden/managedseedsets";
    static TestClient admin;

    @BeforeAll
    static void garden() throws Exception {
        admin = SERVER.admin();
        ObjectNode ns = Json.MAPPER.createObjectNode();
        ns.put("apiVersion", "v1")
                .put("kind", "Namespace")
                .putObject("metadata")
                .put("name", "garden");
        assertThat(admin.post("/api/v1/namespaces", ns).status()).isEqualTo(201);
    }

    /** A valid ManagedSeedSet: the shipped 57-managedseedset.yaml is a sketch Gardener's validation rejects. */
    private static final String SET = """
            apiVersion: seedmanagement.gardener.cloud/v1alpha1
            kind: ManagedSeedSet
            metadata:
              name: %s
              namespace: garden
            spec:
              replicas: 1
              selector:
                matchLabels:
                  name: my-managed-seed-set
              template:
                metadata:
                  labels:
                    name: my-managed-seed-set
                spec:
                  gardenlet:
                    config:
                      apiVersion: gardenlet.config.gardener.cloud/v1alpha1
                      kind: GardenletConfiguration
                      seedConfig:
                        metadata:
                          labels:
                            name: my-managed-seed-set
                        spec:
                          dns:
                            internal:
                              type: local
                              domain: internal.replica-name.example.com
                              credentialsRef:
                                apiVersion: v1
                                kind: Secret
                                name: internal-dns
                                namespace: garden
              shootTemplate:
                metadata:
                  labels:
                    name: my-managed-seed-set
                spec:
                  cloudProfile:
                    kind: CloudProfile
                    name: local
                  credentialsBindingName: local
                  region: local
                  networking:
                    type: calico
                    nodes: 10.250.0.0/16
                  provider:
                    type: local
                    workers:
                    - name: local
                      machine:
                        type: local
                      minimum: 1
                      maximum: 2
                  kubernetes:
                    version: 1.31.1
                  dns:
                    domain: replica-name.crazy-botany.core.my-custom-domain.com
            """;

    private static JsonNode createSet(String name) throws Exception {
        String yaml = SET.formatted(name);
        TestClient.Response resp = admin.send("POST", SETS, yaml, java.util.Map.of("Content-Type", "application/yaml"));
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        return resp.json();
    }

    @Test
    void getUpdateAndPatchTheScale() throws Exception {
        JsonNode set = createSet("scaled");
        TestClient.Response get = admin.get(SETS + "/scaled/scale");
        assertThat(get.status()).as(get.body()).isEqualTo(200);
        JsonNode scale = get.json();
        assertThat(scale.path("kind").asText()).isEqualTo("Scale");
        assertThat(scale.path("apiVersion").asText()).isEqualTo("autoscaling/v1");
        assertThat(scale.path("metadata").path("uid").asText())
                .isEqualTo(set.path("metadata").path("uid").asText());
        assertThat(scale.path("spec").path("replicas").asInt()).isEqualTo(1);
        assertThat(scale.path("status").path("replicas").asInt()).isZero();
        assertThat(scale.path("status").path("selector").asText()).isEqualTo("name=my-managed-seed-set");

        ObjectNode put = scale.deepCopy();
        ((ObjectNode) put.get("spec")).put("replicas", 2);
        TestClient.Response updated = admin.put(SETS + "/scaled/scale", put);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("spec").path("replicas").asInt()).isEqualTo(2);

        TestClient.Response patched = admin.patch(SETS + "/scaled/scale", MERGE, "{\"spec\":{\"replicas\":4}}");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        JsonNode after = admin.get(SETS + "/scaled").json();
        assertThat(after.path("spec").path("replicas").asInt()).isEqualTo(4);
        assertThat(after.path("metadata").path("generation").asLong())
                .as("spec moved twice")
                .isEqualTo(3);

        // a stale scale is a conflict, a scale without resourceVersion is invalid (AllowUnconditionalUpdate false)
        assertStatus(admin.put(SETS + "/scaled/scale", put), 409, "Conflict");
        ((ObjectNode) put.get("metadata")).remove("resourceVersion");
        assertStatus(admin.put(SETS + "/scaled/scale", put), 422, "Invalid");
    }

    @Test
    void missingSetIsNotFound() {
        JsonNode status = assertStatus(admin.get(SETS + "/missing/scale"), 404, "NotFound");
        assertThat(status.path("message").asText())
                .isEqualTo("managedseedsets/scale.seedmanagement.gardener.cloud \"missing\" not found");
    }

    @Test
    void aScaleWithoutKindAndApiVersionIsAScale() throws Exception {
        createSet("bare");
        ObjectNode scale = admin.get(SETS + "/bare/scale").json().deepCopy();
        scale.remove("kind");
        scale.remove("apiVersion");
        ((ObjectNode) scale.get("spec")).put("replicas", 3);
        TestClient.Response updated = admin.put(SETS + "/bare/scale", scale);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("kind").asText()).isEqualTo("Scale");
        assertThat(admin.get(SETS + "/bare")
                        .json()
                        .path("spec")
                        .path("replicas")
                        .asInt())
                .isEqualTo(3);
    }

    @Test
    void wrongKindIsBadRequest() throws Exception {
        JsonNode set = createSet("wrong");
        assertStatus(admin.put(SETS + "/wrong/scale", set), 400, "BadRequest");
    }

    @Test
    void kubectlScale() throws Exception {
        Kubectl.assumeInstalled();
        createSet("kubectl");
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        assertThat(kubectl.ok("scale", "managedseedset", "kubectl", "-n", "garden", "--replicas=3"))
                .contains("managedseedset.seedmanagement.gardener.cloud/kubectl scaled");
        JsonNode set = Json.MAPPER.readTree(kubectl.ok("get", "mss", "kubectl", "-n", "garden", "-o", "json"));
        assertThat(set.path("spec").path("replicas").asInt()).isEqualTo(3);
        assertThat(kubectl.ok(
                        "get",
                        "mss",
                        "kubectl",
                        "-n",
                        "garden",
                        "--subresource=scale",
                        "-o",
                        "jsonpath={.spec.replicas} {.status.selector}"))
                .isEqualTo("3 name=my-managed-seed-set");
    }
}
