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

    /** One process's CPU time so far in nanoseconds (-1: not readable) and its live threads' ({@link ThreadCpu}). */
    record Sample(long totalNanos, Map<Long, ThreadCpu> threads) {

        /** A JVM: it has HotSpot's compiler threads (the first of each kind never ends). */
        boolean isJvm() {
            return threads.values().stream().anyMatch(t -> t.kind() == ThreadKind.JIT);
        }
    }

    /** The CPU time of every process so far, in report order. */
    Sample[] snapshot() {
        List<Long> all = List.copyOf(pids.values());
        Sample[] samples = new Sample[all.size()];
        for (int i = 0; i < samples.length; i++) {
            long pid = all.get(i);
            long total = ProcessHandle.of(pid)
                    .flatMap(p -> p.info().totalCpuDuration())
                    .map(Duration::toNanos)
                    .orElse(-1L);
            samples[i] = new Sample(total, ThreadCpu.read(pid));
        }
        return samples;
    }

    /**
     * The CPU milliseconds per operation each process spent between two snapshots, for processes that spent any;
     * for a JVM also the part its JIT compiler threads and its GC threads spent (the rest is the difference), e.g.
     * {@code server on etcd 0.920 (JIT 0.400, GC 0.0500), etcd 0.350, load client 0.410 (JIT 0.0200, GC 0.0100)}: a
     * server still compiling spends much of its CPU on that, which a warm server would not. The total is counted in
     * clock ticks (10 ms), the parts in nanoseconds, so a part can exceed a total of a few ticks. Empty when nothing
     * is metered.
     */
    String perOperation(Sample[] before, Sample[] after, long operations) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        for (String name : pids.keySet()) {
            long spent = after[i].totalNanos() - before[i].totalNanos();
            if (before[i].totalNanos() >= 0 && after[i].totalNanos() >= 0 && spent > 0 && operations > 0) {
                out.append(out.length() == 0 ? "" : ", ")
                        .append(name)
                        .append(' ')
                        .append(millis(spent / 1e6 / operations));
                if (after[i].isJvm()) {
                    out.append(" (JIT ")
                            .append(millis(ThreadCpu.spent(before[i].threads(), after[i].threads(), ThreadKind.JIT)
                                    / 1e6
                                    / operations))
                            .append(", GC ")
                            .append(millis(ThreadCpu.spent(before[i].threads(), after[i].threads(), ThreadKind.GC)
                                    / 1e6
                                    / operations))
                            .append(')');
                }
            }
            i++;
        }
        return out.toString();
    }

    /**
     * Milliseconds with three decimals, four below 0.1 ms: a GET costs a few hundredths of a millisecond, where a cut
     * of 5 % would not show in the third decimal.
     */
    static String millis(double ms) {
        return String.format(Locale.ROOT, ms < 0.1 ? "%.4f" : "%.3f", ms);
    }

    /**
     * The part of the metered JVMs' CPU between two snapshots that their JIT compiler threads spent, 0 to 1 (0 when
     * they spent none): high while a fresh server still compiles its hot paths.
     */
    double jitShare(Sample[] before, Sample[] after) {
        long total = 0;
        long jit = 0;
        for (int i = 0; i < after.length; i++) {
            if (after[i].isJvm() && before[i].totalNanos() >= 0 && after[i].totalNanos() > before[i].totalNanos()) {
                total += after[i].totalNanos() - before[i].totalNanos();
                jit += ThreadCpu.spent(before[i].threads(), after[i].threads(), ThreadKind.JIT);
            }
        }
        return total == 0 ? 0 : Math.min(1, (double) jit / total);
    }
}
