package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents an NFS mount that lasts the lifetime of a pod. NFS volumes do not support ownership management or "
        + "SELinux relabeling.")
public record NFSVolumeSource(
        @Doc("server is the hostname or IP address of the NFS server. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#nfs")
        @ProtoTag(1)
        String server,

        @Doc("path that is exported by the NFS server. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#nfs")
        @ProtoTag(2)
        String path,

        @Doc("readOnly here will force the NFS export to be mounted with read-only permissions. Defaults to false. "
                + "More info: https://kubernetes.io/docs/concepts/storage/volumes#nfs")
        @ProtoTag(3)
        @OmitEmpty
        boolean readOnly) {}
