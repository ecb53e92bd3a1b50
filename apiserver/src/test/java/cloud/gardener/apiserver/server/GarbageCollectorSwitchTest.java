package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The built-in garbage collector runs in standalone mode only, whichever order the configuration is built in. */
class GarbageCollectorSwitchTest {

    private static final Kubeconfig VIRTUAL_GARDEN = Kubeconfig.forToken("garden", "https://127.0.0.1:1", "", "t");

    private static ServerConfig standalone() {
        return new ServerConfig("127.0.0.1", 0, "", "", List.of(), false, null, "/registry", true,
                Duration.ofSeconds(60), 1800, List.of(), List.of());
    }

    @Test
    void offUnlessAskedFor() {
        assertThat(standalone().garbageCollector()).isFalse();
        assertThat(standalone().withGarbageCollector(true).garbageCollector()).isTrue();
        assertThat(standalone().withGarbageCollector(true).withProjectController(true).withEventTtl(Duration.ofMinutes(5))
                .garbageCollector()).isTrue();
    }

    @Test
    void offInClusterMode() {
        assertThat(standalone().withGarbageCollector(true).withCoreKubeconfig(VIRTUAL_GARDEN).garbageCollector())
                .isFalse();
        assertThat(standalone().withCoreKubeconfig(VIRTUAL_GARDEN).withGarbageCollector(true).garbageCollector())
                .isFalse();
    }
}
