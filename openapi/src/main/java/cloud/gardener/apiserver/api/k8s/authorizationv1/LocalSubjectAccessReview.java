package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("LocalSubjectAccessReview checks whether or not a user or group can perform an action in a given namespace. "
        + "Having a namespace scoped resource makes it much easier to grant namespace scoped policy that includes "
        + "permissions checking.")
public record LocalSubjectAccessReview(
        @Inline TypeMeta typeMeta,

        @Doc("Standard list metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @OmitEmpty
        @ProtoTag(1)
        ObjectMeta metadata,

        @Doc("Spec holds information about the request being evaluated.  spec.namespace must be equal to the "
                + "namespace you made the request against.  If empty, it is defaulted.")
        @ProtoTag(2)
        SubjectAccessReviewSpec spec,

        @Doc("Status is filled in by the server and indicates whether the request is allowed or not")
        @OmitEmpty
        @ProtoTag(3)
        SubjectAccessReviewStatus status) {}
