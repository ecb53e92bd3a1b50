package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("InPlaceUpdatesStatus contains information about in-place updates for the Shoot workers.")
public record InPlaceUpdatesStatus(
        @Doc("PendingWorkerUpdates contains information about worker pools pending in-place updates.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        PendingWorkerUpdates pendingWorkerUpdates) {}
