package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import cloud.gardener.apiserver.storage.testing.TempFiles;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A benchmark, not a test: the API server's figures of issue 17 against baselines measured in the same minutes
 * on the same machine, as ratios (raw numbers on a shared machine say little; ratios do). Run it with
 * {@code bin/bench-api}. It starts an etcd on free loopback ports, the server on that etcd and the server on the
 * embedded store (each a JVM of its own, as users run it, with generated certificates), the baselines (raw jetcd
 * transactions on the same etcd from this process; {@link BareHttpsServer} with the same TLS and bytes) and a
 * Vert.x load client in this process. Each round measures every subject of every row once, value and baseline
 * back to back, in alternating order; the table shows medians of the rounds and each ratio's range. Flags:
 *
 * <pre>
 * --rounds R        measured rounds (default 3), after one shorter warm-up round
 * --duration S      seconds per measurement (default 4)
 * --warmup S        seconds of the warm-up round per measurement (default half of --duration); a fresh server's
 *                   JIT compiles the Shoot path for tens of seconds (Shoot creates/s doubled with --warmup 30)
 * --warmup-until-jit P  repeat the warm-up round (every row again) while in the last one the servers' JIT compiler
 *                   threads spent more than P % of the servers' CPU (default: one warm-up round)
 * --warmup-max M    at most M warm-up rounds with --warmup-until-jit (default 10)
 * --concurrency C   requests / transactions in flight (default 64)
 * --objects N       ConfigMaps a LIST returns (default 2000; the issue's figure is for 5000)
 * --lists L         LISTs per subject and round, their median counts (default 3)
 * --only ROWS       comma-separated rows: create, update, delete, get, shoot-create, list, kubectl-names, watchers,
 *                   big-shoot, landscape (default all; kubectl-names needs kubectl on the PATH)
 * --watchers W      watchers per store (and protocol) in the watchers and landscape rows (default 1000)
 * --updates U       updates they watch (default 200), at most --update-rate per second (default 20)
 * --shoot-watchers  watchers of the big Shoot (default 200)
 * --event-loops L   comma-separated --event-loops of the servers, e.g. 1,2: a server per value and store, and per
 *                   store a figure of the most event loops ÷ the fewest (default: one server per store, its default)
 * --shoots N        the landscape's Shoots and ShootStates (default 2500; Projects and Seeds scale with it)
 * </pre>
 *
 * The API servers' JVMs start with the product's default options ({@code bin/jvm.options}, as
 * {@code bin/gardener-apiserver} starts it), then those in the environment variable {@code BENCH_SERVER_JAVA_OPTS}
 * (default none), which the bare server gets alone.
 */
public final class ApiBenchmark {

    private static final List<String> ROWS = List.of(
            "create",
            "update",
            "delete",
            "get",
            "shoot-create",
            "list",
            "kubectl-names",
            "watchers",
            "big-shoot",
            "landscape");
    private static final Set<String> FLAGS = Set.of(
            "--rounds",
            "--duration",
            "--warmup",
            "--warmup-until-jit",
            "--warmup-max",
            "--concurrency",
            "--objects",
            "--lists",
            "--only",
            "--event-loops",
            "--shoots",
            "--watchers",
            "--updates",
            "--update-rate",
            "--shoot-watchers");

    private ApiBenchmark() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = flags(args);
        int rounds = Integer.parseInt(flags.getOrDefault("--rounds", "3"));
        Duration duration =
                Duration.ofMillis((long) (Double.parseDouble(flags.getOrDefault("--duration", "4")) * 1000));
        Duration warmup = flags.containsKey("--warmup")
                ? Duration.ofMillis((long) (Double.parseDouble(flags.get("--warmup")) * 1000))
                : duration.dividedBy(2);
        double warmupUntilJit = Double.parseDouble(flags.getOrDefault("--warmup-until-jit", "-1"));
        int warmupMax = Integer.parseInt(flags.getOrDefault("--warmup-max", "10"));
        int concurrency = Integer.parseInt(flags.getOrDefault("--concurrency", "64"));
        int objects = Integer.parseInt(flags.getOrDefault("--objects", "2000"));
        int lists = Integer.parseInt(flags.getOrDefault("--lists", "3"));
        int shoots = Integer.parseInt(flags.getOrDefault("--shoots", "2500"));
        int watchers = Integer.parseInt(flags.getOrDefault("--watchers", "1000"));
        List<String> only = Arrays.asList(
                flags.getOrDefault("--only", String.join(",", ROWS)).split(","));
        for (String row : only) {
            if (!ROWS.contains(row)) {
                throw new IllegalArgumentException("unknown row " + row + "; rows: " + String.join(", ", ROWS));
            }
        }
        List<Integer> eventLoops = flags.containsKey("--event-loops")
                ? Arrays.stream(flags.get("--event-loops").split(","))
                        .map(Integer::parseInt)
                        .toList()
                : List.of(0);
        Path examples = Path.of(System.getProperty("bench.examples", "examples"));
        Path dir = Files.createTempDirectory("bench-api-");
        String loadBefore = loadAverage();
        List<AutoCloseable> resources = new ArrayList<>();
        Vertx vertx = Vertx.vertx();
        try {
            EtcdProcess etcd = EtcdProcess.start(dir.resolve("etcd"));
            resources.add(etcd);
            BenchTls tls = BenchTls.generate(dir.resolve("tls"));
            List<String> common = List.of(
                    "--bind-address",
                    "127.0.0.1",
                    "--secure-port",
                    "0",
                    "--tls-cert-file",
                    tls.certFile().toString(),
                    "--tls-private-key-file",
                    tls.keyFile().toString(),
                    "--client-ca-file",
                    tls.clientCaFile().toString());
            ServerLauncher launcher = new ServerLauncher(vertx, etcd.endpoint(), common, dir, concurrency, tls);
            List<ApiTarget> targets = new ArrayList<>();
            // the landscape row starts servers of its own: the shared ones only serve the other rows
            boolean sharedServers = only.stream().anyMatch(row -> !row.equals("landscape"));
            for (String backend : sharedServers ? List.of("etcd", "embedded") : List.<String>of()) {
                for (int loops : eventLoops) {
                    ApiTarget target = launcher.start(backend, loops, loops == 0 ? backend : backend + "-" + loops);
                    resources.add(target);
                    targets.add(target);
                }
            }
            RawEtcd raw = new RawEtcd(etcd.endpoint());
            resources.add(raw);
            for (ApiTarget target : targets) {
                for (String namespace : ConfigMaps.NAMESPACES) {
                    BenchContext.await(target.create(
                            "/api/v1/namespaces",
                            Buffer.buffer("{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\""
                                    + namespace + "\"}}")));
                }
            }
            BenchContext context = new BenchContext(
                    vertx, targets, raw, tls, dir, objects, lists, examples, launcher, shoots, watchers);
            List<BenchRow> rows = new ArrayList<>();
            for (String name : ROWS) {
                if (only.contains(name)) {
                    BenchRow row = row(name, context, concurrency, flags, only.contains("list"));
                    rows.add(row);
                    if (row instanceof AutoCloseable closeable) {
                        resources.add(closeable);
                    }
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "API benchmark: %d rounds of %.1f s per measurement after a warm-up round of %.1f s%s, "
                            + "%d in flight, LIST of %d objects; %d CPUs, load average %s, Java %s, etcd %s%n",
                    rounds,
                    duration.toMillis() / 1000.0,
                    warmup.toMillis() / 1000.0,
                    warmupUntilJit < 0
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    " (repeated while the servers' JIT spends more than %.0f %% of their CPU, at most"
                                            + " %d times)",
                                    warmupUntilJit,
                                    warmupMax),
                    concurrency,
                    objects,
                    Runtime.getRuntime().availableProcessors(),
                    loadBefore,
                    System.getProperty("java.version"),
                    etcdVersion());
            for (BenchRow row : rows) {
                progress("preparing " + row.name());
                row.prepare();
            }
            Map<String, Long> servers = new LinkedHashMap<>();
            for (ApiTarget target : targets) {
                servers.put("server on " + target.store(), target.process().pid());
            }
            Map<String, Long> processes = new LinkedHashMap<>(servers);
            processes.put("etcd", etcd.pid());
            for (BenchRow row : rows) {
                processes.putAll(row.processes());
            }
            processes.put("load client", ProcessHandle.current().pid());
            ClosedLoop load = new ClosedLoop(concurrency, duration, new ProcessCpu(processes));
            Results results = Results.recording();
            EtcdHistory history = new EtcdHistory(raw);
            ProcessCpu serverCpu = new ProcessCpu(servers);
            double jit;
            int warmups = 0;
            do {
                warmups++;
                ProcessCpu.Sample[] before = serverCpu.snapshot();
                for (BenchRow row : rows) {
                    progress("warm-up " + warmups + ": " + row.name());
                    row.round(0, load.withDuration(warmup), Results.discarding(), history::compact);
                }
                jit = serverCpu.jitShare(before, serverCpu.snapshot());
                progress(String.format(
                        Locale.ROOT,
                        "warm-up %d: the servers' JIT compiler threads spent %.0f %% of the servers' CPU",
                        warmups,
                        jit * 100));
            } while (warmupUntilJit >= 0 && jit * 100 > warmupUntilJit && warmups < warmupMax);
            for (int round = 1; round <= rounds; round++) {
                for (BenchRow row : rows) {
                    progress("round " + round + ": " + row.name());
                    row.round(round, load, results, history::compact);
                }
            }
            print(rows, results);
            System.out.printf(Locale.ROOT, "Load average before: %s; after: %s%n", loadBefore, loadAverage());
        } finally {
            Collections.reverse(resources);
            for (AutoCloseable resource : resources) {
                try {
                    resource.close();
                } catch (Exception e) {
                    progress("closing: " + e.getMessage());
                }
            }
            try {
                vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // many open connections close slowly; a failure of the run must not be hidden by this one
                progress("closing the load client's Vert.x took more than 10 s");
            }
            TempFiles.deleteRecursively(dir);
        }
    }

    private static BenchRow row(
            String name, BenchContext context, int concurrency, Map<String, String> flags, boolean listRowRuns) {
        return switch (name) {
            case "create" -> new CreateRow(context);
            case "update" -> new UpdateRow(context, concurrency);
            case "delete" -> new DeleteRow(context);
            case "get" -> new GetRow(context, concurrency);
            case "shoot-create" -> new ShootCreateRow(context);
            case "list" -> new ListRow(context, concurrency);
            case "landscape" -> new LandscapeRow(context, concurrency);
            case "kubectl-names" -> new KubectlNamesRow(context, concurrency, listRowRuns);
            case "watchers" ->
                new WatchersRow(
                        context,
                        Integer.parseInt(flags.getOrDefault("--watchers", "1000")),
                        Integer.parseInt(flags.getOrDefault("--updates", "200")),
                        Integer.parseInt(flags.getOrDefault("--update-rate", "20")));
            case "big-shoot" ->
                new BigShootRow(context, Integer.parseInt(flags.getOrDefault("--shoot-watchers", "200")));
            default -> throw new IllegalArgumentException("unknown row " + name);
        };
    }

    /**
     * The API servers' JVM options: the product's defaults ({@code bin/jvm.options}, the argument file that
     * {@code bin/gardener-apiserver} starts java with; its path in {@code bench.jvmOptions}), then
     * {@link #benchJvmOptions}, which win where they set the same option.
     */
    static List<String> serverJvmOptions() {
        List<String> options = new ArrayList<>();
        options.add("@"
                + Path.of(System.getProperty("bench.jvmOptions", "bin/jvm.options"))
                        .toAbsolutePath());
        options.addAll(benchJvmOptions());
        return options;
    }

    /** {@code BENCH_SERVER_JAVA_OPTS}, split at spaces: for the API servers and the bare server. */
    static List<String> benchJvmOptions() {
        String options =
                System.getenv().getOrDefault("BENCH_SERVER_JAVA_OPTS", "").trim();
        return options.isEmpty() ? List.of() : List.of(Pattern.compile("\\s+").split(options));
    }

    private static void print(List<BenchRow> rows, Results results) {
        System.out.println();
        System.out.println("| figure | value | baseline | ratio (range) | goal |");
        System.out.println("| --- | ---: | ---: | ---: | --- |");
        for (BenchRow row : rows) {
            for (Figure figure : row.figures()) {
                System.out.println(figure.line(results));
            }
        }
        System.out.println();
    }

    private static void progress(String message) {
        System.err.printf(Locale.ROOT, "[bench-api %tT] %s%n", System.currentTimeMillis(), message);
    }

    /** The load averages over 1, 5 and 15 minutes. */
    static String loadAverage() {
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
        } catch (IOException e) {
            return "?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
            if (!FLAGS.contains(f)) {
                throw new IllegalArgumentException("unknown flag " + f + "; flags: " + String.join(", ", FLAGS));
            }
        }
        return flags;
    }
}
