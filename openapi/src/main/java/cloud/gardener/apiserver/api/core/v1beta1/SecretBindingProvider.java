package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SecretBindingProvider defines the provider type of the SecretBinding.\n\nDeprecated: Use "
        + "CredentialsBindingProvider instead. See "
        + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/secretbinding-to-credentialsbinding-migration.md "
        + "for migration instructions.")
public record SecretBindingProvider(
        @Doc("Type is the type of the provider.\n\nFor backwards compatibility, the field can contain multiple "
                + "providers separated by a comma. However the usage of single SecretBinding (hence Secret) for "
                + "different cloud providers is strongly discouraged.")
        @ProtoTag(1)
        String type) {}
