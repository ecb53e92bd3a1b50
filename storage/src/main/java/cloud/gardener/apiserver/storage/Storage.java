package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;

/**
 * The storage contract (DESIGN.md): a revisioned key-value store with create-if-absent,
 * compare-on-revision writes, consistent paged range reads and ordered watches.
 *
 * <p>Every method is asynchronous and never blocks the calling thread. Futures complete on the
 * caller's Vert.x context when there is one. Failures are {@link StorageException}s.
 *
 * <p>Conflict rules: {@link #create} fails with KEY_EXISTS if the key exists; {@link #update} and
 * {@link #delete} with a non-zero expected revision fail with CONFLICT when the key moved on, and
 * with NOT_FOUND when it is gone. Writes are never retried blindly: a write whose outcome is unknown
 * fails with UNAVAILABLE.
 *
 * <p>The reads (get, list, watch, current revision) are those of {@link StoreReader}.
 */
public interface Storage extends StoreReader, AutoCloseable {

    /** Creates the key if it does not exist (a transaction on {@code create_revision == 0}). */
    Future<StoredObject> create(String key, byte[] value);

    /**
     * Replaces the value if the key's mod revision equals {@code expectedRevision}
     * (0: any revision, but the key must exist).
     */
    Future<StoredObject> update(String key, long expectedRevision, byte[] value);

    /**
     * {@link #update} of {@code current}'s key on {@code current}'s mod revision. The result's create revision is
     * {@code current}'s (the compare pins the key's incarnation), so a store need not read it in the transaction.
     */
    default Future<StoredObject> update(StoredObject current, byte[] value) {
        return update(current.key(), current.modRevision(), value);
    }

    /**
     * Reads, applies {@code fn} and writes on the read revision; on a conflict re-reads and re-applies,
     * at most {@code maxAttempts} times in all, then fails with CONFLICT. A no-op result writes nothing
     * and returns the current object.
     */
    Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts);

    /**
     * Deletes the key if its mod revision equals {@code expectedRevision} (0: unconditionally). The
     * result holds the last value with the revision of the delete as its mod revision.
     */
    Future<StoredObject> delete(String key, long expectedRevision);

    /** Discards history before {@code revision}; lists and watches below it then fail with COMPACTED. */
    Future<Void> compact(long revision);

    /** Checks the store answers; used by the health endpoints. */
    Future<Void> ping();

    @Override
    void close();
}
