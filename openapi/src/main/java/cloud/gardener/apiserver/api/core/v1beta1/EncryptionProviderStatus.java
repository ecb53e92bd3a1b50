package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("EncryptionProviderStatus contains information about Shoot encryption provider.")
public record EncryptionProviderStatus(
        @Doc("Type is the used encryption provider type.") @ProtoTag(1)
        String type) {}
