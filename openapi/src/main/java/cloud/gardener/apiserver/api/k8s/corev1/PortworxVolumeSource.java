package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("PortworxVolumeSource represents a Portworx volume resource.")
public record PortworxVolumeSource(
        @Doc("volumeID uniquely identifies a Portworx volume") @ProtoTag(1)
        String volumeID,

        @Doc("fSType represents the filesystem type to mount Must be a filesystem type supported by the host "
                + "operating system. Ex. \"ext4\", \"xfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @ProtoTag(2)
        @OmitEmpty
        String fsType,

        @Doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts.")
        @ProtoTag(3)
        @OmitEmpty
        boolean readOnly) {}
