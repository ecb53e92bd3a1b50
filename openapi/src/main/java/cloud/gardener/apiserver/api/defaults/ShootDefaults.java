package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.NODES;
import static cloud.gardener.apiserver.api.defaults.JsonTree.absent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.array;
import static cloud.gardener.apiserver.api.defaults.JsonTree.duration;
import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.goFloat;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfEmpty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.strings;
import static cloud.gardener.apiserver.api.defaults.JsonTree.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.random.RandomGenerator;
import java.util.stream.StreamSupport;

/**
 * Gardener's Shoot defaulting (core v1beta1 {@code SetObjectDefaults_Shoot}): purpose, the {@code protected}
 * toleration in the {@code garden} namespace, maintenance (auto-update, a random one-hour time window, rotation
 * periods), networking IP families, the control-plane components' settings (kube-apiserver always; kube-controller-
 * manager, scheduler, proxy, kubelet, system components and worker settings only for shoots with workers), the
 * cluster-autoscaler and VPA settings when configured, and each worker pool (CRI, update strategy, max surge and
 * unavailable, system components). In v1.150 none of these depend on the Kubernetes version.
 *
 * <p>The only non-deterministic default is the maintenance time window: Gardener picks a random start hour in
 * [0, 23) for a one-hour window. The hour is drawn from the {@link RandomGenerator} given to the constructor, so
 * tests can fix it; the instance registered in {@link Defaulters} uses a thread-safe {@link Random}. An object
 * that already has a window keeps it, so defaulting twice gives the same result as once.
 */
public final class ShootDefaults implements Defaulter {

    /** Gardener's {@code DefaultSchedulerName}. */
    static final String DEFAULT_SCHEDULER_NAME = "default-scheduler";
    /** kubelet's own default of {@code maxPods}, used to size the node CIDR when nobody set one. */
    private static final int KUBELET_DEFAULT_MAX_PODS = 110;

    private static final List<String> ROTATED_CREDENTIALS = List.of("observability", "sshKeypair", "etcdEncryptionKey");

    private final RandomGenerator random;

    /** Draws maintenance windows from a thread-safe, system-seeded {@link Random}. */
    public ShootDefaults() {
        this(new Random());
    }

