package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("CARotation contains information about the certificate authority credential rotation.")
public record CARotation(
        @Doc("Phase describes the phase of the certificate authority credential rotation.")
        String phase,
        @Doc("LastCompletionTime is the most recent time when the certificate authority credential rotation "
                + "was successfully completed.")
        @OmitEmpty @Ptr Time lastCompletionTime,
        @Doc("LastInitiationTime is the most recent time when the certificate authority credential rotation "
                + "was initiated.")
        @OmitEmpty @Ptr Time lastInitiationTime,
        @Doc("LastInitiationFinishedTime is the recent time when the certificate authority credential "
                + "rotation initiation was completed.")
        @OmitEmpty @Ptr Time lastInitiationFinishedTime,
        @Doc("LastCompletionTriggeredTime is the recent time when the certificate authority credential "
                + "rotation completion was triggered.")
        @OmitEmpty @Ptr Time lastCompletionTriggeredTime,
        @Doc("PendingWorkersRollouts contains the name of a worker pool and the initiation time of their "
                + "last rollout due to credentials rotation.")
        @OmitEmpty List<PendingWorkersRollout> pendingWorkersRollouts) {
}
