package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("TargetSystem represents specific configurations for the system that will accept the JWTs.")
public record TargetSystem(
        @Doc("Type is the type of the target system.") @ProtoTag(1)
        String type,

        @Doc("ProviderConfig is the configuration passed to extension resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig) {}
