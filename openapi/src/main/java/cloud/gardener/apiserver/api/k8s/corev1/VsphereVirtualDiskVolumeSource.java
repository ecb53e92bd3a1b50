package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Represents a vSphere volume resource.")
public record VsphereVirtualDiskVolumeSource(
        @Doc("volumePath is the path that identifies vSphere volume vmdk")
        String volumePath,
        @Doc("fsType is filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @OmitEmpty String fsType,
        @Doc("storagePolicyName is the storage Policy Based Management (SPBM) profile name.")
        @OmitEmpty String storagePolicyName,
        @Doc("storagePolicyID is the storage Policy Based Management (SPBM) profile ID associated with the "
                + "StoragePolicyName.")
        @OmitEmpty String storagePolicyID) {
}
