package cloud.gardener.apiserver.e2e.cluster;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
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
 * In cluster mode kube-controller-manager's garbage collector does the collecting: asking for the built-in one
 * changes nothing, the dependents of a deleted owner stay and a foreground deletion keeps its finalizer.
 */
@Tag("integration")
class GarbageCollectorOffTest {

    @RegisterExtension
    @Order(1)
    static final ApiServerExtension GARDEN = new ApiServerExtension();

    @RegisterExtension
    @Order(2)
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.garbageCollector(true).coreKubeconfig(gardenKubeconfig()));

    private static Kubeconfig gardenKubeconfig() {
        try {
            return Kubeconfig.read(GARDEN.adminKubeconfig());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theGarbageCollectorDoesNotRunInClusterMode() throws InterruptedException {
        TestClient admin = SERVER.admin();
        JsonNode owner = create(admin, CLOUDPROFILES, cloudProfileObject("gc-owner"));
        ObjectNode dependent = cloudProfileObject("gc-dependent");
        dependent
                .withObjectProperty("metadata")
                .putArray("ownerReferences")
                .addObject()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "CloudProfile")
                .put("name", "gc-owner")
                .put("uid", owner.at("/metadata/uid").asText())
                .put("blockOwnerDeletion", true);
        create(admin, CLOUDPROFILES, dependent);
        create(admin, CLOUDPROFILES, cloudProfileObject("gc-foreground"));

        assertThat(admin.delete(CLOUDPROFILES + "/gc-owner").status()).isEqualTo(200);
        assertThat(admin.delete(CLOUDPROFILES + "/gc-foreground", "{\"propagationPolicy\":\"Foreground\"}")
                        .status())
                .isEqualTo(200);
        Thread.sleep(2_500); // the collector would act within milliseconds
        assertThat(admin.get(CLOUDPROFILES + "/gc-dependent").status()).isEqualTo(200);
        JsonNode waiting = admin.get(CLOUDPROFILES + "/gc-foreground").json();
        assertThat(waiting.at("/metadata/finalizers").toString()).isEqualTo("[\"foregroundDeletion\"]");
    }
}
