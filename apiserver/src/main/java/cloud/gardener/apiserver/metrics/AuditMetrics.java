package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.audit.AuditCounters;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * k8s.io/apiserver's audit metrics (pkg/audit/metrics.go), read from the audit machinery's own counters when
 * {@code /metrics} is scraped: audit logging counts with lock-free adders and never touches the registry.
 * {@code apiserver_audit_event_total} and {@code apiserver_audit_requests_rejected_total} are always there (0
 * without auditing, as upstream registers them); the labelled two show the plugins and levels seen so far.
 */
final class AuditMetrics {

    private AuditMetrics() {}

    static void register(PrometheusRegistry registry, AuditCounters counters) {
        CounterWithCallback.builder()
                .name("apiserver_audit_event_total")
                .help("Counter of audit events generated and sent to the audit backend.")
                .callback(cb -> cb.call((double) counters.auditEventsTotal()))
                .register(registry);
        CounterWithCallback.builder()
                .name("apiserver_audit_error_total")
                .help("Counter of audit events that failed to be audited properly. Plugin identifies the plugin "
                        + "affected by the error.")
                .labelNames("plugin")
                .callback(cb -> counters.auditErrorsTotal().forEach((plugin, count) -> cb.call((double) count, plugin)))
                .register(registry);
        CounterWithCallback.builder()
                .name("apiserver_audit_requests_rejected_total")
                .help("Counter of apiserver requests rejected due to an error in audit logging backend.")
                .callback(cb -> cb.call((double) counters.requestsRejectedTotal()))
                .register(registry);
        CounterWithCallback.builder()
                .name("apiserver_audit_level_total")
                .help("Counter of policy levels for audit events (1 per request).")
                .labelNames("level")
                .callback(cb -> counters.levelTotal().forEach((level, count) -> cb.call((double) count, level)))
                .register(registry);
    }
}
