package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("CredentialsBindingProvider defines the provider type of the CredentialsBinding.")
public record CredentialsBindingProvider(
        @Doc("Type is the type of the provider.") @ProtoTag(1)
        String type) {}
