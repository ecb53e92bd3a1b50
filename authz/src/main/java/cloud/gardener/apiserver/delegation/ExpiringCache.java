package cloud.gardener.apiserver.delegation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A bounded map whose entries expire after their own time to live, for the short-lived caches of delegated
 * authentication and authorization. When full, the oldest insertion is evicted. Thread-safe.
 */
public final class ExpiringCache<K, V> {

    private record Entry<V>(V value, Instant expires) {}

    private final Clock clock;
    private final int capacity;
    private final Map<K, Entry<V>> entries = new LinkedHashMap<>();

    public ExpiringCache(Clock clock, int capacity) {
        this.clock = Objects.requireNonNull(clock, "clock");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
    }

    /** The live value for {@code key}, or {@code null}. */
    public synchronized V get(K key) {
        Entry<V> entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (!clock.instant().isBefore(entry.expires())) {
            entries.remove(key);
            return null;
        }
        return entry.value();
    }

    /** Stores {@code value} for {@code ttl}; a zero or negative TTL stores nothing. */
    public synchronized void put(K key, V value, Duration ttl) {
        if (ttl.isZero() || ttl.isNegative()) {
            return;
        }
        entries.remove(key);
        if (entries.size() >= capacity) {
            evictExpiredOrOldest();
        }
        entries.put(key, new Entry<>(value, clock.instant().plus(ttl)));
    }

    public synchronized int size() {
        return entries.size();
    }

    private void evictExpiredOrOldest() {
        Instant now = clock.instant();
        entries.values().removeIf(entry -> !now.isBefore(entry.expires()));
        Iterator<K> oldest = entries.keySet().iterator();
        while (entries.size() >= capacity && oldest.hasNext()) {
            oldest.next();
            oldest.remove();
        }
    }
}
