package cloud.gardener.apiserver.api.operations.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.Optional;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Bastion holds details about an SSH bastion for a shoot cluster.")
public record Bastion(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.") @ProtoTag(1) ObjectMeta metadata,
        @Doc("Specification of the Bastion.") @ProtoTag(2) BastionSpec spec,

        @Doc("Most recently observed status of the Bastion.") @ProtoTag(3) @Optional
        BastionStatus status) {}
