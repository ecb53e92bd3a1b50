package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SelfSubjectAccessReview checks whether or the current user can perform an action.  Not filling in a "
        + "spec.namespace means \"in all namespaces\".  Self is a special case, because users should always be able "
        + "to check whether they can perform an action")
public record SelfSubjectAccessReview(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec holds information about the request being evaluated.  user and groups must be empty") @ProtoTag(2)
        SelfSubjectAccessReviewSpec spec,

        @Doc("Status is filled in by the server and indicates whether the request is allowed or not")
        @ProtoTag(3)
        @OmitEmpty
        SubjectAccessReviewStatus status) {}
