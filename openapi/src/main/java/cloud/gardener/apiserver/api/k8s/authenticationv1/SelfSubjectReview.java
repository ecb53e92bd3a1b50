package cloud.gardener.apiserver.api.k8s.authenticationv1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SelfSubjectReview contains the user information that the kube-apiserver has about the user making this "
        + "request. When using impersonation, users will receive the user info of the user being impersonated.  If "
        + "impersonation or request header authentication is used, any extra keys will have their case ignored and "
        + "returned as lowercase.")
public record SelfSubjectReview(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Status is filled in by the server with the user attributes.") @ProtoTag(2) @OmitEmpty
        SelfSubjectReviewStatus status) {}
