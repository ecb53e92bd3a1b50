package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Bastion contains the bastions creation info")
public record Bastion(
        @Doc("MachineImage contains the bastions machine image properties") @ProtoTag(1) @OmitEmpty @Ptr
        BastionMachineImage machineImage,

        @Doc("MachineType contains the bastions machine type properties") @ProtoTag(2) @OmitEmpty @Ptr
        BastionMachineType machineType) {}
