package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a vSphere volume resource.")
public record VsphereVirtualDiskVolumeSource(
        @Doc("volumePath is the path that identifies vSphere volume vmdk") @ProtoTag(1)
        String volumePath,

        @Doc("fsType is filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @ProtoTag(2)
        @OmitEmpty
        String fsType,

        @Doc("storagePolicyName is the storage Policy Based Management (SPBM) profile name.") @ProtoTag(3) @OmitEmpty
        String storagePolicyName,

        @Doc("storagePolicyID is the storage Policy Based Management (SPBM) profile ID associated with the "
                + "StoragePolicyName.")
        @ProtoTag(4)
        @OmitEmpty
        String storagePolicyID) {}
