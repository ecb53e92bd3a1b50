package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.admission.AdmissionPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.PluginRegistry;
import cloud.gardener.apiserver.admission.plugins.garden.GardenNamespaceProtection;
import cloud.gardener.apiserver.admission.plugins.garden.GardenPlugin;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdmissionPluginsTest {

    private static ServerConfig config(List<String> enable, List<String> disable) {
        return ServerConfig.builder()
                .etcdPrefix("/registry")
                .anonymousAuth(false)
                .serveCoreV1(false)
                .enableAdmissionPlugins(enable)
                .disableAdmissionPlugins(disable)
                .build();
    }

    @Test
    void gardenChecksAreOnWhateverTheGardenerFlagsSay() {
        List<String> all = PluginRegistry.gardener().names();
        assertThat(AdmissionPlugins.chain(config(List.of(), all), ObjectLookup.empty(), null, null, null)
                        .plugins())
                .extracting(AdmissionPlugin::name)
                .containsExactly(GardenPlugin.NAME, GardenNamespaceProtection.NAME);
        assertThat(AdmissionPlugins.chain(config(List.of(), List.of()), ObjectLookup.empty(), null, null, null)
                        .plugins())
                .extracting(AdmissionPlugin::name)
                .endsWith(GardenPlugin.NAME, GardenNamespaceProtection.NAME);
    }

    @Test
    void gardenIsNotAnAdmissionFlagName() {
        // gardener-apiserver's flags know no such plugin: naming it is an error, as it would be there
        assertThatThrownBy(() -> AdmissionPlugins.chain(
                        config(List.of(), List.of(GardenPlugin.NAME)), ObjectLookup.empty(), null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("disable-admission-plugins plugin \"Garden\" is unknown");
    }
}
