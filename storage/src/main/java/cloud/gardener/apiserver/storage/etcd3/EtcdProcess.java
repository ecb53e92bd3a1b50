package cloud.gardener.apiserver.storage.etcd3;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
import java.util.concurrent.TimeUnit;

/**
 * A private etcd server run as a child process on loopback (used by tests and by the server's
 * embedded-etcd mode). Starting and stopping block the calling thread: call them at startup, from a
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
    private final Path dataDir;
    private final int clientPort;
    private final int peerPort;
    private final Duration progressInterval;
    private final List<String> extraArgs;
    private final Thread shutdownHook;
    private volatile Process process;

    private EtcdProcess(Path binary, Path dataDir, int clientPort, int peerPort, Duration progressInterval,
                        List<String> extraArgs) {
        this.binary = binary;
        this.dataDir = dataDir;
        this.clientPort = clientPort;
        this.peerPort = peerPort;
        this.progressInterval = progressInterval;
        this.extraArgs = List.copyOf(extraArgs);
        this.shutdownHook = new Thread(this::killNow, "etcd-process-reaper");
    }

    /** Starts etcd on free loopback ports with the given data directory (created if missing). */
    public static EtcdProcess start(Path dataDir) {
        return start(dataDir, Duration.ofSeconds(5), List.of());
    }

    /**
     * @param progressInterval how often etcd sends watch progress notifications (if this etcd supports the flag)
     * @param extraArgs        further etcd flags, e.g. {@code --max-request-bytes=65536} for limit tests
     */
    public static EtcdProcess start(Path dataDir, Duration progressInterval, List<String> extraArgs) {
        Path binary = findBinary();
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create etcd data dir " + dataDir, e);
        }
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            // A free port found now can be taken before etcd binds it; try again on fresh ports then.
            int[] ports = freePorts(2);
            EtcdProcess etcd = new EtcdProcess(binary, dataDir, ports[0], ports[1], progressInterval, extraArgs);
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

    /** The etcd binary on PATH, else {@code /usr/bin/etcd}. */
    public static Path findBinary() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
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
        throw new IllegalStateException("etcd binary not found on PATH or at " + FALLBACK_BINARY
                + "; install it, e.g. `apt-get install etcd-server` (Debian/Ubuntu), or put an etcd 3.4+ binary on PATH");
    }

    public String endpoint() {
        return "http://127.0.0.1:" + clientPort;
    }

    public EtcdConfig config() {
        return EtcdConfig.of(endpoint());
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
        List<String> cmd = new ArrayList<>(List.of(
                binary.toString(),
                "--name", "default",
                "--data-dir", dataDir.toString(),
                "--listen-client-urls", endpoint(),
                "--advertise-client-urls", endpoint(),
                "--listen-peer-urls", "http://127.0.0.1:" + peerPort,
                "--initial-advertise-peer-urls", "http://127.0.0.1:" + peerPort,
                "--initial-cluster", "default=http://127.0.0.1:" + peerPort,
                "--initial-cluster-state", "new",
                "--quota-backend-bytes", Long.toString(QUOTA_BYTES),
                "--auto-compaction-retention", "0"));
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
        awaitHealthy(timeout);
        LOG.info("etcd {} started at {} (data dir {})", process.pid(), endpoint(), dataDir);
    }

    private void awaitHealthy(Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(endpoint() + "/health"))
                .timeout(Duration.ofSeconds(2)).GET().build();
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
        throw new IllegalStateException("etcd did not become healthy at " + endpoint() + " within " + timeout
                + "; log tail:\n" + logTail());
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
                Process help = new ProcessBuilder(binary.toString(), "--help").redirectErrorStream(true).start();
                String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                waitQuietly(help, Duration.ofSeconds(5));
                progressFlagSupported = text.contains(PROGRESS_FLAG);
            } catch (IOException e) {
                progressFlagSupported = false;
            }
        }
        return progressFlagSupported;
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