    /** @param random source of the maintenance window's start hour ({@code nextInt(23)}); must be thread-safe */
    public ShootDefaults(RandomGenerator random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    @Override
    public void apply(ObjectNode shoot) {
        ObjectNode spec = object(shoot, "spec");
        setShootDefaults(shoot, spec);
        // The nested defaulters Go's generated SetObjectDefaults_Shoot calls after SetDefaults_Shoot, in its order.
        ObjectNode kubernetes = object(spec, "kubernetes");
        existing(spec, "addons", "nginxIngress")
                .ifPresent(nginx -> setIfAbsent(nginx, "externalTrafficPolicy", "Cluster"));
        existing(kubernetes, "clusterAutoscaler").ifPresent(ShootDefaults::setClusterAutoscalerDefaults);
        existing(kubernetes, "kubeAPIServer").ifPresent(KubeAPIServerDefaults::apply);
        existing(kubernetes, "verticalPodAutoscaler").ifPresent(ShootDefaults::setVerticalPodAutoscalerDefaults);
        existing(spec, "networking").ifPresent(networking -> setIfEmpty(networking, "ipFamilies", strings("IPv4")));
        existing(spec, "maintenance").ifPresent(this::setMaintenanceDefaults);
        for (ObjectNode worker : objects(object(spec, "provider"), "workers")) {
            setWorkerDefaults(worker);
        }
    }

    // Gardener's SetDefaults_Shoot.
    private static void setShootDefaults(ObjectNode shoot, ObjectNode spec) {
        ObjectNode kubernetes = object(spec, "kubernetes");
        ObjectNode kubeAPIServer = object(kubernetes, "kubeAPIServer");
        setIfAbsent(spec, "purpose", "evaluation");

        // Before tolerations existed only shoots in "garden" could use protected seeds; the toleration keeps that.
        String namespace =
                existing(shoot, "metadata").map(m -> text(m, "namespace")).orElse("");
        if (Tolerations.GARDEN_NAMESPACE.equals(namespace)) {
            Tolerations.addKeyOnly(array(spec, "tolerations"), Tolerations.SEED_TAINT_PROTECTED);
        }

        ObjectNode maintenance = object(spec, "maintenance");
        if (absent(maintenance, "autoUpdate")) {
            maintenance.putObject("autoUpdate").put("kubernetesVersion", true);
        }
        ObjectNode networking = object(spec, "networking");

        ObjectNode provider = object(spec, "provider");
        List<ObjectNode> workers = objects(provider, "workers");
        for (ObjectNode worker : workers) {
            if (absent(worker, "cri")) {
                worker.putObject("cri").put("name", "containerd");
            }
            existing(worker, "kubernetes", "kubelet").ifPresent(ShootDefaults::setSwapDefaults);
            existing(worker, "controlPlane", "exposure", "extension")
                    .ifPresent(extension -> setIfAbsent(extension, "type", text(provider, "type")));
        }

        // The rest only matters for shoots with workers.
        if (!workers.isEmpty()) {
            setIfAbsent(kubeAPIServer, "defaultNotReadyTolerationSeconds", 300);
            setIfAbsent(kubeAPIServer, "defaultUnreachableTolerationSeconds", 300);
            setKubeControllerManagerDefaults(spec, object(kubernetes, "kubeControllerManager"), networking);

            setIfAbsent(object(kubernetes, "kubeScheduler"), "profile", "balanced");
            ObjectNode kubeProxy = object(kubernetes, "kubeProxy");
            setIfAbsent(kubeProxy, "mode", "IPTables");
            setIfAbsent(kubeProxy, "enabled", true);

            existing(spec, "addons", "kubernetesDashboard")
                    .filter(dashboard -> dashboard.path("enabled").asBoolean(false))
                    .ifPresent(dashboard -> setIfAbsent(dashboard, "authenticationMode", "token"));

            setKubeletDefaults(object(kubernetes, "kubelet"));
            setIfAbsent(object(maintenance, "autoUpdate"), "machineImageVersion", true);

            ObjectNode workersSettings = object(provider, "workersSettings");
            if (absent(workersSettings, "sshAccess")) {
                workersSettings.putObject("sshAccess").put("enabled", true);
            }

            ObjectNode autoscaling = object(object(object(spec, "systemComponents"), "coreDNS"), "autoscaling");
            String mode = text(autoscaling, "mode");
            if (!mode.equals("horizontal") && !mode.equals("cluster-proportional")) {
                autoscaling.put("mode", "horizontal");
            }
        }

        setIfAbsent(spec, "schedulerName", DEFAULT_SCHEDULER_NAME);
    }

    private static void setKubeControllerManagerDefaults(ObjectNode spec, ObjectNode kcm, ObjectNode networking) {
        // Networking's own defaults run later, so an unset IP family list still means IPv4 single-stack here.
        List<String> families = ipFamilies(networking);
        boolean ipv4Only = families.isEmpty() || families.equals(List.of("IPv4"));
        boolean ipv6Only = families.equals(List.of("IPv6"));
        boolean dualStack = families.contains("IPv4") && families.contains("IPv6");
        if (ipv4Only && absent(kcm, "nodeCIDRMaskSize")) {
            kcm.put("nodeCIDRMaskSize", nodeCIDRMaskSize(spec));
        }
        // IPv6 is not scarce: a /64 per node (mostly relevant for local setups; providers set their own).
        if (ipv6Only && absent(kcm, "nodeCIDRMaskSize") && absent(kcm, "nodeCIDRMaskSizeIPv6")) {
            kcm.put("nodeCIDRMaskSize", 64);
        }
        if (dualStack) {
            if (absent(kcm, "nodeCIDRMaskSize")) {
                kcm.put("nodeCIDRMaskSize", nodeCIDRMaskSize(spec));
            }
            setIfAbsent(kcm, "nodeCIDRMaskSizeIPv6", 64);
        }
        setIfAbsent(kcm, "nodeMonitorGracePeriod", duration(Duration.ofSeconds(40)));
    }

    private static List<String> ipFamilies(ObjectNode networking) {
        JsonNode families = networking.path("ipFamilies");
        return families.isArray()
                ? StreamSupport.stream(families.spliterator(), false)
                        .map(JsonNode::asText)
                        .toList()
                : List.of();
    }

    /**
     * The node CIDR prefix that leaves about twice as many addresses as pods (so IPs are not reused at once): from
     * the largest {@code maxPods} of the shoot's kubelet (110 when unset) and of any worker pool's kubelet.
     */
    static int nodeCIDRMaskSize(ObjectNode spec) {
        int maxPods = existing(spec, "kubernetes", "kubelet")
                .map(k -> k.get("maxPods"))
                .filter(JsonNode::isIntegralNumber)
                .map(JsonNode::intValue)
                .orElse(KUBELET_DEFAULT_MAX_PODS);
        for (ObjectNode worker : objects(object(spec, "provider"), "workers")) {
            JsonNode workerMaxPods = existing(worker, "kubernetes", "kubelet")
                    .map(k -> k.get("maxPods"))
                    .orElse(null);
            if (workerMaxPods != null && workerMaxPods.isIntegralNumber() && workerMaxPods.intValue() > maxPods) {
                maxPods = workerMaxPods.intValue();
            }
        }
        return 32 - ceilLog2(maxPods * 2); // int32 arithmetic, as in Go
    }

    /**
     * {@code int32(math.Ceil(math.Log2(n)))} computed exactly; for n ≤ 0 Go's log is -Inf or NaN, which converts
     * to the smallest int32 on the platforms Gardener runs on.
     */
    private static int ceilLog2(int n) {
        return n <= 0 ? Integer.MIN_VALUE : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    private static void setKubeletDefaults(ObjectNode kubelet) {
        setSwapDefaults(kubelet);
        setIfAbsent(kubelet, "imageMinimumGCAge", duration(Duration.ofMinutes(2)));
        setIfAbsent(kubelet, "imageMaximumGCAge", duration(Duration.ZERO));
        setIfAbsent(kubelet, "imageGCHighThresholdPercent", 50);
        setIfAbsent(kubelet, "imageGCLowThresholdPercent", 40);
        // Pulls are serialized unless parallel pulls were asked for.
        JsonNode maxParallel = kubelet.get("maxParallelImagePulls");
        boolean parallel = maxParallel != null && maxParallel.isNumber() && maxParallel.longValue() >= 2;
        setIfAbsent(kubelet, "serializeImagePulls", !parallel);
    }

    /** failSwapOn defaults to true; with the NodeSwap feature gate on and failSwapOn off, swap is LimitedSwap. */
    private static void setSwapDefaults(ObjectNode kubelet) {
        setIfAbsent(kubelet, "failSwapOn", true);
        boolean nodeSwap = kubelet.path("featureGates").path("NodeSwap").asBoolean(false);
        JsonNode failSwapOn = kubelet.get("failSwapOn");
        if (nodeSwap && failSwapOn.isBoolean() && !failSwapOn.booleanValue()) {
            setIfAbsent(object(kubelet, "memorySwap"), "swapBehavior", "LimitedSwap");
        }
    }

    private void setMaintenanceDefaults(ObjectNode maintenance) {
        if (absent(maintenance, "timeWindow")) {
            int hour = random.nextInt(23);
            ObjectNode window = maintenance.putObject("timeWindow");
            window.put("begin", maintenanceTime(hour));
            window.put("end", maintenanceTime(hour + 1));
        }
        existing(maintenance, "autoRotation", "credentials").ifPresent(credentials -> {
            for (String name : ROTATED_CREDENTIALS) {
                existing(credentials, name)
                        .ifPresent(rotation -> setIfAbsent(rotation, "rotationPeriod", duration(Duration.ofDays(7))));
            }
        });
    }

    /**
     * Gardener's maintenance time format {@code HHMMSS+ZONE}, always in UTC. Concatenated: every Shoot without a
     * window comes here, and a {@code Formatter} costs far more (and would follow the default locale's digits).
     */
    static String maintenanceTime(int hour) {
        return (hour < 10 ? "0" : "") + hour + "0000+0000";
    }

    // Gardener's SetDefaults_Worker.
    private static void setWorkerDefaults(ObjectNode worker) {
        setIfAbsent(worker, "updateStrategy", "AutoRollingUpdate");
        String strategy = text(worker, "updateStrategy");
        boolean autoInPlace = strategy.equals("AutoInPlaceUpdate");
        if (autoInPlace || strategy.equals("ManualInPlaceUpdate")) {
            if (autoInPlace) {
                // In-place updates replace no machine: none extra, one at a time.
                setIfAbsent(worker, "maxSurge", 0);
                setIfAbsent(worker, "maxUnavailable", 1);
            }
            setIfAbsent(object(worker, "machineControllerManager"), "disableHealthTimeout", true);
        } else {
            setIfAbsent(worker, "maxSurge", 1);
            setIfAbsent(worker, "maxUnavailable", 0);
        }
        if (absent(worker, "systemComponents")) {
            worker.putObject("systemComponents").put("allow", true);
        }
    }

    // Gardener's SetDefaults_ClusterAutoscaler.
    private static void setClusterAutoscalerDefaults(ObjectNode ca) {
        setIfAbsent(ca, "scaleDownDelayAfterAdd", duration(Duration.ofHours(1)));
        setIfAbsent(ca, "scaleDownDelayAfterDelete", duration(Duration.ZERO));
        setIfAbsent(ca, "scaleDownDelayAfterFailure", duration(Duration.ofMinutes(3)));
        setIfAbsent(ca, "scaleDownUnneededTime", duration(Duration.ofMinutes(30)));
        setIfAbsent(ca, "scaleDownUtilizationThreshold", goFloat("0.5"));
        setIfAbsent(ca, "scanInterval", duration(Duration.ofSeconds(10)));
        setIfAbsent(ca, "expander", "least-waste");
        setIfAbsent(ca, "maxNodeProvisionTime", duration(Duration.ofMinutes(20)));
        setIfAbsent(ca, "maxGracefulTerminationSeconds", 600);
        setIfAbsent(ca, "ignoreDaemonsetsUtilization", false);
        setIfAbsent(ca, "emitPerNodeGroupMetrics", false);
        setIfAbsent(ca, "verbosity", 2);
        setIfAbsent(ca, "newPodScaleUpDelay", duration(Duration.ZERO));
        // maxEmptyBulkDelete is the deprecated name of the same setting: carry it over.
        setIfAbsent(
                ca,
                "maxScaleDownParallelism",
                absent(ca, "maxEmptyBulkDelete")
                        ? NODES.numberNode(10)
                        : ca.get("maxEmptyBulkDelete").deepCopy());
        setIfAbsent(ca, "maxDrainParallelism", 1);
        setIfAbsent(ca, "initialNodeGroupBackoffDuration", duration(Duration.ofMinutes(5)));
        setIfAbsent(ca, "maxNodeGroupBackoffDuration", duration(Duration.ofMinutes(30)));
        setIfAbsent(ca, "nodeGroupBackoffResetTimeout", duration(Duration.ofHours(3)));
        setIfAbsent(ca, "maxBinpackingTime", duration(Duration.ofMinutes(5)));
    }

    // Gardener's SetDefaults_VerticalPodAutoscaler (the Default* constants of types_shoot.go).
    private static void setVerticalPodAutoscalerDefaults(ObjectNode vpa) {
        setIfAbsent(vpa, "evictAfterOOMThreshold", duration(Duration.ofMinutes(10)));
        setIfAbsent(vpa, "evictionRateBurst", 1);
        setIfAbsent(vpa, "evictionRateLimit", goFloat("-1"));
        setIfAbsent(vpa, "evictionTolerance", goFloat("0.5"));
        setIfAbsent(vpa, "recommendationMarginFraction", goFloat("0.15"));
        setIfAbsent(vpa, "updaterInterval", duration(Duration.ofMinutes(1)));
        setIfAbsent(vpa, "recommenderInterval", duration(Duration.ofMinutes(1)));
        setIfAbsent(vpa, "targetCPUPercentile", goFloat("0.9"));
        setIfAbsent(vpa, "recommendationLowerBoundCPUPercentile", goFloat("0.5"));
        setIfAbsent(vpa, "recommendationUpperBoundCPUPercentile", goFloat("0.95"));
        setIfAbsent(vpa, "cpuHistogramDecayHalfLife", duration(Duration.ofHours(24)));
        setIfAbsent(vpa, "targetMemoryPercentile", goFloat("0.9"));
        setIfAbsent(vpa, "recommendationLowerBoundMemoryPercentile", goFloat("0.5"));
        setIfAbsent(vpa, "recommendationUpperBoundMemoryPercentile", goFloat("0.95"));
        setIfAbsent(vpa, "memoryHistogramDecayHalfLife", duration(Duration.ofHours(24)));
        setIfAbsent(vpa, "memoryAggregationInterval", duration(Duration.ofHours(24)));
        setIfAbsent(vpa, "memoryAggregationIntervalCount", 8);
        setIfAbsent(vpa, "recommenderUpdateWorkerCount", 10);
    }
}
