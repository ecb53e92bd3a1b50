package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("CARotation contains information about the certificate authority credential rotation.")
public record CARotation(
        @Doc("Phase describes the phase of the certificate authority credential rotation.") @ProtoTag(1)
        String phase,

        @Doc("LastCompletionTime is the most recent time when the certificate authority credential rotation "
                + "was successfully completed.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time lastCompletionTime,

        @Doc("LastInitiationTime is the most recent time when the certificate authority credential rotation "
                + "was initiated.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Time lastInitiationTime,

        @Doc("LastInitiationFinishedTime is the recent time when the certificate authority credential "
                + "rotation initiation was completed.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Time lastInitiationFinishedTime,

        @Doc("LastCompletionTriggeredTime is the recent time when the certificate authority credential "
                + "rotation completion was triggered.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Time lastCompletionTriggeredTime,

        @Doc("PendingWorkersRollouts contains the name of a worker pool and the initiation time of their "
                + "last rollout due to credentials rotation.")
        @ProtoTag(6)
        @OmitEmpty
        List<PendingWorkersRollout> pendingWorkersRollouts) {}
