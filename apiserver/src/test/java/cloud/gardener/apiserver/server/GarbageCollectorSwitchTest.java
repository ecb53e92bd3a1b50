package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import org.junit.jupiter.api.Test;

/** The built-in garbage collector runs in standalone mode only, whichever order the configuration is built in. */
class GarbageCollectorSwitchTest {

    private static final Kubeconfig VIRTUAL_GARDEN = Kubeconfig.forToken("garden", "https://127.0.0.1:1", "", "t");

    private static ServerConfig.Builder standalone() {
        return ServerConfig.builder().etcdPrefix("/registry").anonymousAuth(false);
    }

    @Test
    void offUnlessAskedFor() {
        assertThat(standalone().build().cluster().garbageCollector()).isFalse();
        assertThat(standalone().garbageCollector(true).build().cluster().garbageCollector())
                .isTrue();
        assertThat(standalone()
                        .garbageCollector(true)
                        .projectController(true)
                        .clusterIdentity("x")
                        .build()
                        .cluster()
                        .garbageCollector())
                .isTrue();
    }

    @Test
    void offInClusterMode() {
        assertThat(standalone()
                        .garbageCollector(true)
                        .coreKubeconfig(VIRTUAL_GARDEN)
                        .build()
                        .cluster()
                        .garbageCollector())
                .isFalse();
        assertThat(standalone()
                        .coreKubeconfig(VIRTUAL_GARDEN)
                        .garbageCollector(true)
                        .build()
                        .cluster()
                        .garbageCollector())
                .isFalse();
    }
}
