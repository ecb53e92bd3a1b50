package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("Represents a Ceph Filesystem mount that lasts the lifetime of a pod Cephfs volumes do not support ownership "
        + "management or SELinux relabeling.")
public record CephFSVolumeSource(
        @Doc("monitors is Required: Monitors is a collection of Ceph monitors More info: "
                + "https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it")
        @ProtoTag(1)
        @ListType("atomic")
        List<String> monitors,

        @Doc("path is Optional: Used as the mounted root, rather than the full Ceph tree, default is /")
        @ProtoTag(2)
        @OmitEmpty
        String path,

        @Doc("user is optional: User is the rados user name, default is admin More info: "
                + "https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it")
        @ProtoTag(3)
        @OmitEmpty
        String user,

        @Doc("secretFile is Optional: SecretFile is the path to key ring for User, default is "
                + "/etc/ceph/user.secret More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it")
        @ProtoTag(4)
        @OmitEmpty
        String secretFile,

        @Doc("secretRef is Optional: SecretRef is reference to the authentication secret for User, default is "
                + "empty. More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        LocalObjectReference secretRef,

        @Doc("readOnly is Optional: Defaults to false (read/write). ReadOnly here will force the ReadOnly setting "
                + "in VolumeMounts. More info: https://examples.k8s.io/volumes/cephfs/README.md#how-to-use-it")
        @ProtoTag(6)
        @OmitEmpty
        boolean readOnly) {}
