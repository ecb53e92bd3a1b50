package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("EncryptionConfig contains customizable encryption configuration of the API server.")
public record EncryptionConfig(
        @Doc(
                "Resources contains the list of resources that shall be encrypted in addition to secrets. Each "
                        + "item is a Kubernetes resource name in plural (resource or resource.group) that should be "
                        + "encrypted. Wildcards are not supported for now. See "
                        + "https://github.com/gardener/gardener/blob/master/docs/usage/security/etcd_encryption_config.md for more details.")
        @ProtoTag(1)
        @OmitEmpty
        List<String> resources,

        @Doc("Provider contains information about the encryption provider.") @ProtoTag(2)
        EncryptionProvider provider) {}
