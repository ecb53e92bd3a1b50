package cloud.gardener.apiserver.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/** k8s.io/apiserver's audit metrics (pkg/audit/metrics.go), for the audit backends to count into. */
public final class AuditMetrics {

    private final Counter events;
    private final Counter errors;
    private final Counter rejected;
    private final Counter levels;

    AuditMetrics(PrometheusRegistry registry) {
        events = Counter.builder().name("apiserver_audit_event_total")
                .help("Counter of audit events generated and sent to the audit backend.").register(registry);
        errors = Counter.builder().name("apiserver_audit_error_total")
                .help("Counter of audit events that failed to be audited properly. Plugin identifies the plugin "
                        + "affected by the error.")
                .labelNames("plugin").register(registry);
        rejected = Counter.builder().name("apiserver_audit_requests_rejected_total")
                .help("Counter of apiserver requests rejected due to an error in audit logging backend.")
                .register(registry);
        levels = Counter.builder().name("apiserver_audit_level_total")
                .help("Counter of policy levels for audit events (1 per request).")
                .labelNames("level").register(registry);
    }

    /** An event was generated and handed to the backends. */
    public void event() {
        events.inc();
    }

    /** {@code count} events failed in a backend ({@code log}, {@code webhook}, {@code buffered}). */
    public void error(String plugin, long count) {
        errors.labelValues(plugin).inc(count);
    }

    /** A request was refused because the audit backend failed. */
    public void requestRejected() {
        rejected.inc();
    }

    /** The policy level a request was audited at ({@code None}, {@code Metadata}, ...). */
    public void level(String level) {
        levels.labelValues(level).inc();
    }
}
