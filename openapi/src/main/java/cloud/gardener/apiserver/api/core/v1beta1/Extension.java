package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("Extension contains type and provider information for extensions.")
public record Extension(
        @Doc("Type is the type of the extension resource.") @ProtoTag(1)
        String type,

        @Doc("ProviderConfig is the configuration passed to extension resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Disabled allows to disable extensions that were marked as 'automatically enabled' by Gardener "
                + "administrators.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean disabled) {}
