package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("Represents a Rados Block Device mount that lasts the lifetime of a pod. RBD volumes support ownership "
        + "management and SELinux relabeling.")
public record RBDVolumeSource(
        @Doc("monitors is a collection of Ceph monitors. More info: "
                + "https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(1)
        @ListType("atomic")
        List<String> monitors,

        @Doc("image is the rados image name. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(2)
        String image,

        @Doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem "
                + "type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". "
                + "Implicitly inferred to be \"ext4\" if unspecified. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#rbd")
        @ProtoTag(3)
        @OmitEmpty
        String fsType,

        @Doc("pool is the rados pool name. Default is rbd. More info: "
                + "https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(4)
        @OmitEmpty
        String pool,

        @Doc("user is the rados user name. Default is admin. More info: "
                + "https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(5)
        @OmitEmpty
        String user,

        @Doc("keyring is the path to key ring for RBDUser. Default is /etc/ceph/keyring. More info: "
                + "https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(6)
        @OmitEmpty
        String keyring,

        @Doc("secretRef is name of the authentication secret for RBDUser. If provided overrides keyring. Default "
                + "is nil. More info: https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        LocalObjectReference secretRef,

        @Doc("readOnly here will force the ReadOnly setting in VolumeMounts. Defaults to false. More info: "
                + "https://examples.k8s.io/volumes/rbd/README.md#how-to-use-it")
        @ProtoTag(8)
        @OmitEmpty
        boolean readOnly) {}
