package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("TokenRequestSpec holds configuration settings for the requested token.")
public record TokenRequestSpec(
        @Doc("ContextObject identifies the object the token is requested for.") @ProtoTag(1) @OmitEmpty @Ptr
        ContextObject contextObject,

        @Doc("ExpirationSeconds specifies for how long the requested token should be valid.") @ProtoTag(2) @OmitEmpty
        Long expirationSeconds) {}
