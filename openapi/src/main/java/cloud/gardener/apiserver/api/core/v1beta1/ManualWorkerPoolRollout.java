package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ManualWorkerPoolRollout contains information about the worker pool rollout progress that has been "
        + "initiated via the gardener.cloud/operation=rollout-workers annotation.")
public record ManualWorkerPoolRollout(
        @Doc("PendingWorkersRollouts contains the names of the worker pools that are still pending rollout.")
        @ProtoTag(1)
        @OmitEmpty
        List<PendingWorkersRollout> pendingWorkersRollouts) {}
