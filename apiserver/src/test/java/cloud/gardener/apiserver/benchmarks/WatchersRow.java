package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Many watchers of one 8 KiB ConfigMap's namespace, per store and protocol ({@link Watchers}: over HTTP/2 as
 * client-go, over HTTP/1.1 a connection each), then a steady stream of updates of it: the server's heap per watcher
 * (its heap after a full collection with the watchers open, minus before, ÷ watchers), the p99 from an update's
 * request to an event's receipt, and how many watchers received every update. Raw figures, read with the load
 * average: the client decrypting every event shares the machine's cores with the server.
 */
final class WatchersRow implements BenchRow {

    private static final String NAMESPACE = "bench-watch";
    private static final String NAME = "watched";
    private static final String PATH = ConfigMaps.collection(NAMESPACE) + "/" + NAME;
    private static final byte[] GENERATION = "\"generation\":\"".getBytes(UTF_8);
    /** How long the watchers may stay silent after the last update before the missing events count as lost. */
    private static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final BenchContext context;
    private final int watchers;
    private final int updates;
    private final int updatesPerSecond;
    private final Map<String, String> versions = new HashMap<>();
    private final AtomicLong generation = new AtomicLong();

    WatchersRow(BenchContext context, int watchers, int updates, int updatesPerSecond) {
        this.context = context;
        this.watchers = watchers;
        this.updates = updates;
        this.updatesPerSecond = updatesPerSecond;
    }

    @Override
    public String name() {
        return "watchers";
    }

