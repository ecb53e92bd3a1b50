package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a Photon Controller persistent disk resource.")
public record PhotonPersistentDiskVolumeSource(
        @Doc("pdID is the ID that identifies Photon Controller persistent disk") @ProtoTag(1)
        String pdID,

        @Doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @ProtoTag(2)
        @OmitEmpty
        String fsType) {}
