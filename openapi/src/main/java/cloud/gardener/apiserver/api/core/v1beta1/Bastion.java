package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Bastion contains the bastions creation info")
public record Bastion(
        @Doc("MachineImage contains the bastions machine image properties")
        @OmitEmpty @Ptr BastionMachineImage machineImage,
        @Doc("MachineType contains the bastions machine type properties")
        @OmitEmpty @Ptr BastionMachineType machineType) {
}
