package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;

@Doc("MachineControllerManagerSettings contains configurations for different worker-pools. Eg. "
        + "MachineDrainTimeout, MachineHealthTimeout.")
public record MachineControllerManagerSettings(
        @Doc("MachineDrainTimeout is the period after which machine is forcefully deleted.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Duration machineDrainTimeout,

        @Doc("MachineHealthTimeout is the period after which machine is declared failed.") @ProtoTag(2) @OmitEmpty @Ptr
        Duration machineHealthTimeout,

        @Doc("MachineCreationTimeout is the period after which creation of the machine is declared failed.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Duration machineCreationTimeout,

        @Doc("MaxEvictRetries are the number of eviction retries on a pod after which drain is declared "
                + "failed, and forceful deletion is triggered.")
        @ProtoTag(4)
        @OmitEmpty
        Integer maxEvictRetries,

        @Doc("NodeConditions are the set of conditions if set to true for the period of "
                + "MachineHealthTimeout, machine will be declared failed.")
        @ProtoTag(5)
        @OmitEmpty
        List<String> nodeConditions,

        @Doc("MachineInPlaceUpdateTimeout is the timeout after which in-place update is declared failed.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        Duration inPlaceUpdateTimeout,

        @Doc("DisableHealthTimeout if set to true, health timeout will be ignored. Leading to machine never "
                + "being declared failed. This is intended to be used only for in-place updates.")
        @ProtoTag(7)
        @OmitEmpty
        Boolean disableHealthTimeout,

        @Doc("MachinePreserveTimeout defines the duration after which machine preservation is disabled. If "
                + "preservation is disabled while the machine is in the Failed phase, the machine transitions to "
                + "the Terminating phase. For machines in any other phase, disabling preservation does not alter "
                + "the current phase, and normal behavior and phase transitions continue as usual. However, the "
                + "Cluster Autoscaler (CA) may scale down the machine if required.")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        Duration machinePreserveTimeout,

        @Doc("AutoPreserveFailedMachineMax is the maximum number of machines that can be auto-preserved by "
                + "MCM for the worker pool. This value is distributed across zones like Minimum and Maximum.")
        @ProtoTag(9)
        @OmitEmpty
        Integer autoPreserveFailedMachineMax) {}
