package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ContainerRuntime contains information about worker's available container runtime")
public record ContainerRuntime(
        @Doc("Type is the type of the Container Runtime.") @ProtoTag(1)
        String type,

        @Doc("ProviderConfig is the configuration passed to container runtime resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig) {}
