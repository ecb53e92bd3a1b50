package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ManagedSeedSpec is the specification of a ManagedSeed.")
public record ManagedSeedSpec(
        @Doc("Shoot references a Shoot that should be registered as Seed. This field is immutable.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Shoot shoot,

        @Doc("Gardenlet specifies that the ManagedSeed controller should deploy a gardenlet into the cluster with "
                + "the given deployment parameters and GardenletConfiguration.")
        @ProtoTag(3)
        GardenletConfig gardenlet) {}
