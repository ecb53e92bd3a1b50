package cloud.gardener.apiserver.benchmarks;

import java.util.Locale;

/**
 * Compacts the run's etcd after every measurement (not timed), so that each measurement starts on an etcd without
 * the history of the one before: etcd's CPU per write was 2–5 times higher (0.2–2.7 ms against 0.13–0.18 per 10 KB
 * create, alternated, either bbolt free list type) while the creates and deletes of a previous raw measurement were
 * still in its history, which put every etcd ratio at the mercy of the subjects' order. The servers' own compactors
 * (every 5 minutes) keep a landscape's history as short.
 */
final class EtcdHistory {

    /**
     * How long the servers' watches get to take in the measurement's last events before their revisions are
     * compacted: a watch behind the compacted revision would be cancelled and its watch cache list again.
     */
    private static final long WATCHES_CATCH_UP_MILLIS = 1_000;

    private final RawEtcd raw;

    EtcdHistory(RawEtcd raw) {
        this.raw = raw;
    }

    void compact() throws InterruptedException {
        long current = BenchContext.await(raw.revision());
        Thread.sleep(WATCHES_CATCH_UP_MILLIS);
        try {
            BenchContext.await(raw.compact(current));
        } catch (IllegalStateException e) {
            // a server's compactor got there first: the history is as short already
            if (!String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("compacted")) {
                throw e;
            }
        }
    }
}
