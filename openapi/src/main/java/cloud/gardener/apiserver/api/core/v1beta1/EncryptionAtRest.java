package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("EncryptionAtRest contains information about Shoot data encryption at rest.")
public record EncryptionAtRest(
        @Doc(
                "Resources is the list of resources in the Shoot which are currently encrypted. Secrets are "
                        + "encrypted by default and are not part of the list. See "
                        + "https://github.com/gardener/gardener/blob/master/docs/usage/security/etcd_encryption_config.md for more details.")
        @ProtoTag(1)
        @OmitEmpty
        List<String> resources,

        @Doc("Provider contains information about Shoot encryption provider.") @ProtoTag(2)
        EncryptionProviderStatus provider) {}
