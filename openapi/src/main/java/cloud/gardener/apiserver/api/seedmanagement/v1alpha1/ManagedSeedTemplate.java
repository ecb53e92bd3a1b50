package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ManagedSeedTemplate is a template for creating a ManagedSeed object.")
public record ManagedSeedTemplate(
        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Specification of the desired behavior of the ManagedSeed.") @ProtoTag(2) @OmitEmpty
        ManagedSeedSpec spec) {}
