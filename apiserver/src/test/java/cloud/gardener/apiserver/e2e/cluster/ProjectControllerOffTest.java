package cloud.gardener.apiserver.e2e.cluster;

import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * In cluster mode gardener-controller-manager runs the project and NamespacedCloudProfile controllers: asking for the
 * built-in ones changes nothing, no namespace is created in the virtual garden, and the Project and the
 * NamespacedCloudProfile are left as admission stored them.
 */
@Tag("integration")
class ProjectControllerOffTest {

    @RegisterExtension
    @Order(1)
    static final ApiServerExtension GARDEN = new ApiServerExtension();

    @RegisterExtension
    @Order(2)
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.projectController(true)
            .namespacedCloudProfileController(true)
            .coreKubeconfig(gardenKubeconfig()));

    private static Kubeconfig gardenKubeconfig() {
        try {
            return Kubeconfig.read(GARDEN.adminKubeconfig());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theProjectControllerDoesNotRunInClusterMode() throws InterruptedException {
        create(
                SERVER.admin(),
                "/apis/core.gardener.cloud/v1beta1/projects",
                "{\"apiVersion\":\"core.gardener.cloud/v1beta1\","
                        + "\"kind\":\"Project\",\"metadata\":{\"name\":\"cm\"},\"spec\":{\"namespace\":\"garden-cm\"}}");
        Thread.sleep(2_500); // more than two passes of the controller, were it running
        JsonNode project = SERVER.admin()
                .get("/apis/core.gardener.cloud/v1beta1/projects/cm")
                .json();
        assertThat(project.at("/metadata/finalizers").isMissingNode())
                .as(project.toString())
                .isTrue();
        assertThat(project.at("/status/phase").isMissingNode())
                .as(project.toString())
                .isTrue();
        assertThat(GARDEN.admin().get("/api/v1/namespaces/garden-cm").status()).isEqualTo(404);
    }

    @Test
    void theNamespacedCloudProfileControllerDoesNotRunInClusterMode() throws Exception {
        create(
                GARDEN.admin(),
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\"," + "\"metadata\":{\"name\":\"garden-ncp\"}}");
        create(
                SERVER.admin(),
                "/apis/core.gardener.cloud/v1beta1/cloudprofiles",
                Json.YAML
                        .readTree(Files.readString(Path.of("..", "examples", "10-cloudprofile.yaml")))
                        .toString());
        create(
                SERVER.admin(),
                "/apis/core.gardener.cloud/v1beta1/namespaces/garden-ncp/namespacedcloudprofiles",
                "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"NamespacedCloudProfile\","
                        + "\"metadata\":{\"name\":\"custom\"},\"spec\":{\"parent\":{\"kind\":\"CloudProfile\","
                        + "\"name\":\"local\"}}}");
        Thread.sleep(2_500); // more than two passes of the controller, were it running
        JsonNode profile = SERVER.admin()
                .get("/apis/core.gardener.cloud/v1beta1/namespaces/garden-ncp/namespacedcloudprofiles/custom")
                .json();
        assertThat(profile.at("/metadata/finalizers").isMissingNode())
                .as(profile.toString())
                .isTrue();
        // the status is the empty one every new profile has (Go's zero CloudProfileSpec), nothing merged into it
        assertThat(profile.at("/status/observedGeneration").isMissingNode())
                .as(profile.toString())
                .isTrue();
        assertThat(profile.at("/status/cloudProfileSpec/type").asText())
                .as(profile.toString())
                .isEmpty();
        assertThat(profile.at("/status/cloudProfileSpec/regions").isEmpty())
                .as(profile.toString())
                .isTrue();
    }
}
