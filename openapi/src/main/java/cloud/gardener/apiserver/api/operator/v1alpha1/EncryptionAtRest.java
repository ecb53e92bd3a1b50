package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("EncryptionAtRest contains information about virtual garden data encryption at rest.")
public record EncryptionAtRest(
        @Doc("Resources is the list of resources which are currently encrypted in the virtual garden by the "
                + "virtual kube-apiserver. Resources which are encrypted by default will not appear here. See "
                + "https://github.com/gardener/gardener/blob/master/docs/concepts/operator.md#etcd-encryption-config "
                + "for more details.")
        @OmitEmpty
        List<String> resources,

        @Doc("Provider contains information about virtual garden encryption provider.")
        EncryptionProviderStatus provider) {}
