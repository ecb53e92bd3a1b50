package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("GardenExtension contains type and provider information for Garden extensions.")
public record GardenExtension(
        @Doc("Type is the type of the extension resource.") String type,

        @Doc("ProviderConfig is the configuration passed to extension resource.") @OmitEmpty @Ptr
        JsonNode providerConfig) {}
