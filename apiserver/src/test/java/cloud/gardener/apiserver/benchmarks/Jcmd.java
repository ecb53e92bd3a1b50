package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Diagnostic commands to a server's JVM through the JDK's {@code jcmd} (the one beside this JVM's java). */
final class Jcmd {

    /** G1's line of {@code GC.heap_info}: {@code garbage-first heap   total 262144K, used 23456K [...]}. */
    private static final Pattern HEAP_USED = Pattern.compile("heap\\s+total \\d+K, used (\\d+)K");

    private final long pid;

    Jcmd(long pid) {
        this.pid = pid;
    }

    /** A full collection ({@code System.gc()}), as a measurement of what stays needs. */
    void gc() {
        run("GC.run");
    }

    /** The heap in use, in bytes (after {@link #gc}: what the live objects take). */
    long heapUsedBytes() {
        String info = run("GC.heap_info");
        Matcher m = HEAP_USED.matcher(info);
        if (!m.find()) {
            throw new IllegalStateException("no heap usage in GC.heap_info of pid " + pid + ":\n" + info);
        }
        return Long.parseLong(m.group(1)) * 1024;
    }

    /** The first {@code lines} classes of the heap histogram (live objects only: it collects first). */
    String histogramTop(int lines) {
        List<String> all = run("GC.class_histogram").lines().toList();
        // a header line for the pid, the column titles, a dashed line, then one line per class
        return String.join("\n", all.subList(0, Math.min(all.size(), lines + 3)));
    }

    private String run(String command) {
        Path java = Path.of(ProcessHandle.current().info().command().orElse("java"));
        Path jcmd = java.getParent() == null ? Path.of("jcmd") : java.resolveSibling("jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " " + command + " failed:\n" + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + jcmd, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running jcmd", e);
        }
    }
}
