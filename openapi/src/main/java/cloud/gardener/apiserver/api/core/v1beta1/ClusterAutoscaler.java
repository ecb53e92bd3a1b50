package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;

@Doc("ClusterAutoscaler contains the configuration flags for the Kubernetes cluster autoscaler.")
public record ClusterAutoscaler(
        @Doc("ScaleDownDelayAfterAdd defines how long after scale up that scale down evaluation resumes "
                + "(default: 1 hour).")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Duration scaleDownDelayAfterAdd,

        @Doc("ScaleDownDelayAfterDelete how long after node deletion that scale down evaluation resumes, "
                + "defaults to scanInterval (default: 0 secs).")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Duration scaleDownDelayAfterDelete,

        @Doc("ScaleDownDelayAfterFailure how long after scale down failure that scale down evaluation "
                + "resumes (default: 3 mins).")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Duration scaleDownDelayAfterFailure,

        @Doc("ScaleDownUnneededTime defines how long a node should be unneeded before it is eligible for "
                + "scale down (default: 30 mins).")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration scaleDownUnneededTime,

        @Doc("ScaleDownUtilizationThreshold defines the threshold in fraction (0.0 - 1.0) under which a "
                + "node is being removed (default: 0.5).")
        @ProtoTag(5)
        @OmitEmpty
        Double scaleDownUtilizationThreshold,

        @Doc("ScanInterval how often cluster is reevaluated for scale up or down (default: 10 secs).")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        Duration scanInterval,

        @Doc(
                "Expander defines the algorithm to use during scale up (default: least-waste). See: "
                        + "https://github.com/gardener/autoscaler/blob/machine-controller-manager-provider/cluster-autoscaler/FAQ.md#what-are-expanders.")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        String expander,

        @Doc("MaxNodeProvisionTime defines how long CA waits for node to be provisioned (default: 20 mins).")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        Duration maxNodeProvisionTime,

        @Doc("MaxGracefulTerminationSeconds is the number of seconds CA waits for pod termination when "
                + "trying to scale down a node (default: 600).")
        @ProtoTag(9)
        @OmitEmpty
        Integer maxGracefulTerminationSeconds,

        @Doc("IgnoreTaints specifies a list of taint keys to ignore in node templates when considering to "
                + "scale a node group.\n\nDeprecated: Ignore taints are deprecated and treated as startup taints")
        @ProtoTag(10)
        @OmitEmpty
        List<String> ignoreTaints,

        @Doc("NewPodScaleUpDelay specifies how long CA should ignore newly created pods before they have to "
                + "be considered for scale-up (default: 0s).")
        @ProtoTag(11)
        @OmitEmpty
        @Ptr
        Duration newPodScaleUpDelay,

        @Doc("MaxEmptyBulkDelete specifies the maximum number of empty nodes that can be deleted at the "
                + "same time (default: MaxScaleDownParallelism when that is set).\n\nDeprecated: This field is "
                + "deprecated. Setting this field will be forbidden starting from Kubernetes 1.33 and will be "
                + "removed once gardener drops support for kubernetes v1.32. This cluster-autoscaler field is "
                + "deprecated upstream, use --max-scale-down-parallelism instead.")
        @ProtoTag(12)
        @OmitEmpty
        Integer maxEmptyBulkDelete,

        @Doc("IgnoreDaemonsetsUtilization allows CA to ignore DaemonSet pods when calculating resource "
                + "utilization for scaling down (default: false).")
        @ProtoTag(13)
        @OmitEmpty
        Boolean ignoreDaemonsetsUtilization,

        @Doc("Verbosity allows CA to modify its log level (default: 2).") @ProtoTag(14) @OmitEmpty
        Integer verbosity,

        @Doc("StartupTaints specifies a list of taint keys to ignore in node templates when considering to "
                + "scale a node group. Cluster Autoscaler treats nodes tainted with startup taints as unready, "
                + "but taken into account during scale up logic, assuming they will become ready shortly.")
        @ProtoTag(15)
        @OmitEmpty
        List<String> startupTaints,

        @Doc("StatusTaints specifies a list of taint keys to ignore in node templates when considering to "
                + "scale a node group. Cluster Autoscaler internally treats nodes tainted with status taints as "
                + "ready, but filtered out during scale up logic.")
        @ProtoTag(16)
        @OmitEmpty
        List<String> statusTaints,

        @Doc("MaxScaleDownParallelism specifies the maximum number of nodes (both empty and needing drain) "
                + "that can be deleted in parallel. Default: 10 or MaxEmptyBulkDelete when that is set")
        @ProtoTag(17)
        @OmitEmpty
        Integer maxScaleDownParallelism,

        @Doc("MaxDrainParallelism specifies the maximum number of nodes needing drain, that can be drained "
                + "and deleted in parallel. Default: 1")
        @ProtoTag(18)
        @OmitEmpty
        Integer maxDrainParallelism,

        @Doc("InitialNodeGroupBackoffDuration is the duration of first backoff after a new node failed to "
                + "start (default: 5m).")
        @ProtoTag(19)
        @OmitEmpty
        @Ptr
        Duration initialNodeGroupBackoffDuration,

        @Doc("MaxNodeGroupBackoffDuration is the maximum backoff duration for a NodeGroup after new nodes "
                + "failed to start (default: 30m).")
        @ProtoTag(20)
        @OmitEmpty
        @Ptr
        Duration maxNodeGroupBackoffDuration,

        @Doc("NodeGroupBackoffResetTimeout is the time after last failed scale-up when the backoff duration "
                + "is reset (default: 3h).")
        @ProtoTag(21)
        @OmitEmpty
        @Ptr
        Duration nodeGroupBackoffResetTimeout,

        @Doc("EmitPerNodeGroupMetrics emits additional per node group metrics (default: false).")
        @ProtoTag(22)
        @OmitEmpty
        Boolean emitPerNodeGroupMetrics,

        @Doc("MaxBinpackingTime is the maximum time spent on binpacking for a single scale-up. If "
                + "binpacking is limited by this, scale-up continues with the already calculated scale-up "
                + "options (default: 5m).")
        @ProtoTag(23)
        @OmitEmpty
        @Ptr
        Duration maxBinpackingTime,

        @Doc("Autoscaling contains auto-scaling configuration options for the cluster-autoscaler.")
        @ProtoTag(24)
        @OmitEmpty
        @Ptr
        ControlPlaneAutoscaling autoscaling) {}
