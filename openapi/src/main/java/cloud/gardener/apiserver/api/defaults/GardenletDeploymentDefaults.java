package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfEmpty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.text;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The defaults of a gardenlet deployment (seedmanagement v1alpha1 {@code SetDefaults_GardenletDeployment} and
 * {@code SetDefaults_Image}), used by ManagedSeeds, ManagedSeedSets' templates and Gardenlets: two replicas, two
 * revisions kept, health probes on, an image pulled if not present (always for {@code latest}), plus the core/v1
 * defaults Kubernetes' generated code gives the additional volumes and environment variables.
 */
final class GardenletDeploymentDefaults {

    private GardenletDeploymentDefaults() {}

    static void apply(ObjectNode deployment) {
        setIfAbsent(deployment, "replicaCount", 2);
        setIfAbsent(deployment, "revisionHistoryLimit", 2);
        ObjectNode image = object(deployment, "image");
        setIfAbsent(deployment, "enableHealthProbes", true);
        setIfAbsent(image, "pullPolicy", "latest".equals(text(image, "tag")) ? "Always" : "IfNotPresent");
        for (ObjectNode volume : objects(deployment, "additionalVolumes")) {
            setVolumeSourceDefaults(volume);
        }
        for (ObjectNode env : objects(deployment, "env")) {
            existing(env, "valueFrom", "fileKeyRef").ifPresent(ref -> setIfAbsent(ref, "optional", false));
        }
    }

    /** core/v1's volume source defaults (the volume source is inlined in the volume). */
    private static void setVolumeSourceDefaults(ObjectNode volume) {
        existing(volume, "iscsi").ifPresent(iscsi -> setIfEmpty(iscsi, "iscsiInterface", "default"));
        existing(volume, "rbd").ifPresent(rbd -> {
            setIfEmpty(rbd, "pool", "rbd");
            setIfEmpty(rbd, "user", "admin");
            setIfEmpty(rbd, "keyring", "/etc/ceph/keyring");
        });
        existing(volume, "azureDisk").ifPresent(disk -> {
            setIfAbsent(disk, "cachingMode", "ReadWrite");
            setIfAbsent(disk, "fsType", "ext4");
            setIfAbsent(disk, "readOnly", false);
            setIfAbsent(disk, "kind", "Shared");
        });
        existing(volume, "scaleIO").ifPresent(scaleIO -> {
            setIfEmpty(scaleIO, "storageMode", "ThinProvisioned");
            setIfEmpty(scaleIO, "fsType", "xfs");
        });
    }
}
