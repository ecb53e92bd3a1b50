package cloud.gardener.apiserver.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class ThreadCpuTest {

    private static final long SELF = ProcessHandle.current().pid();

    @Test
    void hotSpotThreadNamesTellTheKind() {
        assertThat(ThreadKind.of("C1 CompilerThre")).isEqualTo(ThreadKind.JIT);
        assertThat(ThreadKind.of("C2 CompilerThre")).isEqualTo(ThreadKind.JIT);
        assertThat(ThreadKind.of("GC Thread#1")).isEqualTo(ThreadKind.GC);
        assertThat(ThreadKind.of("G1 Refine#0")).isEqualTo(ThreadKind.GC);
        assertThat(ThreadKind.of("G1 Main Marker")).isEqualTo(ThreadKind.GC);
        assertThat(ThreadKind.of("VM Thread")).isEqualTo(ThreadKind.OTHER);
        assertThat(ThreadKind.of("vert.x-eventloo")).isEqualTo(ThreadKind.OTHER);
        assertThat(ThreadKind.of("java")).isEqualTo(ThreadKind.OTHER);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void thisJvmsCompilerThreadsHaveCompiled() {
        Map<Long, ThreadCpu> threads = ThreadCpu.read(SELF);

        assertThat(threads.values())
                .filteredOn(t -> t.kind() == ThreadKind.JIT)
                .isNotEmpty()
                .anyMatch(t -> t.nanos() > 0);
        assertThat(threads.values())
                .filteredOn(t -> t.kind() == ThreadKind.OTHER)
                .hasSizeGreaterThan(1);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aThreadStartedBetweenReadingsCountsWithAllItsTime() throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CountDownLatch spun = new CountDownLatch(1);
        CountDownLatch read = new CountDownLatch(1);
        Map<Long, ThreadCpu> before = ThreadCpu.read(SELF);
        Thread spinner = new Thread(
                () -> {
                    long start = mx.getCurrentThreadCpuTime();
                    long x = 0;
                    while (mx.getCurrentThreadCpuTime() - start < 200_000_000L) {
                        x += Long.toString(x).length();
                    }
                    spun.countDown();
                    try {
                        // alive until read: a thread that ended is gone from /proc
                        read.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "spinner");
        spinner.start();
        spun.await();
        Map<Long, ThreadCpu> after = ThreadCpu.read(SELF);
        read.countDown();
        spinner.join();

        assertThat(ThreadCpu.spent(before, after, ThreadKind.OTHER)).isGreaterThanOrEqualTo(190_000_000L);
    }

    @Test
    void spentIsTheDifferenceOfThreadsInBothAndAllOfNewOnes() {
        Map<Long, ThreadCpu> before = Map.of(
                1L, new ThreadCpu(ThreadKind.JIT, 100),
                2L, new ThreadCpu(ThreadKind.GC, 50),
                4L, new ThreadCpu(ThreadKind.JIT, 999));
        Map<Long, ThreadCpu> after = Map.of(
                1L, new ThreadCpu(ThreadKind.JIT, 250),
                2L, new ThreadCpu(ThreadKind.GC, 80),
                3L, new ThreadCpu(ThreadKind.JIT, 40),
                // thread 4 ended and its id went to a new GC thread
                4L, new ThreadCpu(ThreadKind.GC, 7));

        assertThat(ThreadCpu.spent(before, after, ThreadKind.JIT)).isEqualTo(150 + 40);
        assertThat(ThreadCpu.spent(before, after, ThreadKind.GC)).isEqualTo(30 + 7);
        assertThat(ThreadCpu.spent(before, after, ThreadKind.OTHER)).isZero();
    }

    @Test
    void perOperationSplitsAJvmsCpuAndLeavesOtherProcessesWhole() {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("server on etcd", 10L);
        pids.put("etcd", 11L);
        ProcessCpu cpu = new ProcessCpu(pids);
        ProcessCpu.Sample[] before = {
            new ProcessCpu.Sample(
                    1_000_000, Map.of(1L, new ThreadCpu(ThreadKind.JIT, 0), 2L, new ThreadCpu(ThreadKind.GC, 100_000))),
            new ProcessCpu.Sample(0, Map.of(5L, new ThreadCpu(ThreadKind.OTHER, 0)))
        };
        ProcessCpu.Sample[] after = {
            new ProcessCpu.Sample(
                    5_000_000,
                    Map.of(1L, new ThreadCpu(ThreadKind.JIT, 1_800_000), 2L, new ThreadCpu(ThreadKind.GC, 300_000))),
            new ProcessCpu.Sample(1_000_000, Map.of(5L, new ThreadCpu(ThreadKind.OTHER, 1_000_000)))
        };

        assertThat(cpu.perOperation(before, after, 2))
                .isEqualTo("server on etcd 2.000 (JIT 0.900, GC 0.100), etcd 0.500");
        assertThat(cpu.perOperation(before, after, 100))
                .isEqualTo("server on etcd 0.0400 (JIT 0.0180, GC 0.0020), etcd 0.0100");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void thisJvmIsMeteredWithItsSplit() {
        ProcessCpu cpu = new ProcessCpu(Map.of("load client", SELF));
        ProcessCpu.Sample[] before = cpu.snapshot();
        long x = 0;
        for (int i = 0; i < 2_000_000; i++) {
            x += Integer.toString(i).hashCode();
        }

        assertThat(cpu.perOperation(before, cpu.snapshot(), 1 + (x & 0)))
                .matches("load client \\d+\\.\\d{3,4} \\(JIT \\d+\\.\\d{3,4}, GC \\d+\\.\\d{3,4}\\)");
    }

    @Test
    void jitShareIsTheJvmsCompilerTimeOverTheirTotalAndLeavesOtherProcessesOut() {
        ProcessCpu cpu = new ProcessCpu(Map.of("a", 1L, "b", 2L, "etcd", 3L));
        ProcessCpu.Sample[] before = {
            new ProcessCpu.Sample(0, Map.of(1L, new ThreadCpu(ThreadKind.JIT, 0))),
            new ProcessCpu.Sample(0, Map.of(1L, new ThreadCpu(ThreadKind.JIT, 0))),
            new ProcessCpu.Sample(0, Map.of(1L, new ThreadCpu(ThreadKind.OTHER, 0)))
        };
        ProcessCpu.Sample[] after = {
            new ProcessCpu.Sample(1000, Map.of(1L, new ThreadCpu(ThreadKind.JIT, 600))),
            new ProcessCpu.Sample(3000, Map.of(1L, new ThreadCpu(ThreadKind.JIT, 400))),
            new ProcessCpu.Sample(6000, Map.of(1L, new ThreadCpu(ThreadKind.OTHER, 6000)))
        };

        assertThat(cpu.jitShare(before, after)).isEqualTo(0.25);
        assertThat(cpu.jitShare(before, before)).isZero();
    }
}
