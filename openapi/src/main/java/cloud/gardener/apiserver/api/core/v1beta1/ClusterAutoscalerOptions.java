package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("ClusterAutoscalerOptions contains the cluster autoscaler configurations for a worker pool.")
public record ClusterAutoscalerOptions(
        @Doc("ScaleDownUtilizationThreshold defines the threshold in fraction (0.0 - 1.0) under which a "
                + "node is being removed.")
        @ProtoTag(1)
        @OmitEmpty
        Double scaleDownUtilizationThreshold,

        @Doc("ScaleDownGpuUtilizationThreshold defines the threshold in fraction (0.0 - 1.0) of gpu "
                + "resources under which a node is being removed.")
        @ProtoTag(2)
        @OmitEmpty
        Double scaleDownGpuUtilizationThreshold,

        @Doc("ScaleDownUnneededTime defines how long a node should be unneeded before it is eligible for "
                + "scale down.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Duration scaleDownUnneededTime,

        @Doc("ScaleDownUnreadyTime defines how long an unready node should be unneeded before it is "
                + "eligible for scale down.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration scaleDownUnreadyTime,

        @Doc("MaxNodeProvisionTime defines how long CA waits for node to be provisioned.") @ProtoTag(5) @OmitEmpty @Ptr
        Duration maxNodeProvisionTime) {}
