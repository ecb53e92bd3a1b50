package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("CredentialsBindingList is a collection of CredentialsBindings.")
public record CredentialsBindingList(
        @Inline TypeMeta typeMeta,
        @Doc("Standard list object metadata.")
        @OmitEmpty ListMeta metadata,
        @Doc("Items is the list of CredentialsBindings.")
        List<CredentialsBinding> items) {
}