    @Override
    public void prepare() throws Exception {
        for (ApiTarget target : context.targets()) {
            BenchContext.await(target.create(
                    "/api/v1/namespaces",
                    Buffer.buffer("{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + NAMESPACE
                            + "\"}}")));
            Buffer created = BenchContext.await(
                    target.create(ConfigMaps.collection(NAMESPACE), ConfigMaps.create(NAMESPACE, NAME)));
            versions.put(target.store(), ConfigMaps.resourceVersion(created));
        }
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            for (HttpVersion version : List.of(HttpVersion.HTTP_2, HttpVersion.HTTP_1_1)) {
                String key = "watchers." + target.store() + "." + protocol(version);
                subjects.add(new Subject(key, results -> measure(target, version, key, results)));
            }
        }
        return subjects;
    }

    private void measure(ApiTarget target, HttpVersion version, String key, Results results) throws Exception {
        long before = target.process().heapUsedAfterGc();
        histogram(target, key + ".before");
        long first = generation.get() + 1;
        AtomicLongArray sentAt = new AtomicLongArray(updates);
        AtomicIntegerArray seen = new AtomicIntegerArray(watchers);
        AtomicLongArray latencies = new AtomicLongArray(watchers * updates);
        AtomicInteger received = new AtomicInteger();
        AtomicLong lastReceipt = new AtomicLong(System.nanoTime());
        // from the current revision: an older one may have left the watch cache's window while other rows wrote
        String watch = ConfigMaps.collection(NAMESPACE) + "?watch=1&resourceVersion="
                + ConfigMaps.resourceVersion(BenchContext.await(
                        target.http1().send(HttpMethod.GET, ConfigMaps.collection(NAMESPACE), null, 200)));
        try (Watchers open = Watchers.open(context, target, version, n -> watch, watchers, (watcher, line, now) -> {
            long g = generationOf(line) - first;
            if (g < 0 || g >= updates) {
                return;
            }
            int n = received.getAndIncrement();
            if (n < latencies.length()) {
                latencies.set(n, now - sentAt.get((int) g));
            }
            seen.incrementAndGet(watcher);
            lastReceipt.set(now);
        })) {
            long with = target.process().heapUsedAfterGc();
            histogram(target, key + ".with");
            heapDump(target, key + ".with");
            results.record(key + ".heap", (double) (with - before) / watchers);

            long interval = TimeUnit.SECONDS.toNanos(1) / updatesPerSecond;
            long start = System.nanoTime();
            for (int u = 0; u < updates; u++) {
                long due = start + u * interval;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                long g = generation.incrementAndGet();
                sentAt.set((int) (g - first), System.nanoTime());
                Buffer updated = BenchContext.await(target.http1()
                        .send(
                                HttpMethod.PUT,
                                PATH,
                                ConfigMaps.update(NAMESPACE, NAME, versions.get(target.store()), g),
                                200));
                versions.put(target.store(), ConfigMaps.resourceVersion(updated));
            }
            double rate = updates / ((System.nanoTime() - start) / 1e9);
            lastReceipt.set(System.nanoTime());
            while (received.get() < watchers * updates && System.nanoTime() - lastReceipt.get() < QUIET_NANOS) {
                Thread.sleep(50);
            }
            int complete = 0;
            for (int w = 0; w < watchers; w++) {
                if (seen.get(w) == updates) {
                    complete++;
                }
            }
            long[] sorted = new long[Math.min(received.get(), latencies.length())];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = latencies.get(i);
            }
            Arrays.sort(sorted);
            results.record(key + ".p99", sorted.length == 0 ? Double.NaN : sorted[(int) (sorted.length * 0.99)] / 1e9);
            results.record(key + ".complete", complete);
            results.record(key + ".rate", rate);
            progress(String.format(
                    Locale.ROOT,
                    "%s: %.2f KiB per watcher, %d of %d events received, %d of %d watchers complete, %d ended,"
                            + " %.1f updates/s; load average %s",
                    key,
                    (with - before) / 1024.0 / watchers,
                    received.get(),
                    watchers * updates,
                    complete,
                    watchers,
                    open.ended(),
                    rate,
                    ApiBenchmark.loadAverage()));
        }
        // the server lets go of the closed watches before the next measurement's heap is read
        Thread.sleep(1000);
    }

    /**
     * With {@code -Dbench.histograms=DIR} (the load client's JAVA_OPTS), the server's class histogram is written to
     * {@code DIR/NAME} before the watchers open and with them open: what one watcher holds, class by class.
     */
    private static void histogram(ApiTarget target, String name) throws IOException, InterruptedException {
        String dir = System.getProperty("bench.histograms");
        if (dir != null) {
            Files.createDirectories(Path.of(dir));
            Files.writeString(Path.of(dir, name), target.process().classHistogram(), UTF_8);
        }
    }

    /**
     * With {@code -Dbench.heapdumps=DIR}, the server's heap (live objects) is dumped to {@code DIR/NAME.hprof} with the
     * watchers open: what holds what one watcher keeps.
     */
    private static void heapDump(ApiTarget target, String name) throws IOException, InterruptedException {
        String dir = System.getProperty("bench.heapdumps");
        if (dir != null) {
            Files.createDirectories(Path.of(dir));
            Path file = Path.of(dir, name + ".hprof");
            Files.deleteIfExists(file); // the warm-up's: the JVM does not overwrite a dump
            target.process().heapDump(file);
        }
    }

    /** The ConfigMap's {@code data.generation} in an event line, without parsing its 8 KiB; -1 when absent. */
    private static long generationOf(Buffer line) {
        int end = line.length() - GENERATION.length;
        outer:
        for (int i = 0; i < end; i++) {
            for (int j = 0; j < GENERATION.length; j++) {
                if (line.getByte(i + j) != GENERATION[j]) {
                    continue outer;
                }
            }
            long value = 0;
            for (int k = i + GENERATION.length; k < line.length(); k++) {
                byte b = line.getByte(k);
                if (b < '0' || b > '9') {
                    return value;
                }
                value = value * 10 + (b - '0');
            }
        }
        return -1;
    }

    private static String protocol(HttpVersion version) {
        return version == HttpVersion.HTTP_2 ? "http2" : "http1";
    }

    private static void progress(String message) {
        System.err.printf(Locale.ROOT, "[bench-api %tT] %s%n", System.currentTimeMillis(), message);
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        String count = String.format(Locale.ROOT, "%,d watchers", watchers);
        for (ApiTarget target : context.targets()) {
            for (HttpVersion version : List.of(HttpVersion.HTTP_2, HttpVersion.HTTP_1_1)) {
                String key = "watchers." + target.store() + "." + protocol(version);
                String of = count + " over " + (version == HttpVersion.HTTP_2 ? "HTTP/2" : "HTTP/1.1") + ", "
                        + target.store();
                figures.add(Figure.raw(
                        of + ": server heap per watcher (after GC, with − without)",
                        key + ".heap",
                        Figure.Unit.KIB,
                        "< 2 KiB"));
                figures.add(Figure.raw(
                        of + ": p99 update-to-receipt, " + updates + " updates of an 8 KiB ConfigMap at ≤ "
                                + updatesPerSecond + "/s",
                        key + ".p99",
                        Figure.Unit.MILLISECONDS,
                        "< 100 ms"));
                figures.add(Figure.raw(
                        of + ": watchers that received every update", key + ".complete", Figure.Unit.COUNT, "all"));
                figures.add(Figure.raw(of + ": updates/s reached", key + ".rate", Figure.Unit.COUNT, "the rate asked"));
            }
        }
        return figures;
    }
}
