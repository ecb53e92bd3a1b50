package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's ManagedSeed defaulting (seedmanagement v1alpha1 {@code SetObjectDefaults_ManagedSeed}): the gardenlet
 * always gets a deployment (with {@link GardenletDeploymentDefaults}) and a configuration (with
 * {@link GardenletConfigurationDefaults}), bootstraps with a bootstrap token and merges with its parent gardenlet.
 */
public final class ManagedSeedDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode managedSeed) {
        ObjectNode gardenlet = object(object(managedSeed, "spec"), "gardenlet");
        ObjectNode deployment = object(gardenlet, "deployment");
        GardenletConfigurationDefaults.apply(gardenlet, "config");
        setIfAbsent(gardenlet, "bootstrap", "BootstrapToken");
        setIfAbsent(gardenlet, "mergeWithParent", true);
        GardenletDeploymentDefaults.apply(deployment);
    }
}
