package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("HorizontalPodAutoscalerConfig contains horizontal pod autoscaler configuration settings for the "
        + "kube-controller-manager. Note: Descriptions were taken from the Kubernetes documentation.")
public record HorizontalPodAutoscalerConfig(
        @Doc("The period after which a ready pod transition is considered to be the first.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Duration cpuInitializationPeriod,

        @Doc("The configurable window at which the controller will choose the highest recommendation for "
                + "autoscaling.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Duration downscaleStabilization,

        @Doc("The configurable period at which the horizontal pod autoscaler considers a Pod “not yet "
                + "ready” given that it’s unready and it has  transitioned to unready during that time.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration initialReadinessDelay,

        @Doc("The period for syncing the number of pods in horizontal pod autoscaler.") @ProtoTag(5) @OmitEmpty @Ptr
        Duration syncPeriod,

        @Doc("The minimum change (from 1.0) in the desired-to-actual metrics ratio for the horizontal pod "
                + "autoscaler to consider scaling.")
        @ProtoTag(6)
        @OmitEmpty
        Double tolerance) {}
