package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("PendingWorkersRollout contains the name of a worker pool and the initiation time of their last " + "rollout.")
public record PendingWorkersRollout(
        @Doc("Name is the name of a worker pool.") @ProtoTag(1)
        String name,

        @Doc("LastInitiationTime is the most recent time when the worker rollout was initiated.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time lastInitiationTime) {}
