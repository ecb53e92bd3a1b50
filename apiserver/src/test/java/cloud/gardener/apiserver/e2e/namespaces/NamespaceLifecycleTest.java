package cloud.gardener.apiserver.e2e.namespaces;

import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.NAMESPACES;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.confirmDeletion;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** NamespaceLifecycle admission and the standalone namespace controller (protocol sections 7.3 and 11). */
@Tag("integration")
class NamespaceLifecycleTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    @Test
    void creatingInAMissingNamespaceIsNotFound() {
        // a Quota: no mutating plugin looks at it before NamespaceLifecycle (Shoots would first need a project)
        ObjectNode quota = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Quota");
        quota.putObject("metadata").put("name", "q");
        quota.putObject("spec")
                .put("clusterLifetimeDays", 1)
                .putObject("scope")
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Project");
        JsonNode status = assertStatus(admin.post(CORE + "/namespaces/missing-ns/quotas", quota), 404, "NotFound");
        assertThat(status.path("message").asText()).isEqualTo("namespaces \"missing-ns\" not found");
        assertThat(status.path("details").path("name").asText()).isEqualTo("missing-ns");
        assertThat(status.path("details").path("kind").asText()).isEqualTo("namespaces");
    }

    @Test
    void newNamespacesAreActiveWithTheKubernetesFinalizer() {
        String ns = createNamespace(admin, "active");
        JsonNode obj = admin.get(NAMESPACES + "/" + ns).json();
        assertThat(obj.path("kind").asText()).isEqualTo("Namespace");
        assertThat(obj.path("status").path("phase").asText()).isEqualTo("Active");
        assertThat(obj.path("spec").path("finalizers").get(0).asText()).isEqualTo("kubernetes");
    }

    @Test
    void deletingANamespaceTerminatesItsContentAndThenItself() throws InterruptedException {
        String ns = createProjectNamespace(admin, "doomed");
        create(admin, shoots(ns), shootObject("inside"));
        ObjectNode held = shootObject("held");
        ((ObjectNode) held.get("metadata")).putArray("finalizers").add("example.com/hold");
        create(admin, shoots(ns), held);
        // the namespace controller's deletions pass admission: Shoots go only once confirmed
        confirmDeletion(admin, shoot(ns, "inside"));
        confirmDeletion(admin, shoot(ns, "held"));

        TestClient.Response del = admin.delete(NAMESPACES + "/" + ns);
        assertThat(del.status()).as(del.body()).isEqualTo(200);
        assertThat(del.json().path("kind").asText()).isEqualTo("Namespace");
        assertThat(del.json().path("status").path("phase").asText()).isEqualTo("Terminating");
        assertThat(del.json().path("metadata").path("deletionTimestamp").asText())
                .isNotEmpty();

        JsonNode terminating = assertStatus(admin.post(shoots(ns), shootObject("late")), 403, "Forbidden");
        assertThat(terminating.path("message").asText())
                .endsWith("unable to create new content in namespace " + ns + " because it is being terminated");

        // credential subresources pass admission too, as upstream's create handler runs it for them
        ObjectNode kubeconfigRequest = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "authentication.gardener.cloud/v1alpha1")
                .put("kind", "AdminKubeconfigRequest");
        kubeconfigRequest.putObject("spec").put("expirationSeconds", 600);
        JsonNode noCredential =
                assertStatus(admin.post(shoot(ns, "held") + "/adminkubeconfig", kubeconfigRequest), 403, "Forbidden");
        assertThat(noCredential.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"held\" is forbidden: "
                        + "unable to create new content in namespace " + ns + " because it is being terminated");

        // the controller deletes the content; the finalizer-held object keeps the namespace waiting
        await(() -> admin.get(shoot(ns, "inside")).status() == 404);
        JsonNode heldNow = admin.get(shoot(ns, "held")).json();
        assertThat(heldNow.path("metadata").path("deletionTimestamp").asText()).isNotEmpty();
        assertThat(admin.get(NAMESPACES + "/" + ns).status()).isEqualTo(200);

        TestClient.Response release =
                admin.patch(shoot(ns, "held"), "application/merge-patch+json", "{\"metadata\":{\"finalizers\":null}}");
        assertThat(release.status()).as(release.body()).isEqualTo(200);
        await(() -> admin.get(NAMESPACES + "/" + ns).status() == 404);
        assertThat(admin.get(shoots(ns)).json().path("items")).isEmpty();
    }

    @Test
    void immortalNamespacesCannotBeDeleted() {
        ObjectNode ns = Json.MAPPER.createObjectNode();
        ns.put("apiVersion", "v1")
                .put("kind", "Namespace")
                .putObject("metadata")
                .put("name", "default");
        TestClient.Response created = admin.post(NAMESPACES, ns);
        assertThat(created.status()).isIn(201, 409);
        JsonNode status = assertStatus(admin.delete(NAMESPACES + "/default"), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("namespaces \"default\" is forbidden: this namespace may not be deleted");
        assertThat(admin.get(NAMESPACES + "/default")
                        .json()
                        .path("status")
                        .path("phase")
                        .asText())
                .isEqualTo("Active");
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 15_000;
        while (!condition.getAsBoolean()) {
            assertThat(System.currentTimeMillis()).as("condition within 15 s").isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
