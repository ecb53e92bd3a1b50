package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SelfSubjectRulesReviewSpec defines the specification for SelfSubjectRulesReview.")
public record SelfSubjectRulesReviewSpec(
        @Doc("Namespace to evaluate rules for. Required.") @ProtoTag(1) @OmitEmpty
        String namespace) {}
