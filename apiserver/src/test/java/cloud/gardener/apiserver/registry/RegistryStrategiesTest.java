package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.registry.gardener.ControllerDeploymentConversion;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RegistryStrategiesTest {

    /** {@code AllowUnconditionalUpdate} of each gardener-apiserver strategy. */
    private static final Map<String, Boolean> UNCONDITIONAL = Map.ofEntries(
            Map.entry("shoots", false),
            Map.entry("backupbuckets", false),
            Map.entry("backupentries", false),
            Map.entry("controllerdeployments", false),
            Map.entry("controllerinstallations", false),
            Map.entry("controllerregistrations", false),
            Map.entry("exposureclasses", false),
            Map.entry("shootstates", false),
            Map.entry("bastions", false),
            Map.entry("credentialsbindings", false),
            Map.entry("workloadidentities", false),
            Map.entry("gardenlets", false),
            Map.entry("managedseeds", false),
            Map.entry("managedseedsets", false),
            Map.entry("cloudprofiles", true),
            Map.entry("internalsecrets", true),
            Map.entry("namespacedcloudprofiles", true),
            Map.entry("projects", true),
            Map.entry("quotas", true),
            Map.entry("secretbindings", true),
            Map.entry("seeds", true));

    @Test
    void everyServedKindHasGardenersUnconditionalUpdateRule() {
        Map<String, Boolean> actual = StandardResources.gardener().stream()
                .filter(t -> !t.group().equals("operator.gardener.cloud")) // gardener-operator's kinds
                .collect(Collectors.toMap(
                        ResourceType::plural,
                        t -> Registry.strategyFor(t, ShootWarnings.DEFAULT_ROTATION_INTERVAL)
                                .allowUnconditionalUpdate()));
        assertThat(actual).isEqualTo(UNCONDITIONAL);
    }

    @Test
    void onlyControllerDeploymentsAreConverted() {
        for (ResourceType type : StandardResources.gardener()) {
            boolean converted = Registry.conversionFor(type) instanceof ControllerDeploymentConversion;
            assertThat(converted).as(type.plural()).isEqualTo(type.plural().equals("controllerdeployments"));
        }
    }
}
