package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ResourceQuota sets aggregate quota restrictions enforced per namespace")
public record ResourceQuota(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec defines the desired quota. "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status")
        @ProtoTag(2)
        @OmitEmpty
        ResourceQuotaSpec spec,

        @Doc("Status defines the actual enforced quota and its current usage. "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status")
        @ProtoTag(3)
        @OmitEmpty
        ResourceQuotaStatus status) {}
