package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ManagedSeedSet represents a set of identical ManagedSeeds.")
public record ManagedSeedSet(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec defines the desired identities of ManagedSeeds and Shoots in this set.") @ProtoTag(2) @OmitEmpty
        ManagedSeedSetSpec spec,

        @Doc("Status is the current status of ManagedSeeds and Shoots in this ManagedSeedSet.") @ProtoTag(3) @OmitEmpty
        ManagedSeedSetStatus status) {}
