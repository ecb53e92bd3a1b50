package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.StorageException;
import java.sql.SQLException;

/**
 * One write, applied by the writer thread inside the transaction of its batch.
 *
 * @param <T> what the caller gets back
 */
@FunctionalInterface
interface WriteOp<T> {

    /**
     * Applies the write. A {@link StorageException} refuses it without changing anything (the revision
     * stays free for the next write); an {@link SQLException} fails the whole batch.
     *
     * @param log      the writer's connection, inside an open write transaction
     * @param revision the revision this write gets if it changes a key
     */
    Applied<T> apply(LogConnection log, long revision) throws SQLException;

    /**
     * The outcome of an applied write.
     *
     * @param result      what the caller gets
     * @param row         the row written, or null if the write used no revision
     * @param compactedTo the revision compacted to by this write (0: none)
     */
    record Applied<T>(T result, LogRow row, long compactedTo) {

        static <T> Applied<T> changed(T result, LogRow row) {
            return new Applied<>(result, row, 0);
        }
    }
}
