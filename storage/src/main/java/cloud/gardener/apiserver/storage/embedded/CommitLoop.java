package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.embedded.WriteOp.Applied;
import io.vertx.core.Promise;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer. It owns the write connection and the revision counter, so revisions are assigned
 * in commit order without locks.
 *
 * <p>Group commit: the thread takes every write queued while the previous commit was being fsynced and
 * applies them in one transaction, each with its own revision, then commits once. Only after the commit
 * returns (the WAL is on disk) does it advance the committed revision, hand the new rows to the watch
 * publisher and complete the callers' promises, so nothing unacknowledged is ever observable and
 * nothing acknowledged can be lost.
 */
final class CommitLoop {

    /** Receives the rows of each committed batch, in revision order, on the writer thread. */
    interface Publisher {
        void committed(List<LogRow> rows, long revision);
    }

    private static final Logger LOG = LoggerFactory.getLogger(CommitLoop.class);
    private static final int MAX_BATCH = 512;

    private final LogConnection log;
    private final Publisher publisher;
    private final LinkedBlockingQueue<Pending<?>> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final Pending<Void> stop = new Pending<>(null, null);

    private volatile long committedRevision;
    private volatile long compactedRevision;
    private volatile boolean closing;

    CommitLoop(LogConnection log, long revision, long compacted, Publisher publisher, String name) {
        this.log = log;
        this.publisher = publisher;
        this.committedRevision = revision;
        this.compactedRevision = compacted;
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** The revision of the last acknowledged write. */
    long committedRevision() {
        return committedRevision;
    }

    long compactedRevision() {
        return compactedRevision;
    }

    /** Queues a write; {@code promise} completes from the writer thread once the write is durable or refused. */
    <T> void submit(WriteOp<T> op, Promise<T> promise) {
        if (closing) {
            promise.fail(closed());
            return;
        }
        queue.add(new Pending<>(op, promise));
    }

    private void run() {
        List<Pending<?>> batch = new ArrayList<>(MAX_BATCH);
        boolean running = true;
        while (running) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                break;
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            int stopAt = batch.indexOf(stop);
            if (stopAt >= 0) {
                running = false;
                batch.subList(stopAt, batch.size()).clear();
            }
            if (!batch.isEmpty()) {
                commit(batch);
            }
            batch.clear();
        }
        // Writes queued behind the stop never ran.
        List<Pending<?>> left = new ArrayList<>();
        queue.drainTo(left);
        for (Pending<?> p : left) {
            if (p != stop) {
                p.promise.fail(closed());
            }
        }
    }

    private void commit(List<Pending<?>> batch) {
        long next = committedRevision + 1;
        long compacted = 0;
        List<LogRow> rows = new ArrayList<>(batch.size());
        try {
            log.beginWrite();
            for (Pending<?> p : batch) {
                p.apply(log, next);
                if (p.applied != null) {
                    if (p.applied.row() != null) {
                        rows.add(p.applied.row());
                        next++;
                    }
                    compacted = Math.max(compacted, p.applied.compactedTo());
                }
            }
            log.commit();
        } catch (SQLException | RuntimeException e) {
            log.rollbackQuietly();
            resync();
            LOG.error("embedded store: a batch of {} writes failed", batch.size(), e);
            StorageException failure =
                    StorageException.unavailable("embedded store write failed: " + e.getMessage(), e);
            for (Pending<?> p : batch) {
                p.promise.fail(failure);
            }
            return;
        }
        if (compacted > 0) {
            compactedRevision = Math.max(compactedRevision, compacted);
        }
        if (!rows.isEmpty()) {
            committedRevision = next - 1;
            publisher.committed(rows, next - 1);
        }
        for (Pending<?> p : batch) {
            p.finish();
        }
    }

    /** After a failed commit, trusts the file again for the revision (it never goes back). */
    private void resync() {
        try {
            committedRevision = Math.max(committedRevision, log.lastRevision());
        } catch (SQLException e) {
            LOG.warn("embedded store: cannot read the revision back after a failed write", e);
        }
    }

    /**
     * Stops taking writes, lets the writes queued so far run, and closes the connection; waits at most
     * {@code timeoutMillis} for that.
     */
    void close(long timeoutMillis) {
        if (closing) {
            return;
        }
        closing = true;
        queue.add(stop);
        try {
            thread.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("embedded store: the writer did not stop within {} ms", timeoutMillis);
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // A write submitted while closing may have slipped in behind the stop.
        List<Pending<?>> left = new ArrayList<>();
        queue.drainTo(left);
        for (Pending<?> p : left) {
            if (p != stop) {
                p.promise.fail(closed());
            }
        }
        if (!thread.isAlive()) {
            log.close();
        }
    }

    private static StorageException closed() {
        return StorageException.unavailable("the embedded store is closed", null);
    }

    /** A queued write and, once applied, its outcome. Touched by the writer thread only. */
    private static final class Pending<T> {
        final WriteOp<T> op;
        final Promise<T> promise;
        Applied<T> applied;
        StorageException refused;

        Pending(WriteOp<T> op, Promise<T> promise) {
            this.op = op;
            this.promise = promise;
        }

        void apply(LogConnection log, long revision) throws SQLException {
            try {
                applied = op.apply(log, revision);
            } catch (StorageException e) {
                refused = e;
            }
        }

        void finish() {
            if (refused != null) {
                promise.fail(refused);
            } else {
                promise.complete(applied.result());
            }
        }
    }
}
