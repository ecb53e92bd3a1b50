package cloud.gardener.apiserver.endpoints;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The last GET insertions ({@link StoredJsonAnswer#insertion}) found, by the identity of the stored bytes: a watch
 * cache answers the same copy of an object to every GET until it changes, so its insertion point is found once per
 * copy instead of by a scan of the bytes per GET. Stored bytes are never changed once read, so the same array at
 * the same revision, kind and apiVersion has the same insertion.
 *
 * <p>Direct-mapped slots, lock-free: two copies on one slot replace each other (each is then scanned again), and a
 * slot holds its copy until another replaces it, so only values up to {@link #MAX_VALUE_BYTES} are remembered (at
 * most {@code SLOTS * MAX_VALUE_BYTES} kept alive past their cache).
 */
final class InsertionMemo {

    private static final int SLOTS = 128;
    static final int MAX_VALUE_BYTES = 64 * 1024;

    /** One copy's insertion; immutable, so published safely through the array. */
    @SuppressWarnings("ArrayRecordComponent") // compared by identity on purpose
    private record Entry(
            byte[] value, long modRevision, String kind, String apiVersion, Optional<StoredJsonAnswer.Insertion> at) {}

    private final AtomicReferenceArray<Entry> slots = new AtomicReferenceArray<>(SLOTS);

    /** How an insertion is found when none is remembered: {@link StoredJsonAnswer}'s scan. */
    @FunctionalInterface
    interface Scan {
        Optional<StoredJsonAnswer.Insertion> insertion(byte[] value, long modRevision, String kind, String apiVersion);
    }

    /** The insertion remembered for these bytes, or the one {@code scan} finds (then remembered). */
    Optional<StoredJsonAnswer.Insertion> insertion(
            byte[] value, long modRevision, String kind, String apiVersion, Scan scan) {
        int slot = slot(value);
        Entry e = slots.getAcquire(slot);
        if (e != null
                && e.value == value
                && e.modRevision == modRevision
                && e.kind.equals(kind)
                && e.apiVersion.equals(apiVersion)) {
            return e.at;
        }
        Optional<StoredJsonAnswer.Insertion> found = scan.insertion(value, modRevision, kind, apiVersion);
        if (value.length <= MAX_VALUE_BYTES) {
            slots.setRelease(slot, new Entry(value, modRevision, kind, apiVersion, found));
        }
        return found;
    }

    private static int slot(byte[] value) {
        int h = System.identityHashCode(value);
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}
