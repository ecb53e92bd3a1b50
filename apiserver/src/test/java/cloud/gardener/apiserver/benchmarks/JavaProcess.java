package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM of its own on this classpath (the server under test, or the bare baseline server), so that its CPU and
 * memory are its own: its resident set is read from {@code /proc}, as {@code ps} would.
 */
final class JavaProcess implements AutoCloseable {

    /** Both the API server and {@link BareHttpsServer} print this once they listen. */
    private static final Pattern SERVING = Pattern.compile("serving on https://[^:\\s]+:(\\d+)");
    /** A size in {@code jcmd GC.heap_info}. */
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)([KMG])");

    private final String name;
    private final Process process;
    private final Path log;
    private final int port;

    private JavaProcess(String name, Process process, Path log, int port) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /**
     * Starts {@code mainClass} with {@code args} and waits until it prints its serving line.
     *
     * @param jvmOptions options for the JVM (e.g. {@code -Xmx2g}); none by default, as a user would start it
     */
    static JavaProcess start(
            String name, List<String> jvmOptions, String mainClass, List<String> args, Path log, Duration timeout)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = SERVING.matcher(Files.readString(log, UTF_8));
            if (m.find()) {
                return new JavaProcess(name, process, log, Integer.parseInt(m.group(1)));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail(log));
            }
            Thread.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException(name + " did not start within " + timeout + ":\n" + tail(log));
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    String baseUrl() {
        return "https://127.0.0.1:" + port;
    }

    /** The resident set now, in bytes ({@code VmRSS}). */
    long rssBytes() {
        return statusKib("VmRSS:") * 1024;
    }

    /** The highest resident set since start or the last {@link #resetPeakRss}, in bytes ({@code VmHWM}). */
    long peakRssBytes() {
        return statusKib("VmHWM:") * 1024;
    }

    /**
     * Resets the peak to the current resident set (writing 5 to {@code clear_refs}, Linux 4.0 and later).
     *
     * @return false when the kernel refuses, and the peak is then the process's lifetime peak
     */
    boolean resetPeakRss() {
        try {
            Files.writeString(Path.of("/proc", Long.toString(process.pid()), "clear_refs"), "5");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The heap in use after a full collection, in bytes: {@code jcmd GC.run}, then {@code GC.heap_info}'s used sizes of
     * its top-level lines (G1's one heap line; the young and old generation of the serial and parallel collectors).
     * Works on any JVM of the same user, without JMX.
     */
    long heapUsedAfterGc() throws IOException, InterruptedException {
        jcmd("GC.run");
        long used = 0;
        boolean found = false;
        for (String line : jcmd("GC.heap_info").lines().toList()) {
            if (line.trim().startsWith("Metaspace")) {
                break;
            }
            Matcher m = HEAP_USED.matcher(line);
            if (line.startsWith(" ") && !line.startsWith("  ") && m.find()) {
                used += Long.parseLong(m.group(1))
                        << switch (m.group(2)) {
                            case "K" -> 10;
                            case "M" -> 20;
                            default -> 30;
                        };
                found = true;
            }
        }
        if (!found) {
            throw new IllegalStateException("no heap size in the GC.heap_info of " + name);
        }
        return used;
    }

    /** The live objects by class ({@code jcmd GC.class_histogram}, which collects first), as jcmd prints them. */
    String classHistogram() throws IOException, InterruptedException {
        return jcmd("GC.class_histogram");
    }

    void heapDump(Path file) throws IOException, InterruptedException {
        jcmd("GC.heap_dump " + file.toAbsolutePath());
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(
                        Files.exists(jcmd) ? jcmd.toString() : "jcmd", Long.toString(process.pid()), command)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + command + " on " + name + " failed: " + out);
        }
        return out;
    }

    private long statusKib(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"), UTF_8)) {
                if (line.startsWith(field)) {
                    String value = line.substring(field.length()).trim(); // "123456 kB"
                    int space = value.indexOf(' ');
                    return Long.parseLong(space < 0 ? value : value.substring(0, space));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the memory of " + name + " (pid " + process.pid() + ")", e);
        }
        throw new IllegalStateException("no " + field + " for " + name);
    }

    /** Stops the JVM (its shutdown hook closes the server gracefully), killing it if it takes too long. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The end of the log, for a failure message. */
    String logTail() {
        return tail(log);
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
