package cloud.gardener.apiserver.endpoints;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The last GET answers made ({@link StoredJsonAnswer#of(byte[], long, String, String)}), by the identity of the
 * stored bytes: a watch cache answers the same copy of an object to every GET until it changes, so its answer is made
 * once per copy (the bytes scanned for where the resourceVersion goes and copied around it) and then handed out again,
 * as kube-apiserver's watch cache keeps an object's serialization with the object. Stored bytes are never changed once
 * read, so the same array at the same revision, kind and apiVersion has the same answer; an answer is never changed
 * either (it is written to the connection and the audit log as it is).
 *
 * <p>Direct-mapped slots, lock-free: two copies on one slot replace each other (each is then made again), and a slot
 * holds its copy and answer until another replaces it, so only values up to {@link #MAX_VALUE_BYTES} are remembered
 * (at most {@code SLOTS} × twice that kept alive past their cache, 16 MiB).
 */
final class AnswerMemo {

    private static final int SLOTS = 128;
    static final int MAX_VALUE_BYTES = 64 * 1024;

    /** One copy's answer; immutable, so published safely through the array. */
    @SuppressWarnings("ArrayRecordComponent") // compared by identity on purpose
    private record Entry(byte[] value, long modRevision, String kind, String apiVersion, Optional<byte[]> answer) {}

    private final AtomicReferenceArray<Entry> slots = new AtomicReferenceArray<>(SLOTS);

    /** How an answer is made when none is remembered: {@link StoredJsonAnswer}'s scan and copy. */
    @FunctionalInterface
    interface Maker {
        Optional<byte[]> answer(byte[] value, long modRevision, String kind, String apiVersion);
    }

    /** The answer remembered for these bytes, or the one {@code maker} makes (then remembered). */
    Optional<byte[]> answer(byte[] value, long modRevision, String kind, String apiVersion, Maker maker) {
        int slot = slot(value);
        Entry e = slots.getAcquire(slot);
        if (e != null
                && e.value == value
                && e.modRevision == modRevision
                && e.kind.equals(kind)
                && e.apiVersion.equals(apiVersion)) {
            return e.answer;
        }
        Optional<byte[]> made = maker.answer(value, modRevision, kind, apiVersion);
        if (value.length <= MAX_VALUE_BYTES) {
            slots.setRelease(slot, new Entry(value, modRevision, kind, apiVersion, made));
        }
        return made;
    }

    private static int slot(byte[] value) {
        int h = System.identityHashCode(value);
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}
