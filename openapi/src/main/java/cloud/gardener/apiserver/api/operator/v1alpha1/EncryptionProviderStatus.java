package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("EncryptionProviderStatus contains information about virtual garden encryption provider.")
public record EncryptionProviderStatus(
        @Doc("Type is the used encryption provider type.") String type) {}
