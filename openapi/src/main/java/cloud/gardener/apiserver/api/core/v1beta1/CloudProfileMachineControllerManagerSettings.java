package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("CloudProfileMachineControllerManagerSettings contains a subset of the MachineControllerManagerSettings "
        + "which can be defaulted for a machine type in a CloudProfile.")
public record CloudProfileMachineControllerManagerSettings(
        @Doc("MachineCreationTimeout is the period after which creation of a machine of this machine type is "
                + "declared failed.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Duration machineCreationTimeout) {}
