package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("EncryptionProviderStatus contains information about Shoot encryption provider.")
public record EncryptionProviderStatus(
        @Doc("Type is the used encryption provider type.")
        String type) {
}
