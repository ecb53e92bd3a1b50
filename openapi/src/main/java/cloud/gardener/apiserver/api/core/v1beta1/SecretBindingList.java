package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("SecretBindingList is a collection of SecretBindings.\n\nDeprecated: Use CredentialsBindingList instead. "
        + "See "
        + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/secretbinding-to-credentialsbinding-migration.md "
        + "for migration instructions.")
public record SecretBindingList(
        @Inline TypeMeta typeMeta,

        @Doc("Standard list object metadata.") @ProtoTag(1) @OmitEmpty
        ListMeta metadata,

        @Doc("Items is the list of SecretBindings.") @ProtoTag(2)
        List<SecretBinding> items) {}
