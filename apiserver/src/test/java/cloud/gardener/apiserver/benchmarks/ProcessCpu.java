package cloud.gardener.apiserver.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CPU time of the benchmark's processes (the servers, etcd, the load client), read before and after a measurement:
 * on a machine with few cores throughput is bound by the CPU every process spends per operation, which this shows per
 * process (issue 17's "CPU per op").
 */
final class ProcessCpu {

    /** No process metered. */
    static final ProcessCpu NONE = new ProcessCpu(Map.of());

    private final Map<String, Long> pids;

    /** @param pids the processes, by the name the report gives them, in report order */
    ProcessCpu(Map<String, Long> pids) {
        this.pids = new LinkedHashMap<>(pids);
    }

    /** The CPU time of every process so far, in nanoseconds, in report order (-1: not readable). */
    long[] snapshot() {
        List<Long> all = List.copyOf(pids.values());
        long[] nanos = new long[all.size()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = ProcessHandle.of(all.get(i))
                    .flatMap(p -> p.info().totalCpuDuration())
                    .map(Duration::toNanos)
                    .orElse(-1L);
        }
        return nanos;
    }

    /**
     * The CPU milliseconds per operation each process spent between two snapshots, for processes that spent any
     * (e.g. {@code server on etcd 1.90, etcd 0.35, load client 0.41}); empty when nothing is metered.
     */
    String perOperation(long[] before, long[] after, long operations) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        for (String name : pids.keySet()) {
            long spent = after[i] - before[i];
            if (before[i] >= 0 && after[i] >= 0 && spent > 0 && operations > 0) {
                out.append(out.length() == 0 ? "" : ", ")
                        .append(String.format(Locale.ROOT, "%s %.3f", name, spent / 1e6 / operations));
            }
            i++;
        }
        return out.toString();
    }
}
