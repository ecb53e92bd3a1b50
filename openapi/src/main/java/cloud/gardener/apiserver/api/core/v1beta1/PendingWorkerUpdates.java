package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("PendingWorkerUpdates contains information about worker pools pending in-place update.")
public record PendingWorkerUpdates(
        @Doc("AutoInPlaceUpdate contains the names of the pending worker pools with strategy " + "AutoInPlaceUpdate.")
        @ProtoTag(1)
        @OmitEmpty
        List<String> autoInPlaceUpdate,

        @Doc("ManualInPlaceUpdate contains the names of the pending worker pools with strategy "
                + "ManualInPlaceUpdate.")
        @ProtoTag(2)
        @OmitEmpty
        List<String> manualInPlaceUpdate) {}
