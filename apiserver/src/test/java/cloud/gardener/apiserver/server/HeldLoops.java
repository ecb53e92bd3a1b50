package cloud.gardener.apiserver.server;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;

/**
 * The event-loop tasks that held their loop, told apart from loops that merely waited for a core. Vert.x's
 * blocked-thread checker measures wall time, so on a loaded machine (a CI box running other builds) it also reports a
 * loop thread that was runnable but not scheduled. A task holds its loop when, over the reported time, the thread spent
 * at least the limit in CPU, or sat waiting (a lock, a sleep, a blocking call) rather than running; the CPU time comes
 * from samples of each loop thread's CPU clock taken every few milliseconds.
 */
final class HeldLoops extends AppenderBase<ILoggingEvent> {

    private static final Pattern REPORT = Pattern.compile("Thread (\\S+) has been blocked for (\\d+) ms");
    private static final long SAMPLE_MILLIS = 5;
    private static final long KEPT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final long limitMillis;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<String, Long> ids = new ConcurrentHashMap<>();
    private final Map<String, Deque<long[]>> samples = new ConcurrentHashMap<>();
    private final List<String> held = new ArrayList<>();
    private final List<String> waitedForACore = new ArrayList<>();
    private final Thread sampler;
    private final Logger checker;
    private volatile boolean running = true;

    /** Starts sampling the loops' CPU clocks and listening to the checker. */
    HeldLoops(long limitMillis) {
        this.limitMillis = limitMillis;
        sampler = new Thread(this::sample, "held-loops-sampler");
        sampler.setDaemon(true);
        sampler.start();
        checker = (Logger) LoggerFactory.getLogger("io.vertx.core.impl.BlockedThreadChecker");
        start();
        checker.addAppender(this);
    }

    private void sample() {
        long found = 0;
        while (running) {
            long now = System.nanoTime();
            if (now - found > TimeUnit.MILLISECONDS.toNanos(200)) {
                findLoops();
                found = now;
            }
            ids.forEach((name, id) -> {
                long cpu = threads.getThreadCpuTime(id);
                Deque<long[]> kept = samples.computeIfAbsent(name, n -> new ArrayDeque<>());
                synchronized (kept) {
                    kept.addLast(new long[] {now, cpu});
                    while (now - kept.peekFirst()[0] > KEPT_NANOS) {
                        kept.removeFirst();
                    }
                }
            });
            try {
                Thread.sleep(SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void findLoops() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("vert.x-eventloop-thread-")) {
                ids.putIfAbsent(t.getName(), t.getId());
            }
        }
    }

    @Override
    protected void append(ILoggingEvent event) {
        Matcher report = REPORT.matcher(event.getFormattedMessage());
        if (!report.find()) {
            return;
        }
        String name = report.group(1);
        long blockedNanos = TimeUnit.MILLISECONDS.toNanos(Long.parseLong(report.group(2)));
        Long id = ids.get(name);
        ThreadInfo info = id == null ? null : threads.getThreadInfo(id);
        long cpuNanos = id == null ? -1 : threads.getThreadCpuTime(id);
        long since = cpuSince(name, System.nanoTime() - blockedNanos);
        boolean waiting = info != null && info.getThreadState() != Thread.State.RUNNABLE;
        boolean busy = since < 0 || cpuNanos - since >= TimeUnit.MILLISECONDS.toNanos(limitMillis);
        String line = event.getFormattedMessage() + " (CPU "
                + (since < 0 ? "unknown" : TimeUnit.NANOSECONDS.toMillis(cpuNanos - since) + " ms") + ", "
                + (info == null ? "state unknown" : info.getThreadState()) + ")";
        synchronized (held) {
            (waiting || busy ? held : waitedForACore).add(line);
        }
    }

    /** The thread's CPU clock at the last sample taken no later than {@code at}; -1 without one. */
    private long cpuSince(String name, long at) {
        Deque<long[]> kept = samples.get(name);
        if (kept == null) {
            return -1;
        }
        long cpu = -1;
        synchronized (kept) {
            for (long[] s : kept) {
                if (s[0] > at) {
                    break;
                }
                cpu = s[1];
            }
        }
        return cpu;
    }

    /** Forgets what was reported so far (after a warm-up). */
    void clear() {
        synchronized (held) {
            held.clear();
            waitedForACore.clear();
        }
    }

    /** The reports of tasks that held their loop. */
    List<String> held() {
        synchronized (held) {
            return List.copyOf(held);
        }
    }

    /** The reports of loops that only waited for a core (told for the record). */
    List<String> waitedForACore() {
        synchronized (held) {
            return List.copyOf(waitedForACore);
        }
    }

    void close() throws InterruptedException {
        checker.detachAppender(this);
        stop();
        running = false;
        sampler.join();
    }
}
