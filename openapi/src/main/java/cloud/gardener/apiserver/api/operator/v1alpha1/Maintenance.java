package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.MaintenanceTimeWindow;
import cloud.gardener.apiserver.api.model.Doc;

@Doc("Maintenance contains information about the time window for maintenance operations.")
public record Maintenance(
        @Doc("TimeWindow contains information about the time window for maintenance operations.")
        MaintenanceTimeWindow timeWindow) {}
