package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Maintenance contains information about the time window for maintenance operations and which "
        + "operations should be performed.")
public record Maintenance(
        @Doc("AutoUpdate contains information about which constraints should be automatically updated.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        MaintenanceAutoUpdate autoUpdate,

        @Doc("TimeWindow contains information about the time window for maintenance operations.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        MaintenanceTimeWindow timeWindow,

        @Doc("ConfineSpecUpdateRollout prevents that changes/updates to the shoot specification will be "
                + "rolled out immediately. Instead, they are rolled out during the shoot's maintenance time "
                + "window. There is one exception that will trigger an immediate roll out which is changes to "
                + "the Spec.Hibernation.Enabled field.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean confineSpecUpdateRollout,

        @Doc("AutoRotation contains information about which rotations should be automatically performed.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        MaintenanceAutoRotation autoRotation) {}
