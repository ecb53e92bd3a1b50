package cloud.gardener.apiserver.e2e.patch;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Strategic merge patch over HTTP (worker pools merged by name) and with kubectl: {@code kubectl patch} (strategic
 * by default) and client-side {@code kubectl apply}, which sends strategic merge patches computed from the served
 * OpenAPI.
 */
@Tag("integration")
class StrategicPatchTest {

    static final String SMP = "application/strategic-merge-patch+json";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "smp");
    }

    static String shootYaml(String name, String namespace, String... workers) {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: %s
                  namespace: %s
                spec:
                  cloudProfileName: local
                  credentialsBindingName: local
                  region: local
                  kubernetes:
                    version: 1.31.1
                  networking:
                    type: calico
                    nodes: 10.10.0.0/16
                  provider:
                    type: local
                    workers:
                """.formatted(name, namespace));
        for (String w : workers) {
            String[] parts = w.split(":", -1);
            yaml.append("    - name: ")
                    .append(parts[0])
                    .append('\n')
                    .append("      machine:\n        type: local\n        image:\n          name: local\n")
                    .append("          version: 1.0.0\n")
                    .append("      minimum: 1\n")
                    .append("      maximum: ")
                    .append(parts.length > 1 ? parts[1] : "2")
                    .append('\n');
        }
        return yaml.toString();
    }

    static JsonNode shootJson(String name, String... workers) throws Exception {
        return Json.YAML.readTree(shootYaml(name, ns, workers));
    }

    static List<String> workerNames(JsonNode shoot) {
        List<String> names = new ArrayList<>();
        shoot.path("spec")
                .path("provider")
                .path("workers")
                .forEach(w -> names.add(w.path("name").asText()));
        return names;
    }

    static JsonNode worker(JsonNode shoot, String name) {
        for (JsonNode w : shoot.path("spec").path("provider").path("workers")) {
            if (w.path("name").asText().equals(name)) {
                return w;
            }
        }
        return null;
    }

    @Test
    void workerPoolsMergeByName() throws Exception {
        create(admin, shoots(ns), shootJson("smp-http", "w1", "w2", "w3"));
        TestClient.Response resp = admin.patch(shoot(ns, "smp-http"), SMP, """
                {"spec":{"provider":{"workers":[
                  {"name":"w1","maximum":5},
                  {"name":"w4","minimum":0,"maximum":1,
                   "machine":{"type":"local","image":{"name":"local","version":"1.0.0"}}},
                  {"name":"w2","$patch":"delete"}]}}}
                """);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        JsonNode patched = resp.json();
        // Go's order: w4 is new and goes before the next server-only pool
        assertThat(workerNames(patched)).containsExactly("w1", "w4", "w3");
        assertThat(worker(patched, "w1").path("maximum").asInt()).isEqualTo(5);
        assertThat(worker(patched, "w1").path("minimum").asInt()).isEqualTo(1);
        assertThat(worker(patched, "w1").path("machine").path("type").asText()).isEqualTo("local");
        assertThat(workerNames(admin.get(shoot(ns, "smp-http")).json())).containsExactly("w1", "w4", "w3");
    }

    @Test
    void orderDirectivesAndParallelListsApply() throws Exception {
        create(admin, shoots(ns), shootJson("smp-order", "a", "b", "c"));
        TestClient.Response resp = admin.patch(shoot(ns, "smp-order"), SMP, """
                {"metadata":{"finalizers":["x/y","z/w"]},
                 "spec":{"provider":{"$setElementOrder/workers":[{"name":"c"},{"name":"a"},{"name":"b"}]}}}
                """);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        assertThat(workerNames(resp.json())).containsExactly("c", "a", "b");
        resp = admin.patch(
                shoot(ns, "smp-order"), SMP, "{\"metadata\":{\"$deleteFromPrimitiveList/finalizers\":[\"x/y\"]}}");
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        assertThat(resp.json().path("metadata").path("finalizers").toString()).isEqualTo("[\"z/w\"]");
        admin.patch(shoot(ns, "smp-order"), SMP, "{\"metadata\":{\"finalizers\":null}}");
    }

    @Test
    void malformedDirectivesAreRejectedAndNothingIsWritten() throws Exception {
        JsonNode created = create(admin, shoots(ns), shootJson("smp-bad", "w1"));
        JsonNode status = assertStatus(
                admin.patch(shoot(ns, "smp-bad"), SMP, "{\"metadata\":{\"$deleteFromPrimitiveList\":[\"x\"]}}"),
                400,
                "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("invalid patch format of primitive list");
        assertStatus(
                admin.patch(shoot(ns, "smp-bad"), SMP, "{\"spec\":{\"provider\":{\"$retainKeys\":\"type\"}}}"),
                400,
                "BadRequest");
        TestClient.Response unknown = admin.patch(
                shoot(ns, "smp-bad"),
                SMP,
                "{\"spec\":{\"provider\":{\"workers\":[{\"name\":\"w1\",\"$patch\":\"bogus\"}]}}}");
        assertThat(unknown.status()).as(unknown.body()).isEqualTo(500);
        assertThat(unknown.json().path("message").asText())
                .isEqualTo("unknown patch type: bogus in map: map[$patch:bogus name:w1]");
        assertStatus(admin.patch(shoot(ns, "smp-bad"), SMP, "[]"), 400, "BadRequest");
        assertThat(rv(admin.get(shoot(ns, "smp-bad")).json())).isEqualTo(rv(created));
    }

    @Test
    void theOpenApiPublishesTheMergeKeysTheServerMergesBy() {
        TestClient.Response doc = admin.get("/openapi/v3/apis/core.gardener.cloud/v1beta1");
        assertThat(doc.status()).as(doc.body()).isEqualTo(200);
        JsonNode schemas = doc.json().path("components").path("schemas");
        JsonNode workers = null;
        for (var it = schemas.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().endsWith("core.v1beta1.Provider")) {
                workers = e.getValue().path("properties").path("workers");
            }
        }
        assertThat(workers).as("Provider.workers in %s", schemas.size()).isNotNull();
        assertThat(workers.path("x-kubernetes-patch-merge-key").asText()).isEqualTo("name");
        assertThat(workers.path("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
        // and PATCH offers strategic merge patch
        assertThat(doc.body()).contains(SMP);
    }

    @Test
    void kubectlPatchIsStrategicByDefault() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        create(admin, shoots(ns), shootJson("smp-kubectl", "w1", "w2"));
        String out = kubectl.ok(
                "patch",
                "shoot",
                "smp-kubectl",
                "-n",
                ns,
                "-p",
                "{\"spec\":{\"provider\":{\"workers\":[{\"name\":\"w1\",\"maximum\":5}]}}}");
        assertThat(out).contains("shoot.core.gardener.cloud/smp-kubectl patched");
        JsonNode shoot = admin.get(shoot(ns, "smp-kubectl")).json();
        assertThat(workerNames(shoot)).containsExactly("w1", "w2");
        assertThat(worker(shoot, "w1").path("maximum").asInt()).isEqualTo(5);
        assertThat(worker(shoot, "w2").path("maximum").asInt()).isEqualTo(2);
    }

    @Test
    void kubectlApplyComputesStrategicPatchesFromTheOpenApi() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        assertThat(kubectl.okWithInput(shootYaml("smp-apply", ns, "w1", "w2"), "apply", "-f", "-"))
                .contains("shoot.core.gardener.cloud/smp-apply created");

        // w2 dropped, w3 added, w1 changed: the three-way patch names w2 for deletion by its merge key
        Kubectl.Result changed = kubectl.runWithInput(shootYaml("smp-apply", ns, "w3", "w1:4"), "apply", "-f", "-");
        assertThat(changed.exitCode()).as(changed.describe()).isZero();
        assertThat(changed.stdout()).contains("shoot.core.gardener.cloud/smp-apply configured");
        assertThat(changed.stderr()).doesNotContain("warning");
        JsonNode shoot = admin.get(shoot(ns, "smp-apply")).json();
        assertThat(workerNames(shoot)).containsExactly("w3", "w1");
        assertThat(worker(shoot, "w1").path("maximum").asInt()).isEqualTo(4);

        assertThat(kubectl.okWithInput(shootYaml("smp-apply", ns, "w3", "w1:4"), "apply", "-f", "-"))
                .contains("shoot.core.gardener.cloud/smp-apply unchanged");
    }

    @Test
    void kubectlApplyOfNamespacesAndConfigMaps() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        String namespace = """
                apiVersion: v1
                kind: Namespace
                metadata:
                  name: smp-apply-ns
                  labels:
                    a: b
                """;
        assertThat(kubectl.okWithInput(namespace, "apply", "-f", "-")).contains("namespace/smp-apply-ns created");
        assertThat(kubectl.okWithInput(namespace, "apply", "-f", "-")).contains("namespace/smp-apply-ns unchanged");

        String configMap = """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: settings
                  namespace: smp-apply-ns
                data:
                  one: "1"
                  two: "2"
                """;
        assertThat(kubectl.okWithInput(configMap, "apply", "-f", "-")).contains("configmap/settings created");
        assertThat(kubectl.okWithInput(configMap, "apply", "-f", "-")).contains("configmap/settings unchanged");
        String changed = configMap.replace("  two: \"2\"\n", "  three: \"3\"\n");
        assertThat(kubectl.okWithInput(changed, "apply", "-f", "-")).contains("configmap/settings configured");
        JsonNode data = admin.get("/api/v1/namespaces/smp-apply-ns/configmaps/settings")
                .json()
                .path("data");
        assertThat(data.has("two")).isFalse();
        assertThat(data.path("one").asText()).isEqualTo("1");
        assertThat(data.path("three").asText()).isEqualTo("3");
        assertThat(kubectl.okWithInput(changed, "apply", "-f", "-")).contains("configmap/settings unchanged");
    }
}
