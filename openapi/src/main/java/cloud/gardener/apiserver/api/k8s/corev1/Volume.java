package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Volume represents a named volume in a pod that may be accessed by any container in the pod.")
public record Volume(
        @Doc("name of the volume. Must be a DNS_LABEL and unique within the pod. More info: "
                + "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names")
        @ProtoTag(1)
        String name,

        @ProtoTag(2) @Inline VolumeSource volumeSource) {}
