package cloud.gardener.apiserver.benchmarks;

import java.util.Locale;

/**
 * Compacts the run's etcd between measurements (not timed), one step behind: to the revision etcd had after the
 * previous measurement, so that no server's watch still catching up meets a compacted revision (etcd would cancel
 * it and the watch cache re-list), while the history of creates, updates and deletes stays as short as a few
 * measurements. The servers' own compactors (every 5 minutes) do the same for the embedded store and etcd.
 */
final class EtcdHistory {

    private final RawEtcd raw;
    private long previous;

    EtcdHistory(RawEtcd raw) {
        this.raw = raw;
    }

    void compact() throws InterruptedException {
        long current = BenchContext.await(raw.revision());
        if (previous > 0) {
            try {
                BenchContext.await(raw.compact(previous));
            } catch (IllegalStateException e) {
                // a server's compactor got there first: the history is as short already
                if (!String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("compacted")) {
                    throw e;
                }
            }
        }
        previous = current;
    }
}
