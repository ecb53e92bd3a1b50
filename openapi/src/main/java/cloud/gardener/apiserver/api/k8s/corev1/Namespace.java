package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Namespace provides a scope for Names. Use of multiple namespaces is optional.")
public record Namespace(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec defines the behavior of the Namespace. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status")
        @ProtoTag(2)
        @OmitEmpty
        NamespaceSpec spec,

        @Doc("Status describes the current status of a Namespace. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status")
        @ProtoTag(3)
        @OmitEmpty
        NamespaceStatus status) {}
