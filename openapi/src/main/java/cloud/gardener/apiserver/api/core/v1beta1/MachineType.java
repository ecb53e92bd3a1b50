package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;
import java.util.Map;

@Doc("MachineType contains certain properties of a machine type.")
public record MachineType(
        @Doc("CPU is the number of CPUs for this machine type.") @ProtoTag(1)
        Quantity cpu,

        @Doc("GPU is the number of GPUs for this machine type.") @ProtoTag(2)
        Quantity gpu,

        @Doc("Memory is the amount of memory for this machine type.") @ProtoTag(3)
        Quantity memory,

        @Doc("Name is the name of the machine type.") @ProtoTag(4)
        String name,

        @Doc("Storage is the amount of storage associated with the root volume of this machine type.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        MachineTypeStorage storage,

        @Doc("Usable defines if the machine type can be used for shoot clusters.") @ProtoTag(6) @OmitEmpty
        Boolean usable,

        @Doc("Architecture is the CPU architecture of this machine type.") @ProtoTag(7) @OmitEmpty @Ptr
        String architecture,

        @Doc("Capabilities contains the machine type capabilities.") @ProtoTag(8) @OmitEmpty
        Map<String, List<String>> capabilities,

        @Doc("MachineControllerManagerSettings contains a subset of the MachineControllerManagerSettings which "
                + "can be defaulted for a machine type in a CloudProfile.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        CloudProfileMachineControllerManagerSettings machineControllerManager) {}
