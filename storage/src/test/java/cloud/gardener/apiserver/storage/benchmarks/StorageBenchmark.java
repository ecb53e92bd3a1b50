package cloud.gardener.apiserver.storage.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedConfig;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.TempFiles;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A benchmark, not a test: the same Shoot-sized objects created, read and listed against the embedded
 * store and against a local etcd in one run, printed with the ratio embedded/etcd for each operation
 * (above 1: the embedded store is faster). Run it with {@code bin/bench-storage}; flags:
 *
 * <pre>
 * --objects N         objects per measured phase (default 2000)
 * --concurrency C     creates and gets in flight (default 16)
 * --lists L           full lists of all N objects, one at a time (default 20)
 * --shoot FILE        the Shoot manifest whose JSON is the value (default: the repository's examples/50-shoot.yaml)
 * --pad-to BYTES      grow each value to about this size with an annotation, as status and managed fields
 *                     grow real Shoots (default 0: the manifest as it is)
 * --etcd-servers URLS an etcd to use instead of a private one started in a temporary directory
 * </pre>
 *
 * Both stores keep their data in the same temporary directory (same disk), each store is warmed up with
 * a quarter of the objects first, and every phase reports throughput and p50/p99 latency.
 */
public final class StorageBenchmark {

    private record Phase(String name, double perSecond, double p50Millis, double p99Millis) {}

    private final int objects;
    private final int concurrency;
    private final int lists;
    private final byte[] shootTemplate;

    private StorageBenchmark(int objects, int concurrency, int lists, byte[] shootTemplate) {
        this.objects = objects;
        this.concurrency = concurrency;
        this.lists = lists;
        this.shootTemplate = shootTemplate;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = flags(args);
        int objects = Integer.parseInt(flags.getOrDefault("--objects", "2000"));
        int concurrency = Integer.parseInt(flags.getOrDefault("--concurrency", "16"));
        int lists = Integer.parseInt(flags.getOrDefault("--lists", "20"));
        Path shoot = Path.of(
                flags.getOrDefault("--shoot", System.getProperty("gardener.examples", "examples") + "/50-shoot.yaml"));
        JsonNode manifest = Json.YAML.readTree(Files.readString(shoot));
        int padTo = Integer.parseInt(flags.getOrDefault("--pad-to", "0"));
        int size = Json.MAPPER.writeValueAsBytes(manifest).length;
        if (padTo > size) {
            ((ObjectNode) manifest.path("metadata"))
                    .putObject("annotations")
                    .put("bench/padding", "x".repeat(padTo - size - 40));
        }
        byte[] value = Json.MAPPER.writeValueAsBytes(manifest);
        StorageBenchmark bench = new StorageBenchmark(objects, concurrency, lists, value);

        Path dir = Files.createTempDirectory("bench-storage-");
        Vertx vertx = Vertx.vertx();
        EtcdProcess etcd = null;
        try {
            EtcdConfig etcdConfig;
            if (flags.containsKey("--etcd-servers")) {
                etcdConfig = EtcdConfig.of(flags.get("--etcd-servers").split(","));
            } else {
                etcd = EtcdProcess.start(dir.resolve("etcd"), null, List.of());
                etcdConfig = etcd.config();
            }
            // Big lists on a busy 2-core machine can take longer than the server's 10 s default.
            etcdConfig = etcdConfig.withRequestTimeout(Duration.ofSeconds(60));
            System.out.printf(
                    Locale.ROOT,
                    "Storage benchmark: %d Shoots of %d bytes (%s), %d creates and gets in flight, %d lists one at a time; "
                            + "%d CPUs, load average %s, Java %s, %s%n",
                    objects,
                    value.length,
                    shoot.getFileName(),
                    concurrency,
                    lists,
                    Runtime.getRuntime().availableProcessors(),
                    loadAverage(),
                    System.getProperty("java.version"),
                    etcd != null
                            ? "etcd " + etcdVersion() + " started in " + dir
                            : "etcd at " + etcdConfig.endpoints());
            List<Phase> embedded;
            try (Storage store = new EmbeddedStorage(
                    vertx,
                    new EmbeddedConfig(dir.resolve("embedded"), Duration.ZERO, EmbeddedConfig.DEFAULT_READERS))) {
                embedded = bench.run(store);
            }
            List<Phase> onEtcd;
            try (Storage store = new EtcdStorage(vertx, etcdConfig)) {
                onEtcd = bench.run(store);
            }
            print(embedded, onEtcd);
        } finally {
            if (etcd != null) {
                etcd.close();
            }
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            TempFiles.deleteRecursively(dir);
        }
    }

    /** Warm-up, then the measured phases, each under its own prefix. */
    private List<Phase> run(Storage store) throws Exception {
        String runId = Long.toString(System.nanoTime(), 36);
        phases(store, "/bench-" + runId + "-warmup/", Math.max(1, objects / 4), Math.max(1, lists / 4));
        return phases(store, "/bench-" + runId + "/", objects, lists);
    }

    private List<Phase> phases(Storage store, String prefix, int n, int listCount) throws Exception {
        List<Phase> result = new ArrayList<>();
        result.add(measure("create", n, concurrency, i -> store.create(key(prefix, i), shoot(i))));
        result.add(measure("get", n, concurrency, i -> store.get(key(prefix, i))));
        Phase list = measure(
                "list (" + n + " objects)",
                listCount,
                1,
                i -> store.list(ListRequest.all(prefix)).map(page -> checkSize(page, n)));
        result.add(list);
        return result;
    }

    private static String key(String prefix, int i) {
        return prefix + "ns" + (i % 10) + "/shoot-" + i;
    }

    /** The template with its own name, so every value is a distinct, realistic Shoot. */
    private byte[] shoot(int i) {
        try {
            ObjectNode node = (ObjectNode) Json.MAPPER.readTree(shootTemplate);
            ((ObjectNode) node.path("metadata")).put("name", "shoot-" + i).put("namespace", "ns" + (i % 10));
            return Json.MAPPER.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ListPage checkSize(ListPage page, int n) {
        if (page.items().size() != n) {
            throw new IllegalStateException("listed " + page.items().size() + " objects, expected " + n);
        }
        return page;
    }

    /** Runs {@code count} operations, {@code concurrency} in flight; throughput and latency percentiles. */
    private static Phase measure(String name, int count, int concurrency, IntFunction<Future<?>> op) throws Exception {
        long[] latencies = new long[count];
        AtomicInteger next = new AtomicInteger();
        CompletableFuture<Void> done = new CompletableFuture<>();
        AtomicInteger running = new AtomicInteger(Math.min(concurrency, count));
        long started = System.nanoTime();
        for (int w = 0; w < Math.min(concurrency, count); w++) {
            loop(op, next, count, latencies, running, done);
        }
        try {
            done.get(30, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "phase " + name + " failed: " + e.getCause().getMessage(), e.getCause());
        }
        long elapsed = System.nanoTime() - started;
        Arrays.sort(latencies);
        return new Phase(
                name,
                count / (elapsed / 1e9),
                latencies[(int) (count * 0.50)] / 1e6,
                latencies[Math.min(count - 1, (int) (count * 0.99))] / 1e6);
    }

    private static void loop(
            IntFunction<Future<?>> op,
            AtomicInteger next,
            int count,
            long[] latencies,
            AtomicInteger running,
            CompletableFuture<Void> done) {
        int i = next.getAndIncrement();
        if (i >= count) {
            if (running.decrementAndGet() == 0) {
                done.complete(null);
            }
            return;
        }
        long t0 = System.nanoTime();
        op.apply(i).onComplete(ar -> {
            if (ar.failed()) {
                done.completeExceptionally(ar.cause());
                return;
            }
            latencies[i] = System.nanoTime() - t0;
            loop(op, next, count, latencies, running, done);
        });
    }

    private static void print(List<Phase> embedded, List<Phase> etcd) {
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "| %-22s | %16s | %16s | %14s | %14s | %17s |%n",
                "operation",
                "embedded ops/s",
                "etcd ops/s",
                "embedded p50/p99 ms",
                "etcd p50/p99 ms",
                "ratio embedded/etcd");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: |");
        for (int i = 0; i < embedded.size(); i++) {
            Phase e = embedded.get(i);
            Phase d = etcd.get(i);
            System.out.printf(
                    Locale.ROOT,
                    "| %-22s | %16.0f | %16.0f | %14s | %14s | %17.2f |%n",
                    e.name(),
                    e.perSecond(),
                    d.perSecond(),
                    ms(e),
                    ms(d),
                    e.perSecond() / d.perSecond());
        }
    }

    private static String ms(Phase p) {
        return String.format(Locale.ROOT, "%.1f / %.1f", p.p50Millis(), p.p99Millis());
    }

    private static String loadAverage() {
        try {
            return String.join(
                    " ",
                    Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
        } catch (IOException e) {
            return "?";
        }
    }

    private static String etcdVersion() {
        try {
            Process p = new ProcessBuilder(EtcdProcess.findBinary().toString(), "--version")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), UTF_8);
            p.waitFor(5, TimeUnit.SECONDS);
            return out.lines().findFirst().orElse("?").replace("etcd Version: ", "");
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    private static Map<String, String> flags(String[] args) {
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            int eq = a.indexOf('=');
            if (eq > 0) {
                flags.put(a.substring(0, eq), a.substring(eq + 1));
            } else if (i + 1 < args.length) {
                flags.put(a, args[++i]);
            } else {
                throw new IllegalArgumentException("flag " + a + " needs a value");
            }
        }
        for (String f : flags.keySet()) {
            if (!List.of("--objects", "--concurrency", "--lists", "--shoot", "--pad-to", "--etcd-servers")
                    .contains(f)) {
                throw new IllegalArgumentException("unknown flag " + f);
            }
        }
        return flags;
    }
}
