package cloud.gardener.apiserver.api.k8s.autoscalingv1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Scale represents a scaling request for a resource.")
public record Scale(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata; More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata.")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc(
                "spec defines the behavior of the scale. More info: "
                        + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status.")
        @ProtoTag(2)
        @OmitEmpty
        ScaleSpec spec,

        @Doc("status is the current status of the scale. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status. "
                + "Read-only.")
        @ProtoTag(3)
        @OmitEmpty
        ScaleStatus status) {}
