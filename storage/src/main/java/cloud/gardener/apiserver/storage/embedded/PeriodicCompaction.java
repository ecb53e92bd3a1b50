package cloud.gardener.apiserver.storage.embedded;

import io.vertx.core.Vertx;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts the embedded store every interval to the revision that was current one interval before, the
 * way kube-apiserver compacts etcd: history stays available for at least one interval (watches and
 * continue tokens that old still work) and the table stops growing.
 */
final class PeriodicCompaction {

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicCompaction.class);

    private final Vertx vertx;
    private final EmbeddedStorage storage;
    private final Duration interval;
    private long timerId = -1;
    private long previousRevision;

    PeriodicCompaction(Vertx vertx, EmbeddedStorage storage, Duration interval) {
        this.vertx = vertx;
        this.storage = storage;
        this.interval = interval;
    }

    synchronized void start() {
        if (interval.isZero() || interval.isNegative() || timerId >= 0) {
            return;
        }
        previousRevision = storage.committedRevision();
        timerId = vertx.setPeriodic(interval.toMillis(), id -> tick());
    }

    private synchronized void tick() {
        long target = previousRevision;
        previousRevision = storage.committedRevision();
        if (target <= storage.compactedRevision()) {
            return;
        }
        storage.compact(target).onFailure(e -> LOG.warn("embedded store: compaction at {} failed", target, e));
    }

    synchronized void stop() {
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
            timerId = -1;
        }
    }
}
