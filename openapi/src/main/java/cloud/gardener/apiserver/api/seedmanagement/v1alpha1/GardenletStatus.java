package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("GardenletStatus is the status of a Gardenlet.")
public record GardenletStatus(
        @Doc("Conditions represents the latest available observations of a Gardenlet's current state.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("ObservedGeneration is the most recent generation observed for this Gardenlet. It corresponds to the "
                + "Gardenlet's generation, which is updated on mutation by the API Server.")
        @ProtoTag(2)
        @OmitEmpty
        long observedGeneration) {}
