package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootDefaultsTest {

    private static final GroupVersionKind SHOOT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");

    /** Always draws the same hour, so the maintenance window is known. */
    private static final class FixedHour implements RandomGenerator {
        private final int hour;
        private final List<Integer> bounds = new ArrayList<>();

        FixedHour(int hour) {
            this.hour = hour;
        }

        @Override
        public int nextInt(int bound) {
            bounds.add(bound);
            return hour;
        }

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("only nextInt(bound) is expected");
        }
    }

    private static final String HEAD = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: Shoot
            metadata: {name: crazy-botany, namespace: garden-dev}
            """;

    /** A shoot with one worker pool; {@code extra} is appended to its spec (indented by two spaces). */
    private static String withWorkers(String extra) {
        return HEAD + """
                spec:
                  region: local
                  kubernetes: {version: 1.31.1}
                  provider:
                    type: local
                    workers:
                    - {name: pool, machine: {type: local}, minimum: 1, maximum: 2}
                """ + extra;
    }

    /** A shoot with one worker pool whose {@code spec.kubernetes} also has {@code fields} (flow mapping entries). */
    private static String withKubernetes(String fields) {
        return withWorkers("")
                .replace("kubernetes: {version: 1.31.1}", "kubernetes: {version: 1.31.1, " + fields + "}");
    }

    /** A shoot whose only worker pool has {@code fields} (flow mapping entries) besides name, machine and size. */
    private static String pool(String fields) {
        return withWorker("{name: pool, machine: {type: m}, minimum: 1, maximum: 1, " + fields + "}");
    }

    private static String workerless(String extra) {
        return HEAD + """
                spec:
                  region: local
                  kubernetes: {version: 1.31.1}
                  provider: {type: local}
                """ + extra;
    }

    /** A shoot whose only worker pool is {@code worker} (a YAML flow mapping). */
    private static String withWorker(String worker) {
        return HEAD + """
                spec:
                  region: local
                  kubernetes: {version: 1.31.1}
                  provider:
                    type: local
                    workers:
                    - %s
                """.formatted(worker);
    }

    static Stream<Case> cases() {
        return Stream.of(
                row(
                        "workerless shoot: only the general defaults",
                        workerless(""),
                        "/spec/purpose",
                        "evaluation",
                        "/spec/schedulerName",
                        "default-scheduler",
                        "/spec/kubernetes/kubeAPIServer/requests/maxNonMutatingInflight",
                        "400",
                        "/spec/kubernetes/kubeAPIServer/requests/maxMutatingInflight",
                        "200",
                        "/spec/kubernetes/kubeAPIServer/eventTTL",
                        "1h0m0s",
                        "/spec/kubernetes/kubeAPIServer/logging/verbosity",
                        "2",
                        "/spec/kubernetes/kubeAPIServer/encryptionConfig/provider/type",
                        "aescbc",
                        "/spec/kubernetes/kubeAPIServer/defaultNotReadyTolerationSeconds",
                        ABSENT,
                        "/spec/kubernetes/kubeAPIServer/defaultUnreachableTolerationSeconds",
                        ABSENT,
                        "/spec/maintenance/autoUpdate/kubernetesVersion",
                        "true",
                        "/spec/maintenance/autoUpdate/machineImageVersion",
                        ABSENT,
                        "/spec/maintenance/timeWindow/begin",
                        "\"050000+0000\"",
                        "/spec/maintenance/timeWindow/end",
                        "\"060000+0000\"",
                        "/spec/networking/ipFamilies",
                        "[IPv4]",
                        "/spec/kubernetes/kubeControllerManager",
                        ABSENT,
                        "/spec/kubernetes/kubeScheduler",
                        ABSENT,
                        "/spec/kubernetes/kubeProxy",
                        ABSENT,
                        "/spec/kubernetes/kubelet",
                        ABSENT,
                        "/spec/systemComponents",
                        ABSENT,
                        "/spec/provider/workersSettings",
                        ABSENT,
                        "/spec/tolerations",
                        ABSENT,
                        "/spec/addons",
                        ABSENT),
                row(
                        "shoot with workers: control plane, kubelet, worker pool and system component defaults",
                        withWorkers(""),
                        "/spec/kubernetes/kubeAPIServer/defaultNotReadyTolerationSeconds",
                        "300",
                        "/spec/kubernetes/kubeAPIServer/defaultUnreachableTolerationSeconds",
                        "300",
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "24",
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSizeIPv6",
                        ABSENT,
                        "/spec/kubernetes/kubeControllerManager/nodeMonitorGracePeriod",
                        "40s",
                        "/spec/kubernetes/kubeScheduler/profile",
                        "balanced",
                        "/spec/kubernetes/kubeProxy/mode",
                        "IPTables",
                        "/spec/kubernetes/kubeProxy/enabled",
                        "true",
                        "/spec/kubernetes/kubelet/failSwapOn",
                        "true",
                        "/spec/kubernetes/kubelet/memorySwap",
                        ABSENT,
                        "/spec/kubernetes/kubelet/imageMinimumGCAge",
                        "2m0s",
                        "/spec/kubernetes/kubelet/imageMaximumGCAge",
                        "0s",
                        "/spec/kubernetes/kubelet/imageGCHighThresholdPercent",
                        "50",
                        "/spec/kubernetes/kubelet/imageGCLowThresholdPercent",
                        "40",
                        "/spec/kubernetes/kubelet/serializeImagePulls",
                        "true",
                        "/spec/maintenance/autoUpdate/kubernetesVersion",
                        "true",
                        "/spec/maintenance/autoUpdate/machineImageVersion",
                        "true",
                        "/spec/provider/workersSettings/sshAccess/enabled",
                        "true",
                        "/spec/systemComponents/coreDNS/autoscaling/mode",
                        "horizontal",
                        "/spec/provider/workers/0/cri/name",
                        "containerd",
                        "/spec/provider/workers/0/updateStrategy",
                        "AutoRollingUpdate",
                        "/spec/provider/workers/0/maxSurge",
                        "1",
                        "/spec/provider/workers/0/maxUnavailable",
                        "0",
                        "/spec/provider/workers/0/systemComponents/allow",
                        "true",
                        "/spec/provider/workers/0/machineControllerManager",
                        ABSENT,
                        "/spec/provider/workers/0/kubernetes",
                        ABSENT,
                        "/spec/addons",
                        ABSENT,
                        "/spec/schedulerName",
                        "default-scheduler"),
                row(
                        "set values are not overwritten",
                        withWorkers("""
                          purpose: production
                          schedulerName: bin-packing-scheduler
                          maintenance:
                            autoUpdate: {kubernetesVersion: false, machineImageVersion: false}
                            timeWindow: {begin: 220000+0100, end: 230000+0100}
                          networking: {ipFamilies: [IPv4]}
                          systemComponents: {coreDNS: {autoscaling: {mode: cluster-proportional}}}
                        """)
                                .replace("""
                          kubernetes: {version: 1.31.1}
                        """, """
                          kubernetes:
                            version: 1.31.1
                            kubeAPIServer:
                              requests: {maxNonMutatingInflight: 1, maxMutatingInflight: 2}
                              eventTTL: 30m0s
                              logging: {verbosity: 3}
                              encryptionConfig: {provider: {type: aesgcm}}
                              defaultNotReadyTolerationSeconds: 60
                              defaultUnreachableTolerationSeconds: 61
                            kubeControllerManager: {nodeCIDRMaskSize: 20, nodeMonitorGracePeriod: 1m0s}
                            kubeScheduler: {profile: bin-packing}
                            kubeProxy: {mode: IPVS, enabled: false}
                            kubelet:
                              failSwapOn: false
                              imageMinimumGCAge: 3m0s
                              imageMaximumGCAge: 1h0m0s
                              imageGCHighThresholdPercent: 70
                              imageGCLowThresholdPercent: 60
                              serializeImagePulls: false
                        """)
                                .replace(
                                        "maximum: 2}",
                                        "maximum: 2, updateStrategy: AutoRollingUpdate, maxSurge: 25%,"
                                                + " maxUnavailable: 2, cri: {name: containerd}, systemComponents: {allow: false}}")
                                .replace(
                                        "type: local\n    workers",
                                        "type: local\n    workersSettings: {sshAccess: {enabled: false}}\n    workers"),
                        "/spec/purpose",
                        "production",
                        "/spec/schedulerName",
                        "bin-packing-scheduler",
                        "/spec/maintenance/autoUpdate/kubernetesVersion",
                        "false",
                        "/spec/maintenance/autoUpdate/machineImageVersion",
                        "false",
                        "/spec/maintenance/timeWindow/begin",
                        "\"220000+0100\"",
                        "/spec/kubernetes/kubeAPIServer/requests/maxNonMutatingInflight",
                        "1",
                        "/spec/kubernetes/kubeAPIServer/requests/maxMutatingInflight",
                        "2",
                        "/spec/kubernetes/kubeAPIServer/eventTTL",
                        "30m0s",
                        "/spec/kubernetes/kubeAPIServer/logging/verbosity",
                        "3",
                        "/spec/kubernetes/kubeAPIServer/encryptionConfig/provider/type",
                        "aesgcm",
                        "/spec/kubernetes/kubeAPIServer/defaultNotReadyTolerationSeconds",
                        "60",
                        "/spec/kubernetes/kubeAPIServer/defaultUnreachableTolerationSeconds",
                        "61",
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "20",
                        "/spec/kubernetes/kubeControllerManager/nodeMonitorGracePeriod",
                        "1m0s",
                        "/spec/kubernetes/kubeScheduler/profile",
                        "bin-packing",
                        "/spec/kubernetes/kubeProxy/mode",
                        "IPVS",
                        "/spec/kubernetes/kubeProxy/enabled",
                        "false",
                        "/spec/kubernetes/kubelet/failSwapOn",
                        "false",
                        "/spec/kubernetes/kubelet/imageMinimumGCAge",
                        "3m0s",
                        "/spec/kubernetes/kubelet/imageMaximumGCAge",
                        "1h0m0s",
                        "/spec/kubernetes/kubelet/imageGCHighThresholdPercent",
                        "70",
                        "/spec/kubernetes/kubelet/imageGCLowThresholdPercent",
                        "60",
                        "/spec/kubernetes/kubelet/serializeImagePulls",
                        "false",
                        "/spec/provider/workersSettings/sshAccess/enabled",
                        "false",
                        "/spec/systemComponents/coreDNS/autoscaling/mode",
                        "cluster-proportional",
                        "/spec/provider/workers/0/maxSurge",
                        "25%",
                        "/spec/provider/workers/0/maxUnavailable",
                        "2",
                        "/spec/provider/workers/0/systemComponents/allow",
                        "false"),
                row(
                        "nodeCIDRMaskSize leaves room for twice the shoot's maxPods",
                        withKubernetes("kubelet: {maxPods: 250}"),
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "23",
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSizeIPv6",
                        ABSENT),
                row(
                        "nodeCIDRMaskSize follows the largest worker pool maxPods",
                        HEAD + """
                                spec:
                                  region: local
                                  kubernetes: {version: 1.31.1, kubelet: {maxPods: 64}}
                                  provider:
                                    type: local
                                    workers:
                                    - {name: a, machine: {type: m}, minimum: 1, maximum: 1,
                                       kubernetes: {kubelet: {maxPods: 100}}}
                                    - {name: b, machine: {type: m}, minimum: 1, maximum: 1,
                                       kubernetes: {kubelet: {maxPods: 260}}}
                                """,
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "22"),
                row(
                        "an exact power of two needs no extra bit",
                        withKubernetes("kubelet: {maxPods: 128}"),
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "24"),
                row(
                        "IPv6 single-stack: a /64 per node",
                        withWorkers("  networking: {ipFamilies: [IPv6]}\n"),
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "64",
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSizeIPv6",
                        ABSENT,
                        "/spec/networking/ipFamilies",
                        "[IPv6]"),
                row(
                        "IPv6 single-stack: a set IPv6 mask size leaves the other unset",
                        withWorkers("  networking: {ipFamilies: [IPv6]}\n")
                                .replace(
                                        "kubernetes: {version: 1.31.1}",
                                        "kubernetes: {version: 1.31.1, kubeControllerManager: {nodeCIDRMaskSizeIPv6: 80}}"),
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        ABSENT,
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSizeIPv6",
                        "80"),
                row(
                        "dual-stack: both mask sizes",
                        withWorkers("  networking: {ipFamilies: [IPv4, IPv6]}\n"),
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                        "24",
                        "/spec/kubernetes/kubeControllerManager/nodeCIDRMaskSizeIPv6",
                        "64"),
                row(
                        "NodeSwap with failSwapOn off: limited swap",
                        withKubernetes("kubelet: {failSwapOn: false, featureGates: {NodeSwap: true}}"),
                        "/spec/kubernetes/kubelet/memorySwap/swapBehavior",
                        "LimitedSwap"),
                row(
                        "NodeSwap with an explicit swap behaviour keeps it",
                        withKubernetes("kubelet: {failSwapOn: false, featureGates: {NodeSwap: true}, "
                                + "memorySwap: {swapBehavior: NoSwap}}"),
                        "/spec/kubernetes/kubelet/memorySwap/swapBehavior",
                        "NoSwap"),
                row(
                        "NodeSwap with failSwapOn defaulted to true: no swap settings",
                        withKubernetes("kubelet: {featureGates: {NodeSwap: true}}"),
                        "/spec/kubernetes/kubelet/failSwapOn",
                        "true",
                        "/spec/kubernetes/kubelet/memorySwap",
                        ABSENT),
                row(
                        "NodeSwap off: no swap settings",
                        withKubernetes("kubelet: {failSwapOn: false, featureGates: {NodeSwap: false}}"),
                        "/spec/kubernetes/kubelet/memorySwap",
                        ABSENT),
                row(
                        "worker pool kubelet: failSwapOn and limited swap",
                        pool("kubernetes: {kubelet: {failSwapOn: false, featureGates: {NodeSwap: true}}}"),
                        "/spec/provider/workers/0/kubernetes/kubelet/memorySwap/swapBehavior",
                        "LimitedSwap"),
                row(
                        "worker pool kubelet: failSwapOn defaulted, so no swap",
                        pool("kubernetes: {kubelet: {featureGates: {NodeSwap: true}}}"),
                        "/spec/provider/workers/0/kubernetes/kubelet/failSwapOn",
                        "true",
                        "/spec/provider/workers/0/kubernetes/kubelet/memorySwap",
                        ABSENT),
                row(
                        "parallel image pulls: pulls are not serialized",
                        withKubernetes("kubelet: {maxParallelImagePulls: 5}"),
                        "/spec/kubernetes/kubelet/serializeImagePulls",
                        "false",
                        "/spec/kubernetes/kubelet/maxParallelImagePulls",
                        "5"),
                row(
                        "one parallel image pull: pulls are serialized",
                        withKubernetes("kubelet: {maxParallelImagePulls: 1}"),
                        "/spec/kubernetes/kubelet/serializeImagePulls",
                        "true"),
                row(
                        "garden namespace: the protected toleration is added",
                        withWorkers("").replace("namespace: garden-dev", "namespace: garden"),
                        "/spec/tolerations",
                        "[{key: seed.gardener.cloud/protected}]"),
                row(
                        "garden namespace: a key-only protected toleration is not repeated",
                        withWorkers("  tolerations: [{key: seed.gardener.cloud/protected}, {key: other}]\n")
                                .replace("namespace: garden-dev", "namespace: garden"),
                        "/spec/tolerations",
                        "[{key: seed.gardener.cloud/protected}, {key: other}]"),
                row(
                        "garden namespace: a protected toleration with a value does not count",
                        withWorkers("  tolerations: [{key: seed.gardener.cloud/protected, value: x}]\n")
                                .replace("namespace: garden-dev", "namespace: garden"),
                        "/spec/tolerations",
                        "[{key: seed.gardener.cloud/protected, value: x}," + " {key: seed.gardener.cloud/protected}]"),
                row(
                        "other namespaces: tolerations untouched",
                        withWorkers("  tolerations: [{key: other}]\n"),
                        "/spec/tolerations",
                        "[{key: other}]"),
                row(
                        "dashboard enabled: token authentication",
                        withWorkers("  addons: {kubernetesDashboard: {enabled: true}}\n"),
                        "/spec/addons/kubernetesDashboard/authenticationMode",
                        "token"),
                row(
                        "dashboard disabled: no authentication mode",
                        withWorkers("  addons: {kubernetesDashboard: {enabled: false}}\n"),
                        "/spec/addons/kubernetesDashboard/authenticationMode",
                        ABSENT),
                row(
                        "dashboard authentication mode is kept",
                        withWorkers("  addons: {kubernetesDashboard: {enabled: true, authenticationMode: basic}}\n"),
                        "/spec/addons/kubernetesDashboard/authenticationMode",
                        "basic"),
                row(
                        "dashboard of a workerless shoot: no defaults",
                        workerless("  addons: {kubernetesDashboard: {enabled: true}}\n"),
                        "/spec/addons/kubernetesDashboard/authenticationMode",
                        ABSENT),
                row(
                        "nginx ingress: external traffic policy Cluster",
                        withWorkers("  addons: {nginxIngress: {}}\n"),
                        "/spec/addons/nginxIngress/externalTrafficPolicy",
                        "Cluster",
                        "/spec/addons/kubernetesDashboard",
                        ABSENT),
                row(
                        "nginx ingress: external traffic policy kept",
                        withWorkers("  addons: {nginxIngress: {externalTrafficPolicy: Local}}\n"),
                        "/spec/addons/nginxIngress/externalTrafficPolicy",
                        "Local"),
                row(
                        "credentials auto-rotation: a week unless set",
                        withWorkers("""
                          maintenance:
                            autoRotation:
                              credentials:
                                observability: {}
                                sshKeypair: {rotationPeriod: 24h0m0s}
                        """),
                        "/spec/maintenance/autoRotation/credentials/observability/rotationPeriod",
                        "168h0m0s",
                        "/spec/maintenance/autoRotation/credentials/sshKeypair/rotationPeriod",
                        "24h0m0s",
                        "/spec/maintenance/autoRotation/credentials/etcdEncryptionKey",
                        ABSENT),
                row(
                        "auto in-place update: no surge, one unavailable, health timeout off",
                        pool("updateStrategy: AutoInPlaceUpdate"),
                        "/spec/provider/workers/0/maxSurge",
                        "0",
                        "/spec/provider/workers/0/maxUnavailable",
                        "1",
                        "/spec/provider/workers/0/machineControllerManager/disableHealthTimeout",
                        "true"),
                row(
                        "manual in-place update: no surge defaults, health timeout off",
                        pool("updateStrategy: ManualInPlaceUpdate, machineControllerManager: {maxEvictRetries: 3}"),
                        "/spec/provider/workers/0/maxSurge",
                        ABSENT,
                        "/spec/provider/workers/0/maxUnavailable",
                        ABSENT,
                        "/spec/provider/workers/0/machineControllerManager/maxEvictRetries",
                        "3",
                        "/spec/provider/workers/0/machineControllerManager/disableHealthTimeout",
                        "true"),
                row(
                        "in-place update: set values kept",
                        pool("updateStrategy: AutoInPlaceUpdate, maxSurge: 1, maxUnavailable: 3, "
                                + "machineControllerManager: {disableHealthTimeout: false}"),
                        "/spec/provider/workers/0/maxSurge",
                        "1",
                        "/spec/provider/workers/0/maxUnavailable",
                        "3",
                        "/spec/provider/workers/0/machineControllerManager/disableHealthTimeout",
                        "false"),
                row(
                        "cluster autoscaler: every setting",
                        withKubernetes("clusterAutoscaler: {}"),
                        "/spec/kubernetes/clusterAutoscaler/scaleDownDelayAfterAdd",
                        "1h0m0s",
                        "/spec/kubernetes/clusterAutoscaler/scaleDownDelayAfterDelete",
                        "0s",
                        "/spec/kubernetes/clusterAutoscaler/scaleDownDelayAfterFailure",
                        "3m0s",
                        "/spec/kubernetes/clusterAutoscaler/scaleDownUnneededTime",
                        "30m0s",
                        "/spec/kubernetes/clusterAutoscaler/scaleDownUtilizationThreshold",
                        "0.5",
                        "/spec/kubernetes/clusterAutoscaler/scanInterval",
                        "10s",
                        "/spec/kubernetes/clusterAutoscaler/expander",
                        "least-waste",
                        "/spec/kubernetes/clusterAutoscaler/maxNodeProvisionTime",
                        "20m0s",
                        "/spec/kubernetes/clusterAutoscaler/maxGracefulTerminationSeconds",
                        "600",
                        "/spec/kubernetes/clusterAutoscaler/ignoreDaemonsetsUtilization",
                        "false",
                        "/spec/kubernetes/clusterAutoscaler/emitPerNodeGroupMetrics",
                        "false",
                        "/spec/kubernetes/clusterAutoscaler/verbosity",
                        "2",
                        "/spec/kubernetes/clusterAutoscaler/newPodScaleUpDelay",
                        "0s",
                        "/spec/kubernetes/clusterAutoscaler/maxScaleDownParallelism",
                        "10",
                        "/spec/kubernetes/clusterAutoscaler/maxDrainParallelism",
                        "1",
                        "/spec/kubernetes/clusterAutoscaler/initialNodeGroupBackoffDuration",
                        "5m0s",
                        "/spec/kubernetes/clusterAutoscaler/maxNodeGroupBackoffDuration",
                        "30m0s",
                        "/spec/kubernetes/clusterAutoscaler/nodeGroupBackoffResetTimeout",
                        "3h0m0s",
                        "/spec/kubernetes/clusterAutoscaler/maxBinpackingTime",
                        "5m0s"),
                row(
                        "cluster autoscaler: maxScaleDownParallelism follows maxEmptyBulkDelete",
                        withKubernetes("clusterAutoscaler: {maxEmptyBulkDelete: 20}"),
                        "/spec/kubernetes/clusterAutoscaler/maxScaleDownParallelism",
                        "20",
                        "/spec/kubernetes/clusterAutoscaler/maxEmptyBulkDelete",
                        "20"),
                row(
                        "cluster autoscaler: set values kept",
                        withKubernetes("clusterAutoscaler: {scaleDownUtilizationThreshold: 0.7, "
                                + "expander: random, maxScaleDownParallelism: 4, maxEmptyBulkDelete: 20, "
                                + "scanInterval: 1m0s, ignoreDaemonsetsUtilization: true}"),
                        "/spec/kubernetes/clusterAutoscaler/scaleDownUtilizationThreshold",
                        "0.7",
                        "/spec/kubernetes/clusterAutoscaler/expander",
                        "random",
                        "/spec/kubernetes/clusterAutoscaler/maxScaleDownParallelism",
                        "4",
                        "/spec/kubernetes/clusterAutoscaler/scanInterval",
                        "1m0s",
                        "/spec/kubernetes/clusterAutoscaler/ignoreDaemonsetsUtilization",
                        "true"),
                row(
                        "vertical pod autoscaler: every setting",
                        withKubernetes("verticalPodAutoscaler: {enabled: true}"),
                        "/spec/kubernetes/verticalPodAutoscaler/evictAfterOOMThreshold",
                        "10m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/evictionRateBurst",
                        "1",
                        "/spec/kubernetes/verticalPodAutoscaler/evictionRateLimit",
                        "-1",
                        "/spec/kubernetes/verticalPodAutoscaler/evictionTolerance",
                        "0.5",
                        "/spec/kubernetes/verticalPodAutoscaler/recommendationMarginFraction",
                        "0.15",
                        "/spec/kubernetes/verticalPodAutoscaler/updaterInterval",
                        "1m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/recommenderInterval",
                        "1m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/targetCPUPercentile",
                        "0.9",
                        "/spec/kubernetes/verticalPodAutoscaler/recommendationLowerBoundCPUPercentile",
                        "0.5",
                        "/spec/kubernetes/verticalPodAutoscaler/recommendationUpperBoundCPUPercentile",
                        "0.95",
                        "/spec/kubernetes/verticalPodAutoscaler/cpuHistogramDecayHalfLife",
                        "24h0m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/targetMemoryPercentile",
                        "0.9",
                        "/spec/kubernetes/verticalPodAutoscaler/recommendationLowerBoundMemoryPercentile",
                        "0.5",
                        "/spec/kubernetes/verticalPodAutoscaler/recommendationUpperBoundMemoryPercentile",
                        "0.95",
                        "/spec/kubernetes/verticalPodAutoscaler/memoryHistogramDecayHalfLife",
                        "24h0m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/memoryAggregationInterval",
                        "24h0m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/memoryAggregationIntervalCount",
                        "8",
                        "/spec/kubernetes/verticalPodAutoscaler/recommenderUpdateWorkerCount",
                        "10"),
                row(
                        "vertical pod autoscaler: set values kept",
                        withKubernetes("verticalPodAutoscaler: {enabled: true, evictionRateLimit: 2.5, "
                                + "updaterInterval: 2m0s, recommenderUpdateWorkerCount: 3}"),
                        "/spec/kubernetes/verticalPodAutoscaler/evictionRateLimit",
                        "2.5",
                        "/spec/kubernetes/verticalPodAutoscaler/updaterInterval",
                        "2m0s",
                        "/spec/kubernetes/verticalPodAutoscaler/recommenderUpdateWorkerCount",
                        "3"),
                row(
                        "an unknown CoreDNS autoscaling mode becomes horizontal",
                        withWorkers("  systemComponents: {coreDNS: {autoscaling: {mode: vertical}}}\n"),
                        "/spec/systemComponents/coreDNS/autoscaling/mode",
                        "horizontal"),
                row(
                        "self-hosted exposure extension: type from the provider",
                        pool("controlPlane: {exposure: {extension: {}}}"),
                        "/spec/provider/workers/0/controlPlane/exposure/extension/type",
                        "local"),
                row(
                        "self-hosted exposure extension: type kept",
                        pool("controlPlane: {exposure: {extension: {type: other}}}"),
                        "/spec/provider/workers/0/controlPlane/exposure/extension/type",
                        "other"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(SHOOT, new ShootDefaults(new FixedHour(5)), c);
    }

    @Test
    void maintenanceWindowIsAOneHourWindowStartingAtARandomHourBefore23() {
        FixedHour random = new FixedHour(22);
        ObjectNode shoot =
                DefaultingTable.served(SHOOT, new ShootDefaults(random), DefaultingTable.yaml(workerless("")));

        assertThat(random.bounds).containsExactly(23);
        assertThat(shoot.at("/spec/maintenance/timeWindow/begin").asText()).isEqualTo("220000+0000");
        assertThat(shoot.at("/spec/maintenance/timeWindow/end").asText()).isEqualTo("230000+0000");
    }

    @Test
    void maintenanceTimesHaveTwoDigitHours() {
        assertThat(ShootDefaults.maintenanceTime(0)).isEqualTo("000000+0000");
        assertThat(ShootDefaults.maintenanceTime(9)).isEqualTo("090000+0000");
        assertThat(ShootDefaults.maintenanceTime(10)).isEqualTo("100000+0000");
        assertThat(ShootDefaults.maintenanceTime(23)).isEqualTo("230000+0000");
    }

    @Test
    void aSetMaintenanceWindowDrawsNoRandomNumber() {
        FixedHour random = new FixedHour(3);
        ObjectNode shoot = DefaultingTable.served(
                SHOOT,
                new ShootDefaults(random),
                DefaultingTable.yaml(
                        workerless("  maintenance: {timeWindow: {begin: 010000+0000, end: 020000+0000}}\n")));

        assertThat(random.bounds).isEmpty();
        assertThat(shoot.at("/spec/maintenance/timeWindow/begin").asText()).isEqualTo("010000+0000");
    }

    @Test
    void theSystemRandomWindowIsWellFormed() {
        ObjectNode shoot = DefaultingTable.yaml(workerless(""));
        new ShootDefaults().apply(shoot);

        String begin = shoot.at("/spec/maintenance/timeWindow/begin").asText();
        String end = shoot.at("/spec/maintenance/timeWindow/end").asText();
        assertThat(begin).matches("(0\\d|1\\d|2[0-2])0000\\+0000");
        assertThat(Integer.parseInt(end.substring(0, 2))).isEqualTo(Integer.parseInt(begin.substring(0, 2)) + 1);
    }
}
