package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Represents a cinder volume resource in Openstack. A Cinder volume must exist before mounting to a container. "
        + "The volume must also be in the same region as the kubelet. Cinder volumes support ownership management "
        + "and SELinux relabeling.")
public record CinderVolumeSource(
        @Doc("volumeID used to identify the volume in cinder. More info: "
                + "https://examples.k8s.io/mysql-cinder-pd/README.md")
        @ProtoTag(1)
        String volumeID,

        @Doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Examples: \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if "
                + "unspecified. More info: https://examples.k8s.io/mysql-cinder-pd/README.md")
        @ProtoTag(2)
        @OmitEmpty
        String fsType,

        @Doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts. More info: https://examples.k8s.io/mysql-cinder-pd/README.md")
        @ProtoTag(3)
        @OmitEmpty
        boolean readOnly,

        @Doc("secretRef is optional: points to a secret object containing parameters used to connect to OpenStack.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        LocalObjectReference secretRef) {}
