package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.embedded.WriteOp.Applied;

/**
 * The writes of the storage contract as log rows. Each reads the key's latest row inside the writer's
 * transaction, so the compare and the write are one atomic step (what etcd's txn does).
 */
final class WriteOps {

    private WriteOps() {}

    /** Create if absent: the key has no row, or its latest row is a tombstone. */
    static WriteOp<StoredObject> create(String key, byte[] value) {
        return (log, revision) -> {
            LogRow latest = log.latest(key);
            if (latest != null && !latest.deleted()) {
                throw StorageException.keyExists(key);
            }
            LogRow row = new LogRow(
                    revision, key, true, false, revision, latest == null ? 0 : latest.revision(), value, null);
            log.insert(row);
            return Applied.changed(row.object(), row);
        };
    }

    /** Put on the key's mod revision ({@code expected} 0: any revision, but the key must exist). */
    static WriteOp<StoredObject> update(String key, long expected, byte[] value) {
        return (log, revision) -> {
            LogRow latest = live(log, key, expected);
            LogRow row = new LogRow(
                    revision, key, false, false, latest.createRevision(), latest.revision(), value, latest.value());
            log.insert(row);
            return Applied.changed(row.object(), row);
        };
    }

    /** Tombstone on the key's mod revision ({@code expected} 0: unconditionally); returns the last value. */
    static WriteOp<StoredObject> delete(String key, long expected) {
        return (log, revision) -> {
            LogRow latest = live(log, key, expected);
            LogRow row = new LogRow(
                    revision, key, false, true, latest.createRevision(), latest.revision(), latest.value(), null);
            log.insert(row);
            return Applied.changed(row.object(), row);
        };
    }

    /** Discards history below {@code target}; compacting at or below the compacted revision changes nothing. */
    static WriteOp<Void> compact(long target) {
        return (log, revision) -> {
            long current = revision - 1;
            if (target > current) {
                throw StorageException.tooLargeResourceVersion(target, current);
            }
            if (target <= log.compactedRevision()) {
                return new Applied<>(null, null, 0);
            }
            log.compact(target);
            return new Applied<>(null, null, target);
        };
    }

    /** The key's live latest row if its mod revision is {@code expected} (or anything, for 0). */
    private static LogRow live(LogConnection log, String key, long expected) throws java.sql.SQLException {
        LogRow latest = log.latest(key);
        if (latest == null || latest.deleted()) {
            throw StorageException.notFound(key);
        }
        if (expected != 0 && latest.revision() != expected) {
            throw StorageException.conflict(key, latest.object());
        }
        return latest;
    }
}
