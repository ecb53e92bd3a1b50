package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.object;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's Gardenlet defaulting (seedmanagement v1alpha1 {@code SetObjectDefaults_Gardenlet}): the self-deployment
 * (whose gardenlet deployment settings are inlined) gets {@link GardenletDeploymentDefaults} and the configuration
 * {@link GardenletConfigurationDefaults}.
 */
public final class GardenletDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode gardenlet) {
        ObjectNode spec = object(gardenlet, "spec");
        GardenletDeploymentDefaults.apply(object(spec, "deployment"));
        GardenletConfigurationDefaults.apply(spec, "config");
    }
}
