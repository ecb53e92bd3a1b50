package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.audit.AuditCounters;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * Everything {@code /metrics} serves for one server: kube-apiserver's request, watch, storage, admission,
 * authentication and audit series, and the client's JVM and process collectors. Each server has its own registry,
 * so servers sharing a JVM (tests) count apart. Counters and histograms keep no exemplars: nothing here traces
 * requests, so there is no span to take one from, and sampling for them was a check on every observation.
 */
public final class ServerMetrics {

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final RequestMetrics requests = new RequestMetrics(registry);
    private final WatchMetrics watches = new WatchMetrics(registry);
    private final StorageMetrics storage = new StorageMetrics(registry);
    private final AdmissionMetrics admission = new AdmissionMetrics(registry);
    private final AuthenticationMetrics authentication = new AuthenticationMetrics(registry);

    /** A server's metrics, its audit series read from {@code audit} (an {@code Auditing}'s counters). */
    public ServerMetrics(AuditCounters audit) {
        this(true, audit);
    }

    private ServerMetrics(boolean jvm, AuditCounters audit) {
        AuditMetrics.register(registry, audit);
        if (jvm) {
            // the client keeps every registry it registered the JVM collectors with: one per server
            JvmMetrics.builder().register(registry);
        }
    }

    /** Metrics nobody serves, without the JVM collectors: for parts of the server built on their own. */
    public static ServerMetrics unserved() {
        return new ServerMetrics(false, new AuditCounters());
    }

    public PrometheusRegistry registry() {
        return registry;
    }

    public RequestMetrics requests() {
        return requests;
    }

    public WatchMetrics watches() {
        return watches;
    }

    public StorageMetrics storage() {
        return storage;
    }

    public AdmissionMetrics admission() {
        return admission;
    }

    public AuthenticationMetrics authentication() {
        return authentication;
    }
}
