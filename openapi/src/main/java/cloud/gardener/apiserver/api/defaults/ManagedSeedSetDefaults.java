package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's ManagedSeedSet defaulting (seedmanagement v1alpha1 {@code SetObjectDefaults_ManagedSeedSet}): one
 * replica, ten revisions kept, a rolling update strategy (partition 0 when rolling-update settings are given), and
 * the template's gardenlet deployment defaults when it has one. Unlike a ManagedSeed, the template's gardenlet gets
 * no deployment, configuration, bootstrap or merge defaults of its own.
 */
public final class ManagedSeedSetDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode set) {
        ObjectNode spec = object(set, "spec");
        setIfAbsent(spec, "replicas", 1);
        ObjectNode updateStrategy = object(spec, "updateStrategy");
        setIfAbsent(spec, "revisionHistoryLimit", 10);
        existing(spec, "template", "spec", "gardenlet", "deployment").ifPresent(GardenletDeploymentDefaults::apply);
        setIfAbsent(updateStrategy, "type", "RollingUpdate");
        existing(updateStrategy, "rollingUpdate").ifPresent(rolling -> setIfAbsent(rolling, "partition", 0));
    }
}
