package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ExtensionExposure holds the type and provider config of the exposure extension.")
public record ExtensionExposure(
        @Doc("Type defines the type of the extension exposure. Defaults to `.spec.provider.type`")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String type,

        @Doc("ProviderConfig holds the extension specific configuration.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig) {}
