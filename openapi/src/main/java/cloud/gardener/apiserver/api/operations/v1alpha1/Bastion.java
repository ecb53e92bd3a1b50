package cloud.gardener.apiserver.api.operations.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.Optional;

@Doc("Bastion holds details about an SSH bastion for a shoot cluster.")
public record Bastion(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        ObjectMeta metadata,
        @Doc("Specification of the Bastion.")
        BastionSpec spec,
        @Doc("Most recently observed status of the Bastion.")
        @Optional BastionStatus status) {
}
