package cloud.gardener.apiserver.storage.etcd3;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private etcd server run as a child process on loopback (used by tests and by the server's
 * embedded-etcd mode): a single member, a member of a loopback cluster ({@link #startCluster}), or a
 * member serving clients over TLS ({@link #startTls}). Starting and stopping block the calling thread: call them at startup, from a
 * worker, or from tests, never on an event loop.
 *
 * <p>etcd's output goes to {@code etcd.log} in the data directory. A JVM shutdown hook kills the
 * process if {@link #close()} was not called.
 */
public final class EtcdProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EtcdProcess.class);
    private static final Path FALLBACK_BINARY = Path.of("/usr/bin/etcd");
    private static final String PROGRESS_FLAG = "--experimental-watch-progress-notify-interval";
    private static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);
    /** Large enough that tests never hit the NOSPACE alarm by accident. */
    private static final long QUOTA_BYTES = 4L * 1024 * 1024 * 1024;

    private static volatile Boolean progressFlagSupported;

    private final Path binary;
    private final String name;
    private final Path dataDir;
    private final int clientPort;
    private final int peerPort;
    private final int metricsPort;
    private final String initialCluster;
    private final EtcdTls tls;
    private final Duration progressInterval;
    private final List<String> extraArgs;
    private final Thread shutdownHook;
    private volatile Process process;

    private EtcdProcess(
            Path binary,
            String name,
            Path dataDir,
            int[] ports,
            String initialCluster,
            EtcdTls tls,
            Duration progressInterval,
            List<String> extraArgs) {
        this.binary = binary;
        this.name = name;
        this.dataDir = dataDir;
        this.clientPort = ports[0];
        this.peerPort = ports[1];
        this.metricsPort = ports[2];
        this.initialCluster = initialCluster != null ? initialCluster : name + "=" + peerUrl(peerPort);
        this.tls = tls;
        this.progressInterval = progressInterval;
        this.extraArgs = List.copyOf(extraArgs);
        this.shutdownHook = new Thread(this::killNow, "etcd-process-reaper");
    }

    /** Starts etcd on free loopback ports with the given data directory (created if missing). */
    public static EtcdProcess start(Path dataDir) {
        return start(dataDir, Duration.ofSeconds(5), List.of());
    }

    /**
     * Starts a single etcd with the given data directory and flags.
     *
     * @param progressInterval how often etcd sends watch progress notifications (if this etcd supports the flag)
     * @param extraArgs        further etcd flags, e.g. {@code --max-request-bytes=65536} for limit tests
     */
    public static EtcdProcess start(Path dataDir, Duration progressInterval, List<String> extraArgs) {
        return startSingle(dataDir, null, progressInterval, extraArgs);
    }

    /** Starts etcd serving clients over {@code https} only, with {@code tls}, on free loopback ports. */
    public static EtcdProcess startTls(Path dataDir, EtcdTls tls) {
        return startSingle(dataDir, Objects.requireNonNull(tls, "tls"), Duration.ofSeconds(5), List.of());
    }

    private static EtcdProcess startSingle(
            Path dataDir, EtcdTls tls, Duration progressInterval, List<String> extraArgs) {
        Path binary = findBinary();
        createDirectories(dataDir);
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            // A free port found now can be taken before etcd binds it; try again on fresh ports then.
            EtcdProcess etcd =
                    new EtcdProcess(binary, "default", dataDir, freePorts(3), null, tls, progressInterval, extraArgs);
            try {
                etcd.launch(DEFAULT_START_TIMEOUT);
                return etcd;
            } catch (IllegalStateException e) {
                last = e;
                etcd.close();
            }
        }
        throw last;
    }

    /**
     * Starts a cluster of {@code size} members on free loopback ports, each with its own data directory
     * under {@code baseDir}, and waits until every member is healthy (the cluster has a leader). Members
     * can be killed and restarted one by one; the caller closes each.
     */
    public static List<EtcdProcess> startCluster(Path baseDir, int size, Duration progressInterval) {
        if (size < 1) {
            throw new IllegalArgumentException("a cluster needs at least one member");
        }
        Path binary = findBinary();
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            int[] ports = freePorts(3 * size);
            StringBuilder initialCluster = new StringBuilder();
            for (int i = 0; i < size; i++) {
                initialCluster
                        .append(i == 0 ? "" : ",")
                        .append("m")
                        .append(i)
                        .append('=')
                        .append(peerUrl(ports[3 * i + 1]));
            }
            List<EtcdProcess> members = new ArrayList<>();
            try {
                for (int i = 0; i < size; i++) {
                    Path dir = baseDir.resolve("m" + i + "-" + attempt);
                    createDirectories(dir);
                    EtcdProcess member = new EtcdProcess(
                            binary,
                            "m" + i,
                            dir,
                            new int[] {ports[3 * i], ports[3 * i + 1], ports[3 * i + 2]},
                            initialCluster.toString(),
                            null,
                            progressInterval,
                            List.of());
                    members.add(member);
                    // All members run before any can be healthy: a lone member has no quorum.
                    member.spawn();
                }
                for (EtcdProcess member : members) {
                    member.awaitHealthy(DEFAULT_START_TIMEOUT);
                }
                LOG.info("etcd cluster of {} started: {}", size, initialCluster);
                return List.copyOf(members);
            } catch (IllegalStateException e) {
                last = e;
                members.forEach(EtcdProcess::close);
            }
        }
        throw last;
    }

    /** The etcd binary on PATH, else {@code /usr/bin/etcd}. */
    public static Path findBinary() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator, -1)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(dir, "etcd");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        if (Files.isExecutable(FALLBACK_BINARY)) {
            return FALLBACK_BINARY;
        }
        throw new IllegalStateException(
                "etcd binary not found on PATH or at " + FALLBACK_BINARY
                        + "; install it, e.g. `apt-get install etcd-server` (Debian/Ubuntu), or put an etcd 3.4+ binary on PATH");
    }

    /** The client URL, {@code https} when the process serves TLS. */
    public String endpoint() {
        return (tls == null ? "http" : "https") + "://127.0.0.1:" + clientPort;
    }

    /** How to reach this process without TLS (with TLS, build an {@link EtcdConfig} with client credentials). */
    public EtcdConfig config() {
        if (tls != null) {
            throw new IllegalStateException(
                    "this etcd serves TLS: build an EtcdConfig with its CA and a client certificate");
        }
        return EtcdConfig.of(endpoint());
    }

    /** The member name ({@code default} for a single process). */
    public String name() {
        return name;
    }

    public Path dataDir() {
        return dataDir;
    }

    public Path logFile() {
        return dataDir.resolve("etcd.log");
    }

    public boolean isAlive() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /** The process id, for fault injection (e.g. {@code kill -STOP}). */
    public long pid() {
        Process p = process;
        if (p == null) {
            throw new IllegalStateException("etcd is not running");
        }
        return p.pid();
    }

    /** Kills etcd without warning (SIGKILL), as a crash would. {@link #restart()} brings it back. */
    public void kill() {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
            waitQuietly(p, Duration.ofSeconds(10));
        }
    }

    /** Starts etcd again on the same ports and data dir, after {@link #kill()} or {@link #close()}. */
    public void restart() {
        if (isAlive()) {
            throw new IllegalStateException("etcd is still running");
        }
        launch(DEFAULT_START_TIMEOUT);
    }

    private void launch(Duration timeout) {
        spawn();
        awaitHealthy(timeout);
    }

    /** Starts the process without waiting for it to serve. */
    private void spawn() {
        List<String> cmd = new ArrayList<>(List.of(
                binary.toString(),
                "--name",
                name,
                "--data-dir",
                dataDir.toString(),
                "--listen-client-urls",
                endpoint(),
                "--advertise-client-urls",
                endpoint(),
                // Health is polled here, in plain HTTP, whatever the client URLs speak.
                "--listen-metrics-urls",
                healthBase(),
                "--listen-peer-urls",
                peerUrl(peerPort),
                "--initial-advertise-peer-urls",
                peerUrl(peerPort),
                "--initial-cluster",
                initialCluster,
                "--initial-cluster-token",
                "etcd-" + Integer.toHexString(initialCluster.hashCode()),
                "--initial-cluster-state",
                "new",
                "--quota-backend-bytes",
                Long.toString(QUOTA_BYTES),
                "--auto-compaction-retention",
                "0"));
        if (tls != null) {
            cmd.addAll(List.of(
                    "--cert-file",
                    tls.certFile().toString(),
                    "--key-file",
                    tls.keyFile().toString()));
            if (tls.trustedCaFile() != null) {
                cmd.addAll(List.of(
                        "--client-cert-auth",
                        "--trusted-ca-file",
                        tls.trustedCaFile().toString()));
            }
        }
        if (progressInterval != null && supportsProgressFlag(binary)) {
            cmd.add(PROGRESS_FLAG + "=" + progressInterval.toMillis() + "ms");
        }
        cmd.addAll(extraArgs);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()));
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + binary + ": " + e.getMessage(), e);
        }
        registerHook();
    }

    private void awaitHealthy(Duration timeout) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(healthBase() + "/health"))
                .timeout(Duration.ofSeconds(2))
                .GET()
                .build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Process p = process;
            if (p == null || !p.isAlive()) {
                throw new IllegalStateException("etcd exited during startup (exit code "
                        + (p == null ? "?" : p.exitValue()) + "); log tail:\n" + logTail());
            }
            try {
                HttpResponse<String> resp = http.send(health, HttpResponse.BodyHandlers.ofString());
                if (resp.statusCode() == 200 && resp.body().contains("true")) {
                    LOG.info("etcd {} ({}) serving at {} (data dir {})", p.pid(), name, endpoint(), dataDir);
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for etcd", e);
            }
            sleep(50);
        }
        throw new IllegalStateException(
                "etcd did not become healthy at " + endpoint() + " within " + timeout + "; log tail:\n" + logTail());
    }

    /** Stops etcd: SIGTERM, then SIGKILL if it has not exited after five seconds. */
    @Override
    public void close() {
        Process p = process;
        if (p != null && p.isAlive()) {
            p.destroy();
            if (!waitQuietly(p, Duration.ofSeconds(5))) {
                p.destroyForcibly();
                waitQuietly(p, Duration.ofSeconds(5));
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // shutting down already, or never registered
        }
    }

    private void registerHook() {
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (IllegalArgumentException e) {
            // registered by an earlier launch of this process object
        }
    }

    private void killNow() {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
        }
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static synchronized boolean supportsProgressFlag(Path binary) {
        if (progressFlagSupported == null) {
            try {
                Process help = new ProcessBuilder(binary.toString(), "--help")
                        .redirectErrorStream(true)
                        .start();
                String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                waitQuietly(help, Duration.ofSeconds(5));
                progressFlagSupported = text.contains(PROGRESS_FLAG);
            } catch (IOException e) {
                progressFlagSupported = false;
            }
        }
        return progressFlagSupported;
    }

    private String healthBase() {
        return "http://127.0.0.1:" + metricsPort;
    }

    private static String peerUrl(int port) {
        return "http://127.0.0.1:" + port;
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create etcd data dir " + dir, e);
        }
    }

    private static int[] freePorts(int n) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                s.setReuseAddress(true);
                sockets.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }

    private static boolean waitQuietly(Process p, Duration d) {
        try {
            return p.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for etcd", e);
        }
    }
}
