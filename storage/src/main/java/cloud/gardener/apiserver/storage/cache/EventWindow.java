package cloud.gardener.apiserver.storage.cache;

import java.util.ArrayList;
import java.util.List;

/**
 * The cache's bounded history: a ring of the most recent events in revision order, and the revision it
 * reaches back to ({@link #start()}: every event after it is in the ring). Its capacity moves between
 * the configured bounds as kube-apiserver's watch cache does: when the ring is full and its oldest event
 * is younger than the fresh duration it doubles; when full and even the event a quarter from the newest
 * is older than that, it halves. Evicting an event moves the start up to that event's revision.
 *
 * <p>The window also keeps the superseded versions its events undo (their {@code before} objects) alive; a
 * byte budget bounds them, so a resource of large objects that change often (ShootStates) cannot pin
 * gigabytes of old versions: past the budget the oldest events go, whatever the capacity.
 *
 * <p>Not thread-safe: confined to the cache's context.
 */
final class EventWindow {

    private final int lowerBound;
    private final int upperBound;
    private final long freshNanos;
    private final long maxRetainedBytes;

    private CacheEvent[] ring;
    /** Sequence numbers of the oldest held event and one past the newest; index = sequence % capacity. */
    private long first;

    private long end;
    private long start;
    /** Bytes of the superseded versions the held events keep alive. */
    private long retained;

    EventWindow(int lowerBound, int upperBound, long freshNanos, long maxRetainedBytes) {
        this.lowerBound = lowerBound;
        this.upperBound = upperBound;
        this.freshNanos = freshNanos;
        this.maxRetainedBytes = maxRetainedBytes;
        this.ring = new CacheEvent[lowerBound];
    }

    /** Forgets every event: the window now starts at {@code revision} (a fresh list). */
    void reset(long revision) {
        ring = new CacheEvent[lowerBound];
        first = 0;
        end = 0;
        start = revision;
        retained = 0;
    }

    /** Every event with a revision above this one is held. */
    long start() {
        return start;
    }

    /** Moves the start up (without dropping events): history before {@code revision} is no longer served. */
    void raiseStart(long revision) {
        start = Math.max(start, revision);
    }

    int size() {
        return (int) (end - first);
    }

    int capacity() {
        return ring.length;
    }

    long retainedBytes() {
        return retained;
    }

    void add(CacheEvent event) {
        resize(event.recordedNanos());
        if (size() == ring.length) {
            evictOldest();
        }
        ring[(int) (end % ring.length)] = event;
        end++;
        retained += supersededBytes(event);
        while (retained > maxRetainedBytes && size() > 1) {
            evictOldest();
        }
    }

    private void evictOldest() {
        CacheEvent evicted = at(first);
        ring[(int) (first % ring.length)] = null;
        first++;
        retained -= supersededBytes(evicted);
        start = Math.max(start, evicted.revision());
    }

    private static long supersededBytes(CacheEvent e) {
        return e.before() == null ? 0 : e.before().stored().value().length;
    }

    /** The held events with a revision above {@code revision}, oldest first. */
    List<CacheEvent> after(long revision) {
        long from = firstAfter(revision);
        List<CacheEvent> out = new ArrayList<>((int) (end - from));
        for (long i = from; i < end; i++) {
            out.add(at(i));
        }
        return out;
    }

    /** Calls {@code visitor} with each held event above {@code revision}, oldest first. */
    void forEachAfter(long revision, java.util.function.Consumer<CacheEvent> visitor) {
        for (long i = firstAfter(revision); i < end; i++) {
            visitor.accept(at(i));
        }
    }

    private long firstAfter(long revision) {
        long lo = first;
        long hi = end;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (at(mid).revision() <= revision) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private CacheEvent at(long sequence) {
        return ring[(int) (sequence % ring.length)];
    }

    private void resize(long now) {
        if (size() < ring.length) {
            return;
        }
        if (now - at(first).recordedNanos() < freshNanos) {
            int grown = (int) Math.min((long) ring.length * 2, upperBound);
            if (grown > ring.length) {
                copyTo(grown);
            }
            return;
        }
        if (now - at(end - Math.max(1, ring.length / 4)).recordedNanos() > freshNanos) {
            int shrunk = Math.max(ring.length / 2, lowerBound);
            if (shrunk < ring.length) {
                copyTo(shrunk);
            }
        }
    }

    private void copyTo(int capacity) {
        while (size() > capacity) {
            evictOldest();
        }
        CacheEvent[] next = new CacheEvent[capacity];
        for (long i = first; i < end; i++) {
            next[(int) (i % capacity)] = at(i);
        }
        ring = next;
    }
}
