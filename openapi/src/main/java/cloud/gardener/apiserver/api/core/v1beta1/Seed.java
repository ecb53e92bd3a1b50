package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Seed represents an installation request for an external controller.")
public record Seed(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        @OmitEmpty ObjectMeta metadata,
        @Doc("Spec contains the specification of this installation.")
        @OmitEmpty SeedSpec spec,
        @Doc("Status contains the status of this installation.")
        @OmitEmpty SeedStatus status) {
}
