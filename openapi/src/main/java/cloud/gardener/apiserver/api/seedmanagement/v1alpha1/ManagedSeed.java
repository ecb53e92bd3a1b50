package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("ManagedSeed represents a Shoot that is registered as Seed.")
public record ManagedSeed(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        @OmitEmpty ObjectMeta metadata,
        @Doc("Specification of the ManagedSeed.")
        @OmitEmpty ManagedSeedSpec spec,
        @Doc("Most recently observed status of the ManagedSeed.")
        @OmitEmpty ManagedSeedStatus status) {
}
