package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.server.filters.Filter;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.util.List;

/**
 * The audit machinery of one server: the policy, the dispatcher and its backends, and the counters. Without a
 * policy (no {@code --audit-policy-file}) nothing is audited, as upstream.
 */
public final class Auditing implements AutoCloseable {

    private final AuditPolicy policy;
    private final AuditDispatcher dispatcher;
    private final AuditCounters counters;

    private Auditing(AuditPolicy policy, AuditDispatcher dispatcher, AuditCounters counters) {
        this.policy = policy;
        this.dispatcher = dispatcher;
        this.counters = counters;
    }

    public static Auditing disabled() {
        return new Auditing(null, null, new AuditCounters());
    }

    /**
     * @param queueCapacity events waiting for the dispatcher's thread before new ones are dropped
     */
    static Auditing of(AuditPolicy policy, List<AuditBackend> backends, int queueCapacity, AuditCounters counters) {
        if (policy == null || backends.isEmpty()) {
            backends.forEach(AuditBackend::close);
            return new Auditing(null, null, counters);
        }
        return new Auditing(policy, new AuditDispatcher(queueCapacity, backends, counters), counters);
    }

    public boolean enabled() {
        return dispatcher != null;
    }

    /** The filter to place right after authentication; only call when {@link #enabled()}. */
    public Filter filter() {
        return new AuditFilter(policy, dispatcher, counters, Clock.systemUTC());
    }

    /** The audit of requests authentication refused (401); only call when {@link #enabled()}. */
    public Handler<RoutingContext> failedAuthentication() {
        return new AuditFilter(policy, dispatcher, counters, Clock.systemUTC())::failedAuthentication;
    }

    public AuditCounters counters() {
        return counters;
    }

    /** Writes out what is queued and closes the backends. */
    @Override
    public void close() {
        if (dispatcher != null) {
            dispatcher.close();
        }
    }
}
