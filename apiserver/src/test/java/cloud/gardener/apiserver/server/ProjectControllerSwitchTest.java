package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The built-in project and NamespacedCloudProfile controllers run in standalone mode only, whichever order the
 * configuration is built in, and each has its own switch.
 */
class ProjectControllerSwitchTest {

    private static final Kubeconfig VIRTUAL_GARDEN = Kubeconfig.forToken("garden", "https://127.0.0.1:1", "", "t");

    private static ServerConfig standalone() {
        return new ServerConfig("127.0.0.1", 0, "", "", List.of(), false, null, "/registry", true,
                Duration.ofSeconds(60), 1800, List.of(), List.of());
    }

    @Test
    void offUnlessAskedFor() {
        assertThat(standalone().projectController()).isFalse();
        assertThat(standalone().withProjectController(true).projectController()).isTrue();
        assertThat(standalone().withProjectController(true).withClusterIdentity("x").projectController()).isTrue();
    }

    @Test
    void offInClusterMode() {
        assertThat(standalone().withProjectController(true).withCoreKubeconfig(VIRTUAL_GARDEN).projectController())
                .isFalse();
        assertThat(standalone().withCoreKubeconfig(VIRTUAL_GARDEN).withProjectController(true).projectController())
                .isFalse();
    }

    @Test
    void theNamespacedCloudProfileControllerHasItsOwnSwitch() {
        assertThat(standalone().namespacedCloudProfileController()).isFalse();
        ServerConfig on = standalone().withNamespacedCloudProfileController(true);
        assertThat(on.namespacedCloudProfileController()).isTrue();
        assertThat(on.projectController()).isFalse();
        assertThat(on.withProjectController(true).withEventTtl(Duration.ofMinutes(5))
                .namespacedCloudProfileController()).isTrue();
        assertThat(on.withCoreKubeconfig(VIRTUAL_GARDEN).namespacedCloudProfileController()).isFalse();
        assertThat(standalone().withCoreKubeconfig(VIRTUAL_GARDEN).withNamespacedCloudProfileController(true)
                .namespacedCloudProfileController()).isFalse();
    }
}
