package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.Map;

@Doc("VerticalPodAutoscaler contains the configuration flags for the Kubernetes vertical pod autoscaler.")
public record VerticalPodAutoscaler(
        @Doc("Enabled specifies whether the Kubernetes VPA shall be enabled for the shoot cluster.") @ProtoTag(1)
        boolean enabled,

        @Doc("EvictAfterOOMThreshold defines the threshold that will lead to pod eviction in case it OOMed "
                + "in less than the given threshold since its start and if it has only one container (default: "
                + "10m0s).")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Duration evictAfterOOMThreshold,

        @Doc("EvictionRateBurst defines the burst of pods that can be evicted (default: 1)") @ProtoTag(3) @OmitEmpty
        Integer evictionRateBurst,

        @Doc("EvictionRateLimit defines the number of pods that can be evicted per second. A rate limit set "
                + "to 0 or -1 will disable the rate limiter (default: -1).")
        @ProtoTag(4)
        @OmitEmpty
        Double evictionRateLimit,

        @Doc("EvictionTolerance defines the fraction of replica count that can be evicted for update in "
                + "case more than one pod can be evicted (default: 0.5).")
        @ProtoTag(5)
        @OmitEmpty
        Double evictionTolerance,

        @Doc("RecommendationMarginFraction is the fraction of usage added as the safety margin to the "
                + "recommended request (default: 0.15).")
        @ProtoTag(6)
        @OmitEmpty
        Double recommendationMarginFraction,

        @Doc("UpdaterInterval is the interval how often the updater should run (default: 1m0s).")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        Duration updaterInterval,

        @Doc("RecommenderInterval is the interval how often metrics should be fetched (default: 1m0s).")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        Duration recommenderInterval,

        @Doc("TargetCPUPercentile is the usage percentile that will be used as a base for CPU target "
                + "recommendation. Doesn't affect CPU lower bound, CPU upper bound nor memory recommendations. "
                + "(default: 0.9)")
        @ProtoTag(9)
        @OmitEmpty
        Double targetCPUPercentile,

        @Doc("RecommendationLowerBoundCPUPercentile is the usage percentile that will be used for the lower "
                + "bound on CPU recommendation. (default: 0.5)")
        @ProtoTag(10)
        @OmitEmpty
        Double recommendationLowerBoundCPUPercentile,

        @Doc("RecommendationUpperBoundCPUPercentile is the usage percentile that will be used for the upper "
                + "bound on CPU recommendation. (default: 0.95)")
        @ProtoTag(11)
        @OmitEmpty
        Double recommendationUpperBoundCPUPercentile,

        @Doc("TargetMemoryPercentile is the usage percentile that will be used as a base for memory target "
                + "recommendation. Doesn't affect memory lower bound nor memory upper bound. (default: 0.9)")
        @ProtoTag(12)
        @OmitEmpty
        Double targetMemoryPercentile,

        @Doc("RecommendationLowerBoundMemoryPercentile is the usage percentile that will be used for the "
                + "lower bound on memory recommendation. (default: 0.5)")
        @ProtoTag(13)
        @OmitEmpty
        Double recommendationLowerBoundMemoryPercentile,

        @Doc("RecommendationUpperBoundMemoryPercentile is the usage percentile that will be used for the "
                + "upper bound on memory recommendation. (default: 0.95)")
        @ProtoTag(14)
        @OmitEmpty
        Double recommendationUpperBoundMemoryPercentile,

        @Doc("CPUHistogramDecayHalfLife is the amount of time it takes a historical CPU usage sample to "
                + "lose half of its weight. (default: 24h)")
        @ProtoTag(15)
        @OmitEmpty
        @Ptr
        Duration cpuHistogramDecayHalfLife,

        @Doc("MemoryHistogramDecayHalfLife is the amount of time it takes a historical memory usage sample "
                + "to lose half of its weight. (default: 24h)")
        @ProtoTag(16)
        @OmitEmpty
        @Ptr
        Duration memoryHistogramDecayHalfLife,

        @Doc("MemoryAggregationInterval is the length of a single interval, for which the peak memory usage "
                + "is computed. (default: 24h)")
        @ProtoTag(17)
        @OmitEmpty
        @Ptr
        Duration memoryAggregationInterval,

        @Doc("MemoryAggregationIntervalCount is the number of consecutive memory-aggregation-intervals "
                + "which make up the MemoryAggregationWindowLength which in turn is the period for memory usage "
                + "aggregation by VPA. In other words, `MemoryAggregationWindowLength = "
                + "memory-aggregation-interval * memory-aggregation-interval-count`. (default: 8)")
        @ProtoTag(18)
        @OmitEmpty
        Long memoryAggregationIntervalCount,

        @Doc("FeatureGates contains information about enabled feature gates.") @ProtoTag(19) @OmitEmpty
        Map<String, Boolean> featureGates,

        @Doc(
                "MaxAllowed specifies the global maximum allowed (maximum amount of resources) that "
                        + "vpa-recommender can recommend for a container. The VerticalPodAutoscaler-level maximum "
                        + "allowed takes precedence over the global maximum allowed. For more information, see "
                        + "https://github.com/kubernetes/autoscaler/blob/master/vertical-pod-autoscaler/docs/examples.md#specifying-global-maximum-allowed-resources-to-prevent-pods-from-being-unschedulable.\n\nDefaults to nil (no maximum).")
        @ProtoTag(20)
        @OmitEmpty
        Map<String, Quantity> maxAllowed,

        @Doc("RecommenderUpdateWorkerCount is the number of workers used in the vpa-recommender for "
                + "updating VPAs and VPACheckpoints in parallel. (default: 10)")
        @ProtoTag(21)
        @OmitEmpty
        Long recommenderUpdateWorkerCount) {}
