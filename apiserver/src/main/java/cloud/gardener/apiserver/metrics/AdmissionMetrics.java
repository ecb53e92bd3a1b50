package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.admission.AdmissionObserver;
import cloud.gardener.apiserver.admission.Operation;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * k8s.io/apiserver's admission metrics (pkg/admission/metrics): per plugin, per step, per webhook call (with the
 * webhook's requests by code, its rejections and the calls that failed open).
 */
public final class AdmissionMetrics implements AdmissionObserver {

    private final Histogram controllers;
    private final Histogram steps;
    private final Histogram webhooks;
    private final ExactNameCounter webhookRejections;
    private final ExactNameCounter webhookFailOpen;
    private final Counter webhookRequests;
    private final PhasePoints controllerPoints;
    private final PhasePoints stepPoints;

    AdmissionMetrics(PrometheusRegistry registry) {
        controllers = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_admission_controller_admission_duration_seconds")
                .help("Admission controller latency histogram in seconds, identified by name and broken out for "
                        + "each operation and API resource and type (validate or admit).")
                .labelNames("name", "type", "operation", "rejected")
                .classicOnly()
                .classicUpperBounds(Buckets.ADMISSION)
                .register(registry);
        steps = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_admission_step_admission_duration_seconds")
                .help("Admission sub-step latency histogram in seconds, broken out for each operation and API "
                        + "resource and step type (validate or admit).")
                .labelNames("type", "operation", "rejected")
                .classicOnly()
                .classicUpperBounds(Buckets.ADMISSION)
                .register(registry);
        webhooks = Histogram.builder()
                .withoutExemplars()
                .name("apiserver_admission_webhook_admission_duration_seconds")
                .help("Admission webhook latency histogram in seconds, identified by name and broken out for each "
                        + "operation and API resource and type (validate or admit).")
                .labelNames("name", "type", "operation", "rejected")
                .classicOnly()
                .classicUpperBounds(Buckets.ADMISSION_WEBHOOK)
                .register(registry);
        webhookRejections = ExactNameCounter.register(
                registry,
                "apiserver_admission_webhook_rejection_count",
                "Admission webhook rejection count, identified by name and broken out for each admission type "
                        + "(validating or admit) and operation. Additional labels specify an error type "
                        + "(calling_webhook_error or apiserver_internal_error if an error occurred; no_error "
                        + "otherwise) and optionally a non-zero rejection code if the webhook rejects the request "
                        + "with an HTTP status code (honored by the apiserver when the code is greater or equal to "
                        + "400). Codes greater than 600 are truncated to 600, to keep the metrics cardinality "
                        + "bounded.",
                "name",
                "type",
                "operation",
                "error_type",
                "rejection_code");
        webhookFailOpen = ExactNameCounter.register(
                registry,
                "apiserver_admission_webhook_fail_open_count",
                "Admission webhook fail open count, identified by name and broken out for each admission type "
                        + "(validating or admit).",
                "name",
                "type");
        webhookRequests = Counter.builder()
                .withoutExemplars()
                .name("apiserver_admission_webhook_request_total")
                .help("Admission webhook request total, identified by name and broken out for each admission type "
                        + "(validating or admit) and operation. Additional labels specify whether the request was "
                        + "rejected or not and an HTTP status code. Codes greater than 600 are truncated to 600, to "
                        + "keep the metrics cardinality bounded.")
                .labelNames("name", "type", "operation", "code", "rejected")
                .register(registry);
        controllerPoints = new PhasePoints(
                (name, type, operation, rejected) -> controllers.labelValues(name, type, operation, rejected));
        stepPoints = new PhasePoints((name, type, operation, rejected) -> steps.labelValues(type, operation, rejected));
    }

    @Override
    public void plugin(String name, String type, Operation operation, boolean rejected, long elapsedNanos) {
        controllerPoints.get(name, type, operation, rejected).observe(elapsedNanos / 1e9);
    }

    @Override
    public void step(String type, Operation operation, boolean rejected, long elapsedNanos) {
        stepPoints.get("", type, operation, rejected).observe(elapsedNanos / 1e9);
    }

    /** One plugin's admit ({@code type="admit"}) or validate ({@code type="validate"}) call. */
    public void controller(String name, String type, String operation, boolean rejected, long elapsedNanos) {
        controllers
                .labelValues(name, type, operation, Boolean.toString(rejected))
                .observe(elapsedNanos / 1e9);
    }

    /** The whole mutating ({@code admit}) or validating ({@code validate}) step. */
    public void step(String type, String operation, boolean rejected, long elapsedNanos) {
        steps.labelValues(type, operation, Boolean.toString(rejected)).observe(elapsedNanos / 1e9);
    }

    @Override
    public void webhook(String name, String type, Operation operation, boolean rejected, int code, long elapsedNanos) {
        webhookRequests
                .labelValues(
                        name, type, operation.name(), Integer.toString(Math.min(code, 600)), Boolean.toString(rejected))
                .inc();
        webhooks.labelValues(name, type, operation.name(), Boolean.toString(rejected))
                .observe(elapsedNanos / 1e9);
    }

    /** A webhook rejected the request or failed; the code is capped at 600 as upstream. */
    @Override
    public void webhookRejection(String name, String type, Operation operation, String errorType, int code) {
        webhookRejections.inc(name, type, operation.name(), errorType, Integer.toString(Math.min(code, 600)));
    }

    @Override
    public void webhookFailOpen(String name, String type) {
        webhookFailOpen.inc(name, type);
    }

    /** How a histogram finds its data point for a name, type, operation and outcome. */
    @FunctionalInterface
    private interface PointLookup {
        DistributionDataPoint lookup(String name, String type, String operation, String rejected);
    }

    /**
     * A histogram's data points, kept per name (plugin, or "" for a step), then by type, operation and outcome in one
     * array: {@code labelValues} builds a label list and walks it on every call, twice per plugin per request, and a
     * map per type cost a second lookup. Bounded by the chain's plugins, the chain's two types, the operations and two
     * outcomes; another type is looked up on every call.
     */
    private static final class PhasePoints {

        private static final Operation[] OPERATIONS = Operation.values();
        /** The chain's types ({@code AdmissionChain}'s literals, so equal by identity), each with its slots. */
        private static final List<String> TYPES = List.of("admit", "validate");

        private final PointLookup lookup;
        private final Map<String, AtomicReferenceArray<DistributionDataPoint>> byName = new ConcurrentHashMap<>();

        PhasePoints(PointLookup lookup) {
            this.lookup = lookup;
        }

        @SuppressWarnings("EnumOrdinal") // an index into this process's own array, never stored or exchanged
        DistributionDataPoint get(String name, String type, Operation operation, boolean rejected) {
            int typeIndex = TYPES.indexOf(type);
            if (typeIndex < 0) {
                return lookup.lookup(name, type, operation.name(), Boolean.toString(rejected));
            }
            AtomicReferenceArray<DistributionDataPoint> points = byName.get(name);
            if (points == null) {
                points = byName.computeIfAbsent(
                        name, n -> new AtomicReferenceArray<>(TYPES.size() * OPERATIONS.length * 2));
            }
            int index = (typeIndex * OPERATIONS.length + operation.ordinal()) * 2 + (rejected ? 1 : 0);
            DistributionDataPoint point = points.get(index);
            if (point == null) {
                // labelValues hands out the same point for the same labels, so a race only looks it up twice
                point = lookup.lookup(name, type, operation.name(), Boolean.toString(rejected));
                points.set(index, point);
            }
            return point;
        }
    }
}
