package cloud.gardener.apiserver.delegation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bounded map whose entries expire after their own time to live, for the short-lived caches of delegated
 * authentication and authorization. When full, the oldest insertion is evicted.
 *
 * <p>Read on every delegated request from every event loop, so without a lock: a lookup is one read of a
 * concurrent map. Writes (a miss answered by kube-apiserver) keep the insertion order in a concurrent queue for
 * eviction; while writers race, the cache may hold a few entries beyond its capacity for a moment.
 */
public final class ExpiringCache<K, V> {

    /** One insertion; {@code sequence} tells it from an earlier insertion of the same key and value. */
    private record Entry<K, V>(K key, V value, Instant expires, long sequence) {}

    private final Clock clock;
    private final int capacity;
    private final Map<K, Entry<K, V>> entries = new ConcurrentHashMap<>();
    /** Insertions, oldest first; may hold entries already replaced or expired, skipped when they come up. */
    private final Queue<Entry<K, V>> order = new ConcurrentLinkedQueue<>();

    private final AtomicLong sequence = new AtomicLong();

    public ExpiringCache(Clock clock, int capacity) {
        this.clock = Objects.requireNonNull(clock, "clock");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
    }

    /** The live value for {@code key}, or {@code null}. */
    public V get(K key) {
        Entry<K, V> entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (!clock.instant().isBefore(entry.expires())) {
            if (entries.remove(key, entry)) {
                order.remove(entry);
            }
            return null;
        }
        return entry.value();
    }

    /** Stores {@code value} for {@code ttl}; a zero or negative TTL stores nothing. */
    public void put(K key, V value, Duration ttl) {
        if (ttl.isZero() || ttl.isNegative()) {
            return;
        }
        Entry<K, V> entry = new Entry<>(key, value, clock.instant().plus(ttl), sequence.incrementAndGet());
        Entry<K, V> previous = entries.put(key, entry);
        if (previous != null) {
            // O(capacity), but only on a write, which is a round trip to kube-apiserver anyway
            order.remove(previous);
        }
        order.add(entry);
        if (entries.size() > capacity) {
            evictExpiredOrOldest();
        }
    }

    public int size() {
        return entries.size();
    }

    private void evictExpiredOrOldest() {
        Instant now = clock.instant();
        entries.values().removeIf(entry -> !now.isBefore(entry.expires()));
        while (entries.size() > capacity) {
            Entry<K, V> oldest = order.poll();
            if (oldest == null) {
                return;
            }
            // a replaced or expired insertion removes nothing
            entries.remove(oldest.key(), oldest);
        }
    }
}
