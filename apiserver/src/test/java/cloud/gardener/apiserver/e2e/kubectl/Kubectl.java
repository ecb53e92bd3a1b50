package cloud.gardener.apiserver.e2e.kubectl;

import cloud.gardener.apiserver.storage.testing.TempFiles;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the real kubectl against a test server: {@code --kubeconfig} set, its own discovery cache, standard
 * input from a string, a timeout, and exit code, stdout and stderr captured. Tests call
 * {@link #assumeInstalled()} first so a machine without kubectl skips them with the reason printed.
 */
public final class Kubectl {

    /** The default timeout of one kubectl run. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** One finished run. */
    public record Result(int exitCode, String stdout, String stderr) {

        public boolean succeeded() {
            return exitCode == 0;
        }

        /** Both streams, for assertion messages. */
        public String describe() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    private final Path binary;
    private final Path kubeconfig;
    private final Path cacheDir;

    private Kubectl(Path binary, Path kubeconfig) {
        this.binary = binary;
        this.kubeconfig = kubeconfig;
        try {
            this.cacheDir = Files.createTempDirectory(CacheRoot.DIR, "kubectl-cache");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One directory per test JVM holding every Kubectl's discovery cache (each its own, so that a server on a port
     * an earlier one used is discovered afresh), deleted when the JVM exits: a Kubectl is not closed by its tests.
     */
    private static final class CacheRoot {
        static final Path DIR = create();

        private static Path create() {
            try {
                Path dir = Files.createTempDirectory("kubectl-caches");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> TempFiles.deleteRecursively(dir)));
                return dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The kubectl on PATH, if any. */
    public static Optional<Path> onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator, -1)) {
            Path candidate = Path.of(dir, "kubectl");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** A versioned kubectl ({@code kubectl.1.27}) installed beside the real file of the one on PATH. */
    public static Optional<Path> version(String minor) {
        return onPath().flatMap(p -> {
            try {
                Path sibling = p.toRealPath().resolveSibling("kubectl." + minor);
                return Files.isExecutable(sibling) ? Optional.of(sibling) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        });
    }

    /** Skips the calling test (with the reason printed) when no kubectl is on PATH. */
    public static void assumeInstalled() {
        boolean found = onPath().isPresent();
        if (!found) {
            System.out.println("SKIPPED: kubectl not found on PATH; kubectl black-box tests not run");
        }
        Assumptions.assumeTrue(found, "kubectl not found on PATH");
    }

    /** The kubectl on PATH, talking to the server of {@code kubeconfig}. */
    public static Kubectl forKubeconfig(Path kubeconfig) {
        assumeInstalled();
        return new Kubectl(onPath().orElseThrow(), kubeconfig);
    }

    /** A given kubectl binary, talking to the server of {@code kubeconfig}. */
    public static Kubectl forBinary(Path binary, Path kubeconfig) {
        return new Kubectl(binary, kubeconfig);
    }

    /** The kubectl binary this runs. */
    public Path binary() {
        return binary;
    }

    public Result run(String... args) {
        return run(null, TIMEOUT, args);
    }

    /** Runs with {@code stdin} (for {@code -f -}) as standard input. */
    public Result runWithInput(String stdin, String... args) {
        return run(stdin, TIMEOUT, args);
    }

    /** Runs and waits at most {@code timeout}; a run that takes longer is killed and fails the test. */
    public Result run(String stdin, Duration timeout, String... args) {
        Path out = tempFile("out");
        Path err = tempFile("err");
        try {
            ProcessBuilder pb = builder(args).redirectOutput(out.toFile()).redirectError(err.toFile());
            Path in = null;
            if (stdin != null) {
                in = tempFile("in");
                Files.writeString(in, stdin);
                pb.redirectInput(in.toFile());
            } else {
                pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            }
            Process process = pb.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new AssertionError("kubectl " + String.join(" ", args) + " did not finish within " + timeout
                        + "\n--- stdout\n" + Files.readString(out) + "\n--- stderr\n" + Files.readString(err));
            }
            Result result = new Result(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    withoutSkewWarning(Files.readString(err, StandardCharsets.UTF_8)));
            if (in != null) {
                Files.deleteIfExists(in);
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** Runs and fails the test unless kubectl exits 0; returns stdout. */
    public String ok(String... args) {
        Result r = run(args);
        if (!r.succeeded()) {
            throw new AssertionError("kubectl " + String.join(" ", args) + " failed: " + r.describe());
        }
        return r.stdout();
    }

    /** Like {@link #ok} with standard input. */
    public String okWithInput(String stdin, String... args) {
        Result r = runWithInput(stdin, args);
        if (!r.succeeded()) {
            throw new AssertionError("kubectl " + String.join(" ", args) + " failed: " + r.describe());
        }
        return r.stdout();
    }

    /** Starts a long-running kubectl (e.g. {@code get -w}); close it to kill it. */
    public Background start(String... args) {
        Path out = tempFile("bg-out");
        Path err = tempFile("bg-err");
        try {
            Process process = builder(args)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            return new Background(process, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A kubectl process running in the background, its output collected in files. */
    public static final class Background implements AutoCloseable {
        private final Process process;
        private final Path out;
        private final Path err;

        private Background(Process process, Path out, Path err) {
            this.process = process;
            this.out = out;
            this.err = err;
        }

        public String stdout() {
            return read(out);
        }

        public String stderr() {
            return read(err);
        }

        /**
         * Polls stdout until {@code condition} holds or {@code timeout} passes; returns whether it held. The
         * caller asserts, so a timeout reports the output seen.
         */
        public boolean awaitStdout(Predicate<String> condition, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                if (condition.test(stdout())) {
                    return true;
                }
                if (!process.isAlive()) {
                    return condition.test(stdout());
                }
                Thread.sleep(50);
            }
            return condition.test(stdout());
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                // a try-with-resources close must not throw InterruptedException: keep the flag for the caller
                Thread.currentThread().interrupt();
            }
            deleteQuietly(out);
            deleteQuietly(err);
        }

        private static String read(Path file) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }
    }

    private ProcessBuilder builder(String... args) {
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.add("--kubeconfig=" + kubeconfig);
        command.add("--cache-dir=" + cacheDir);
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("KUBECONFIG");
        pb.environment().put("HOME", cacheDir.toString()); // no user config or plugins leak in
        return pb;
    }

    /** kubectl warns on stderr that a 1.150 server is far from its own version; that is expected here. */
    private static String withoutSkewWarning(String stderr) {
        StringBuilder kept = new StringBuilder();
        for (String line : stderr.split("\n", -1)) {
            if (!line.startsWith("WARNING: version difference between client")) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString().strip();
    }

    private static Path tempFile(String kind) {
        try {
            return Files.createTempFile("kubectl-" + kind, ".txt");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temp file; the OS cleans up what we cannot
        }
    }
}
