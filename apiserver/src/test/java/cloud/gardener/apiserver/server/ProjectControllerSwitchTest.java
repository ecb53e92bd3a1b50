package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The built-in project and NamespacedCloudProfile controllers run in standalone mode only, whichever order the
 * configuration is built in, and each has its own switch.
 */
class ProjectControllerSwitchTest {

    private static final Kubeconfig VIRTUAL_GARDEN = Kubeconfig.forToken("garden", "https://127.0.0.1:1", "", "t");

    private static ServerConfig.Builder standalone() {
        return ServerConfig.builder().etcdPrefix("/registry").anonymousAuth(false);
    }

    @Test
    void offUnlessAskedFor() {
        assertThat(standalone().build().cluster().projectController()).isFalse();
        assertThat(standalone().projectController(true).build().cluster().projectController())
                .isTrue();
        assertThat(standalone()
                        .projectController(true)
                        .clusterIdentity("x")
                        .build()
                        .cluster()
                        .projectController())
                .isTrue();
    }

    @Test
    void offInClusterMode() {
        assertThat(standalone()
                        .projectController(true)
                        .coreKubeconfig(VIRTUAL_GARDEN)
                        .build()
                        .cluster())
                .returns(false, ClusterConfig::projectController)
                .returns(false, ClusterConfig::serveCoreV1);
        assertThat(standalone()
                        .coreKubeconfig(VIRTUAL_GARDEN)
                        .projectController(true)
                        .build()
                        .cluster())
                .returns(false, ClusterConfig::projectController)
                .returns(false, ClusterConfig::serveCoreV1);
    }

    @Test
    void offWithoutTheCoreApi() {
        assertThat(standalone()
                        .serveCoreV1(false)
                        .projectController(true)
                        .build()
                        .cluster()
                        .projectController())
                .isFalse();
    }

    @Test
    void eventsLiveAnHourUnlessTold() {
        assertThat(standalone().build().cluster().eventTtl()).isEqualTo(Duration.ofHours(1));
        assertThat(standalone()
                        .eventTtl(Duration.ofMinutes(5))
                        .build()
                        .cluster()
                        .eventTtl())
                .isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void theNamespacedCloudProfileControllerHasItsOwnSwitch() {
        assertThat(standalone().build().cluster().namespacedCloudProfileController())
                .isFalse();
        ClusterConfig on =
                standalone().namespacedCloudProfileController(true).build().cluster();
        assertThat(on.namespacedCloudProfileController()).isTrue();
        assertThat(on.projectController()).isFalse();
        assertThat(standalone()
                        .namespacedCloudProfileController(true)
                        .projectController(true)
                        .eventTtl(Duration.ofMinutes(5))
                        .build()
                        .cluster()
                        .namespacedCloudProfileController())
                .isTrue();
        assertThat(standalone()
                        .namespacedCloudProfileController(true)
                        .coreKubeconfig(VIRTUAL_GARDEN)
                        .build()
                        .cluster()
                        .namespacedCloudProfileController())
                .isFalse();
        assertThat(standalone()
                        .coreKubeconfig(VIRTUAL_GARDEN)
                        .namespacedCloudProfileController(true)
                        .build()
                        .cluster()
                        .namespacedCloudProfileController())
                .isFalse();
    }
}
