package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("MaintenanceTimeWindow contains information about the time window for maintenance operations.")
public record MaintenanceTimeWindow(
        @Doc("Begin is the beginning of the time window in the format HHMMSS±ZONE, e.g. \"220000+0100\" or "
                + "\"220000-0500\". If not present, a random value will be computed.")
        @ProtoTag(1)
        String begin,

        @Doc("End is the end of the time window in the format HHMMSS±ZONE, e.g. \"220000+0100\" or "
                + "\"220000-0500\". If not present, the value will be computed based on the \"Begin\" value.")
        @ProtoTag(2)
        String end) {}
