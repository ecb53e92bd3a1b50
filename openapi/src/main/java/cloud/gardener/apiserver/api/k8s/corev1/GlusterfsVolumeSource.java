package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a Glusterfs mount that lasts the lifetime of a pod. Glusterfs volumes do not support ownership "
        + "management or SELinux relabeling.")
public record GlusterfsVolumeSource(
        @Doc("endpoints is the endpoint name that details Glusterfs topology.") @ProtoTag(1)
        String endpoints,

        @Doc("path is the Glusterfs volume path. More info: "
                + "https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod")
        @ProtoTag(2)
        String path,

        @Doc("readOnly here will force the Glusterfs volume to be mounted with read-only permissions. Defaults to "
                + "false. More info: https://examples.k8s.io/volumes/glusterfs/README.md#create-a-pod")
        @ProtoTag(3)
        @OmitEmpty
        boolean readOnly) {}
