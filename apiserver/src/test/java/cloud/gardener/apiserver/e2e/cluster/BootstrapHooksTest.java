package cloud.gardener.apiserver.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gardener-apiserver's post-start hooks {@code bootstrap-garden-cluster} and {@code bootstrap-cluster-identity}:
 * standalone they write to the server's own core API, in cluster mode to the virtual garden; the health endpoints
 * list them as {@code poststarthook/<name>}.
 */
@Tag("integration")
class BootstrapHooksTest {

    @RegisterExtension
    @Order(1)
    static final ApiServerExtension GARDEN = new ApiServerExtension(config -> config.clusterIdentity("standalone"));

    @RegisterExtension
    @Order(2)
    static final ApiServerExtension SERVER = new ApiServerExtension(
            config -> config.coreKubeconfig(gardenKubeconfig()).clusterIdentity("standalone"));

    private static Kubeconfig gardenKubeconfig() {
        try {
            return Kubeconfig.read(GARDEN.adminKubeconfig());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (!condition.getAsBoolean() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(condition.getAsBoolean()).isTrue();
    }

    @Test
    void standaloneCreatesTheSystemNamespacesTheGardenNamespacesAndTheIdentity() throws InterruptedException {
        TestClient admin = GARDEN.admin();
        eventually(() -> admin.get("/readyz").status() == 200);

        JsonNode cm = admin.get("/api/v1/namespaces/kube-system/configmaps/cluster-identity")
                .json();
        assertThat(cm.path("data").path("cluster-identity").asText()).isEqualTo("standalone");
        assertThat(cm.path("data").path("origin").asText()).isEqualTo("gardener-apiserver");
        assertThat(cm.path("immutable").asBoolean()).isTrue();
        for (String ns :
                new String[] {"default", "kube-system", "gardener-system-seed-lease", "gardener-system-shoot-issuer"}) {
            assertThat(admin.get("/api/v1/namespaces/" + ns).status()).as(ns).isEqualTo(200);
        }
        String verbose = GARDEN.anonymous().get("/readyz?verbose").body();
        assertThat(verbose).contains("""
                                     [+]etcd-readiness ok
                                     [+]informer-sync ok
                                     [+]poststarthook/bootstrap-garden-cluster ok
                                     [+]poststarthook/bootstrap-cluster-identity ok
                                     [+]shutdown ok
                                     """);
        assertThat(GARDEN.anonymous().get("/healthz?verbose").body())
                .contains("[+]poststarthook/bootstrap-cluster-identity ok\n");
        assertThat(GARDEN.anonymous()
                        .get("/readyz/poststarthook/bootstrap-cluster-identity")
                        .body())
                .isEqualTo("ok");
    }

    @Test
    void clusterModeWritesToTheVirtualGardenAndReportsItsHooks() throws InterruptedException {
        eventually(() -> SERVER.admin().get("/readyz").status() == 200);

        String verbose = SERVER.anonymous().get("/livez?verbose").body();
        assertThat(verbose)
                .contains(
                        "[+]poststarthook/bootstrap-garden-cluster ok\n",
                        "[+]poststarthook/bootstrap-cluster-identity ok\n");
        // the identity is already the virtual garden's and immutable: left as it is, the hook still succeeds
        assertThat(GARDEN.admin()
                        .get("/api/v1/namespaces/kube-system/configmaps/cluster-identity")
                        .json()
                        .path("data")
                        .path("cluster-identity")
                        .asText())
                .isEqualTo("standalone");
        assertThat(SERVER.admin()
                        .get("/api/v1/namespaces/gardener-system-seed-lease")
                        .status())
                .as("cluster mode serves no core API")
                .isEqualTo(404);
    }
}
