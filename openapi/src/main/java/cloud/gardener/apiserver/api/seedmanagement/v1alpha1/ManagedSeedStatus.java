package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ManagedSeedStatus is the status of a ManagedSeed.")
public record ManagedSeedStatus(
        @Doc("Conditions represents the latest available observations of a ManagedSeed's current state.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("ObservedGeneration is the most recent generation observed for this ManagedSeed. It corresponds to "
                + "the ManagedSeed's generation, which is updated on mutation by the API Server.")
        @ProtoTag(2)
        @OmitEmpty
        long observedGeneration) {}
