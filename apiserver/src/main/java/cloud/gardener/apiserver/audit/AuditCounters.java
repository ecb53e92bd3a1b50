package cloud.gardener.apiserver.audit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What kube-apiserver counts as {@code apiserver_audit_event_total} (events generated and handed to the backends)
 * and {@code apiserver_audit_error_total{plugin}} (events a backend lost: {@code log} or {@code webhook}), for the
 * metrics endpoint to export. Counting never blocks.
 */
public final class AuditCounters {

    private final LongAdder events = new LongAdder();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

    public long auditEventsTotal() {
        return events.sum();
    }

    /** Lost events of one backend ({@code log}, {@code webhook}). */
    public long auditErrorsTotal(String plugin) {
        LongAdder adder = errors.get(plugin);
        return adder == null ? 0 : adder.sum();
    }

    /** Lost events per backend. */
    public Map<String, Long> auditErrorsTotal() {
        Map<String, Long> out = new java.util.TreeMap<>();
        errors.forEach((plugin, adder) -> out.put(plugin, adder.sum()));
        return out;
    }

    void eventGenerated() {
        events.increment();
    }

    void errors(String plugin, long count) {
        errors.computeIfAbsent(plugin, p -> new LongAdder()).add(count);
    }
}
