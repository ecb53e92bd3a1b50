package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.server.Main;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Starts API servers under test, each a JVM of its own with the run's certificates, on the run's etcd (a key
 * prefix of its own) or on the embedded store (a data directory of its own).
 */
final class ServerLauncher {

    private final Vertx vertx;
    private final String etcdEndpoint;
    private final List<String> common;
    private final Path dir;
    private final int concurrency;
    private final BenchTls tls;

    ServerLauncher(Vertx vertx, String etcdEndpoint, List<String> common, Path dir, int concurrency, BenchTls tls) {
        this.vertx = vertx;
        this.etcdEndpoint = etcdEndpoint;
        this.common = common;
        this.dir = dir;
        this.concurrency = concurrency;
        this.tls = tls;
    }

    /**
     * A server and its load clients; the caller closes it.
     *
     * @param backend    {@code etcd} or {@code embedded}
     * @param eventLoops its {@code --event-loops}, 0 for its default
     * @param name       unique in the run: names its etcd prefix, data directory and log
     */
    ApiTarget start(String backend, int eventLoops, String name) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(common);
        args.addAll(
                backend.equals("etcd")
                        ? List.of("--etcd-servers", etcdEndpoint, "--etcd-prefix", "/registry-" + name)
                        : List.of("--storage-backend", "embedded"));
        args.addAll(List.of("--data-dir", dir.resolve("server-" + name).toString()));
        if (eventLoops > 0) {
            args.addAll(List.of("--event-loops", Integer.toString(eventLoops)));
        }
        // flags to try on every server of the run (e.g. --spread-http2-reads), from bin/bench-api's environment
        String extra = System.getenv("BENCH_SERVER_ARGS");
        if (extra != null && !extra.isBlank()) {
            args.addAll(List.of(extra.trim().split("\\s+")));
        }
        String store = eventLoops == 0 ? backend : backend + ", " + eventLoops + " event loops";
        System.err.printf(
                Locale.ROOT, "[bench-api %tT] starting the server %s on %s%n", System.currentTimeMillis(), name, store);
        JavaProcess process = JavaProcess.start(
                "server on " + store,
                ApiBenchmark.serverJvmOptions(),
                Main.class.getName(),
                args,
                dir.resolve("server-" + name + ".log"),
                Duration.ofMinutes(2));
        try {
            return new ApiTarget(
                    store,
                    backend,
                    eventLoops,
                    process,
                    new BenchHttpClient(vertx, process.port(), HttpVersion.HTTP_1_1, concurrency, tls),
                    new BenchHttpClient(vertx, process.port(), HttpVersion.HTTP_2, concurrency, tls));
        } catch (RuntimeException e) {
            process.close();
            throw e;
        }
    }
}
