package cloud.gardener.apiserver.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One thread's kind and CPU time so far, read from Linux's {@code /proc/PID/task/TID}: {@code schedstat}'s first
 * field is the time on CPU in nanoseconds (finer than {@code stat}'s clock ticks).
 */
record ThreadCpu(ThreadKind kind, long nanos) {

    /** The live threads of a process by thread id; empty when {@code /proc} cannot be read (not Linux, gone). */
    static Map<Long, ThreadCpu> read(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        List<Path> threads;
        try (Stream<Path> list = Files.list(tasks)) {
            threads = list.toList();
        } catch (IOException | UncheckedIOException e) {
            return Map.of();
        }
        Map<Long, ThreadCpu> out = new HashMap<>();
        for (Path thread : threads) {
            try {
                String comm = Files.readString(thread.resolve("comm"), StandardCharsets.UTF_8)
                        .strip();
                String schedstat = Files.readString(thread.resolve("schedstat"), StandardCharsets.US_ASCII);
                long nanos = Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
                out.put(Long.parseLong(thread.getFileName().toString()), new ThreadCpu(ThreadKind.of(comm), nanos));
            } catch (IOException | RuntimeException e) {
                // the thread ended while being read: its time is lost, as that of any thread ending in between
            }
        }
        return out;
    }

    /**
     * The CPU time the threads of one kind spent between two readings: a thread in both the difference, a thread
     * started in between all of its time. A thread that ended in between is not counted (HotSpot ends compiler
     * threads beyond the first of each kind when they idle), so this is at least the time spent.
     */
    static long spent(Map<Long, ThreadCpu> before, Map<Long, ThreadCpu> after, ThreadKind kind) {
        long sum = 0;
        for (Map.Entry<Long, ThreadCpu> e : after.entrySet()) {
            ThreadCpu now = e.getValue();
            if (now.kind() != kind) {
                continue;
            }
            ThreadCpu then = before.get(e.getKey());
            boolean same = then != null && then.kind() == kind && then.nanos() <= now.nanos();
            sum += same ? now.nanos() - then.nanos() : now.nanos();
        }
        return sum;
    }
}
