package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("WorkloadIdentityKeyRotation contains information about the workload identity key credential rotation.")
public record WorkloadIdentityKeyRotation(
        @Doc("Phase describes the phase of the workload identity key credential rotation.")
        String phase,

        @Doc("LastCompletionTime is the most recent time when the workload identity key credential rotation was "
                + "successfully completed.")
        @OmitEmpty
        @Ptr
        Time lastCompletionTime,

        @Doc("LastInitiationTime is the most recent time when the workload identity key credential rotation was "
                + "initiated.")
        @OmitEmpty
        @Ptr
        Time lastInitiationTime,

        @Doc("LastInitiationFinishedTime is the recent time when the workload identity key credential rotation "
                + "initiation was completed.")
        @OmitEmpty
        @Ptr
        Time lastInitiationFinishedTime,

        @Doc("LastCompletionTriggeredTime is the recent time when the workload identity key credential rotation "
                + "completion was triggered.")
        @OmitEmpty
        @Ptr
        Time lastCompletionTriggeredTime) {}
