package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ManagedSeed represents a Shoot that is registered as Seed.")
public record ManagedSeed(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Specification of the ManagedSeed.") @ProtoTag(2) @OmitEmpty
        ManagedSeedSpec spec,

        @Doc("Most recently observed status of the ManagedSeed.") @ProtoTag(3) @OmitEmpty
        ManagedSeedStatus status) {}
