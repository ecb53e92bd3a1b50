package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Extension describes a Gardener extension.")
public record Extension(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.") @OmitEmpty ObjectMeta metadata,

        @Doc("Spec contains the specification of this extension.") @OmitEmpty
        ExtensionSpec spec,

        @Doc("Status contains the status of this extension.") @OmitEmpty
        ExtensionStatus status) {}
