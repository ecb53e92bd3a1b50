package cloud.gardener.apiserver.audit;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What kube-apiserver's pkg/audit/metrics.go counts, for {@code /metrics} to read when scraped:
 * {@code apiserver_audit_event_total} (events generated and handed to the backends),
 * {@code apiserver_audit_error_total{plugin}} (events a plugin lost: {@code log}, {@code webhook}, {@code buffered}
 * for a full buffer, {@code truncate} for an event too large even without its objects),
 * {@code apiserver_audit_level_total{level}} (the policy's level, once per request) and
 * {@code apiserver_audit_requests_rejected_total} (requests refused because a {@code blocking-strict} backend could
 * not take their RequestReceived event). Counting never blocks.
 */
public final class AuditCounters {

    private final LongAdder events = new LongAdder();
    private final LongAdder requestsRejected = new LongAdder();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    // filled once, read-only after: no lookups that allocate on the request path
    private final Map<Level, LongAdder> levels = new EnumMap<>(Level.class);

    public AuditCounters() {
        for (Level level : Level.values()) {
            levels.put(level, new LongAdder());
        }
    }

    public long auditEventsTotal() {
        return events.sum();
    }

    /** Lost events of one plugin ({@code log}, {@code webhook}, {@code buffered}, {@code truncate}). */
    public long auditErrorsTotal(String plugin) {
        LongAdder adder = errors.get(plugin);
        return adder == null ? 0 : adder.sum();
    }

    /** Lost events per plugin. */
    public Map<String, Long> auditErrorsTotal() {
        Map<String, Long> out = new TreeMap<>();
        errors.forEach((plugin, adder) -> out.put(plugin, adder.sum()));
        return out;
    }

    /** Requests per policy level seen so far, by the level's wire name ({@code None}, {@code Metadata}, ...). */
    public Map<String, Long> levelTotal() {
        Map<String, Long> out = new TreeMap<>();
        levels.forEach((level, adder) -> {
            long sum = adder.sum();
            if (sum > 0) {
                out.put(level.wire(), sum);
            }
        });
        return out;
    }

    public long requestsRejectedTotal() {
        return requestsRejected.sum();
    }

    void eventGenerated() {
        events.increment();
    }

    void errors(String plugin, long count) {
        errors.computeIfAbsent(plugin, p -> new LongAdder()).add(count);
    }

    void policyLevel(Level level) {
        levels.get(level).increment();
    }

    void requestRejected() {
        requestsRejected.increment();
    }
}
