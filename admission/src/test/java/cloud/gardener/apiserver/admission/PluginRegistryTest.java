package cloud.gardener.apiserver.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PluginRegistryTest {

    private final PluginRegistry registry = PluginRegistry.gardener();

    @Test
    void knowsGardenersPluginsInItsOrder() {
        List<String> names = registry.names();
        // gardener-apiserver's 32 plugins and SeedRestriction, built in here
        assertThat(names).hasSize(33);
        assertThat(names.get(0)).isEqualTo("NamespaceLifecycle");
        assertThat(names)
                .containsSubsequence(
                        "ShootMutator",
                        "ShootValidator",
                        "SeedValidator",
                        "DeletionConfirmation",
                        "Bastion",
                        "BackupBucketValidator",
                        "SeedRestriction",
                        "ValidatingAdmissionWebhook",
                        "ResourceQuota");
        assertThat(names.get(names.size() - 1))
                .as("ResourceQuota must stay last")
                .isEqualTo("ResourceQuota");
    }

    @Test
    void defaultOffPluginsAreOnlyOnWhenEnabled() {
        assertThat(registry.enabled(List.of(), List.of()))
                .doesNotContain("ShootNodeLocalDNSEnabledByDefault", "ShootDNSRewriting", "MutatingAdmissionPolicy")
                .contains("ShootVPAEnabledByDefault");
        assertThat(registry.enabled(List.of("ShootDNSRewriting"), List.of("ShootVPAEnabledByDefault")))
                .contains("ShootDNSRewriting")
                .doesNotContain("ShootVPAEnabledByDefault");
    }

    @Test
    void enablingNeverChangesTheOrder() {
        List<String> on = registry.enabled(List.of("ShootNodeLocalDNSEnabledByDefault"), List.of());
        assertThat(on.indexOf("ShootNodeLocalDNSEnabledByDefault"))
                .isGreaterThan(on.indexOf("ShootManagedSeed"))
                .isLessThan(on.indexOf("ShootQuotaValidator"));
    }

    @Test
    void unknownAndOverlappingNamesAreRejectedWithKubernetesMessages() {
        assertThatThrownBy(() -> registry.enabled(List.of("Nope"), List.of("AlsoNope")))
                .hasMessage("enable-admission-plugins plugin \"Nope\" is unknown; "
                        + "disable-admission-plugins plugin \"AlsoNope\" is unknown");
        assertThatThrownBy(() -> registry.enabled(List.of("ShootDNS", "Bastion"), List.of("Bastion", "ShootDNS")))
                .hasMessage("[Bastion ShootDNS] in enable-admission-plugins and disable-admission-plugins overlapped");
    }

    @Test
    void theChainHoldsTheEnabledPluginsThatHaveAnImplementation() {
        PluginContext context = new PluginContext(ObjectLookup.empty(), null, null, java.time.Clock.systemUTC());
        AdmissionChain chain = registry.chain(List.of(), List.of(), Map.of(), context);
        assertThat(chain.plugins()).extracting(AdmissionPlugin::name).contains("NamespaceLifecycle");
        AdmissionChain without = registry.chain(List.of(), List.of("NamespaceLifecycle"), Map.of(), context);
        assertThat(without.plugins()).extracting(AdmissionPlugin::name).doesNotContain("NamespaceLifecycle");
        assertThat(chain.plugins())
                .extracting(AdmissionPlugin::name)
                .contains("ValidatingAdmissionPolicy")
                .doesNotContain("ResourceQuota");
    }

    @Test
    void aDefaultStartHasNothingUnavailableToReport() {
        // ResourceQuota is on in gardener-apiserver's defaults but has no implementation here: left out quietly
        assertThat(registry.enabled(List.of(), List.of())).contains("ResourceQuota");
        assertThat(registry.unavailable(List.of(), List.of())).isEmpty();
    }

    @Test
    void onlyNamesTheUserAskedForAreReportedUnavailable() {
        assertThat(registry.unavailable(List.of("MutatingAdmissionPolicy"), List.of()))
                .containsExactly("MutatingAdmissionPolicy");
        assertThat(registry.unavailable(List.of("ResourceQuota", "ShootDNS"), List.of()))
                .containsExactly("ResourceQuota");
        assertThat(registry.unavailable(List.of("ShootDNSRewriting"), List.of()))
                .isEmpty();
    }
}
