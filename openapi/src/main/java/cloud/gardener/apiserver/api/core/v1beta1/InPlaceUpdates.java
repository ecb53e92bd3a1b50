package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("InPlaceUpdates contains the configuration for in-place updates for a machine image version.")
public record InPlaceUpdates(
        @Doc("Supported indicates whether in-place updates are supported for this machine image version.") @ProtoTag(1)
        boolean supported,

        @Doc("MinVersionForInPlaceUpdate specifies the minimum supported version from which an in-place update "
                + "to this machine image version can be performed.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String minVersionForUpdate) {}
