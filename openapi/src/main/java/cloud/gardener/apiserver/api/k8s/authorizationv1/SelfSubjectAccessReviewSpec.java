package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SelfSubjectAccessReviewSpec is a description of the access request.  Exactly one of "
        + "ResourceAuthorizationAttributes and NonResourceAuthorizationAttributes must be set")
public record SelfSubjectAccessReviewSpec(
        @Doc("ResourceAuthorizationAttributes describes information for a resource access request")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        ResourceAttributes resourceAttributes,

        @Doc("NonResourceAttributes describes information for a non-resource access request")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        NonResourceAttributes nonResourceAttributes) {}
