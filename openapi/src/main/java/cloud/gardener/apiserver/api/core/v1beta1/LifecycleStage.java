package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("LifecycleStage describes a stage in the versions lifecycle. Each stage defines the classification of the "
        + "version (e.g. unavailable, preview, supported, deprecated, expired) and the time at which this "
        + "classification becomes effective.")
public record LifecycleStage(
        @Doc("Classification is the category of this lifecycle stage (unavailable, preview, supported, "
                + "deprecated, expired).")
        @ProtoTag(1)
        String classification,

        @Doc("StartTime defines when this lifecycle stage becomes active. StartTime can be omitted for the "
                + "first lifecycle stage, implying a start time in the past.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time startTime) {}
