package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.StorageException;
import io.vertx.core.Promise;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Threads that run reads, each on a connection of its own. In WAL mode readers see the last committed
 * state and neither block nor are blocked by the writer.
 */
final class ReaderPool {

    /** A read on one connection; it may open a read transaction, which the pool ends if the read fails. */
    @FunctionalInterface
    interface ReadOp<T> {
        T read(LogConnection log) throws SQLException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(ReaderPool.class);

    private final List<LogConnection> all = new ArrayList<>();
    private final BlockingQueue<LogConnection> idle;
    private final ExecutorService executor;
    private volatile boolean closed;

    ReaderPool(Path database, int size, String name) throws SQLException {
        idle = new ArrayBlockingQueue<>(size);
        try {
            for (int i = 0; i < size; i++) {
                LogConnection c = LogConnection.open(database);
                all.add(c);
                idle.add(c);
            }
        } catch (SQLException e) {
            all.forEach(LogConnection::close);
            throw e;
        }
        AtomicInteger n = new AtomicInteger();
        executor = Executors.newFixedThreadPool(size, r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs {@code op} on a reader thread and completes {@code promise} with its result; a refusal is a
     * {@link StorageException} and passes as it is, a database failure becomes UNAVAILABLE.
     */
    <T> void run(ReadOp<T> op, Promise<T> promise) {
        if (closed) {
            promise.fail(closedFailure());
            return;
        }
        try {
            executor.execute(() -> runNow(op, promise));
        } catch (RejectedExecutionException e) {
            promise.fail(closedFailure());
        }
    }

    private <T> void runNow(ReadOp<T> op, Promise<T> promise) {
        if (closed) {
            promise.fail(closedFailure());
            return;
        }
        // There are as many connections as threads, so one is always idle here.
        LogConnection log = idle.poll();
        if (log == null) {
            promise.fail(StorageException.internal("no idle reader connection", null));
            return;
        }
        T result;
        try {
            result = op.read(log);
        } catch (SQLException e) {
            log.rollbackQuietly();
            promise.fail(StorageException.unavailable("embedded store read failed: " + e.getMessage(), e));
            return;
        } catch (RuntimeException e) {
            log.rollbackQuietly();
            promise.fail(e);
            return;
        } finally {
            idle.add(log);
        }
        promise.complete(result);
    }

    /** Lets the reads queued so far finish (they fail fast once closed) and closes the connections. */
    void close(long timeoutMillis) {
        closed = true;
        executor.shutdown();
        try {
            if (!executor.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)) {
                LOG.warn("embedded store: readers did not stop within {} ms", timeoutMillis);
                executor.shutdownNow();
                return; // connections still in use stay open rather than being closed under a running read
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        all.forEach(LogConnection::close);
    }

    private static StorageException closedFailure() {
        return StorageException.unavailable("the embedded store is closed", null);
    }
}
