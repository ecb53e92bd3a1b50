package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("MaintenanceRotationConfig contains configuration for automatic rotation.")
public record MaintenanceRotationConfig(
        @Doc("RotationPeriod is the period between a completed rotation and the start of a new rotation "
                + "(default: 7d). The allowed rotation period is between 30m and 90d. When set to 0, rotation is "
                + "disabled.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Duration rotationPeriod) {}
