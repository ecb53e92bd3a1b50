package cloud.gardener.apiserver.e2e.cluster;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cluster mode: one server pointed with {@code --kubeconfig} at another one in standalone mode (standing in for the
 * virtual garden's kube-apiserver) serves no core API itself and admits against the other's namespaces.
 */
@Tag("integration")
class ClusterModeTest {

    @RegisterExtension
    @Order(1)
    static final ApiServerExtension GARDEN = new ApiServerExtension();

    @RegisterExtension
    @Order(2)
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.coreKubeconfig(gardenKubeconfig()));

    private static Kubeconfig gardenKubeconfig() {
        try {
            return Kubeconfig.read(GARDEN.adminKubeconfig());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String quotas(String namespace) {
        return "/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/quotas";
    }

    private static ObjectNode quota() {
        ObjectNode quota = (ObjectNode) Examples.read("60-quota.yaml").deepCopy();
        quota.withObjectProperty("metadata").remove("namespace");
        return quota;
    }

    @Test
    void theCoreApiIsNotServed() {
        assertThat(SERVER.admin().get("/api/v1/namespaces").status()).isEqualTo(404);
        assertThat(GARDEN.admin().get("/api/v1/namespaces").status()).isEqualTo(200);
        JsonNode groups = SERVER.admin().get("/apis").json();
        assertThat(groups.toString()).doesNotContain("\"name\":\"\"");
    }

    @Test
    void namespacesComeFromTheVirtualGarden() throws InterruptedException {
        TestClient admin = SERVER.admin();
        JsonNode missing = assertStatus(admin.post(quotas("garden-trial"), quota()), 404, "NotFound");
        assertThat(missing.path("message").asText()).isEqualTo("namespaces \"garden-trial\" not found");

        create(
                GARDEN.admin(),
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"garden-trial\"}}");
        // the watch delivers the namespace; a miss also reads the virtual garden live
        TestClient.Response created = admin.post(quotas("garden-trial"), quota());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(GARDEN.admin().get(quotas("garden-trial") + "/trial-quota").status())
                .as("the Gardener objects stay in the server's own storage")
                .isEqualTo(404);
    }
}
