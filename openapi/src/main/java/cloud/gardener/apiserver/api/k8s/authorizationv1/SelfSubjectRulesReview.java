package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SelfSubjectRulesReview enumerates the set of actions the current user can perform within a namespace. The "
        + "returned list of actions may be incomplete depending on the server's authorization mode, and any errors "
        + "experienced during the evaluation. SelfSubjectRulesReview should be used by UIs to show/hide actions, or "
        + "to quickly let an end user reason about their permissions. It should NOT Be used by external systems to "
        + "drive authorization decisions as this raises confused deputy, cache lifetime/revocation, and correctness "
        + "concerns. SubjectAccessReview, and LocalAccessReview are the correct way to defer authorization decisions "
        + "to the API server.")
public record SelfSubjectRulesReview(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec holds information about the request being evaluated.") @ProtoTag(2)
        SelfSubjectRulesReviewSpec spec,

        @Doc("Status is filled in by the server and indicates the set of actions a user can perform.")
        @ProtoTag(3)
        @OmitEmpty
        SubjectRulesReviewStatus status) {}
