package cloud.gardener.apiserver.e2e.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "A short kubectl session", run as written: the server started with the README's flags (its own
 * {@code main} in a child process, on a free port and a fresh data directory instead of 8443 and /tmp/garden),
 * then every {@code $} line of the session through bash with the real kubectl from the repository's root, each
 * printing exactly what the README shows under it (ages, uids and timestamps aside). The commands and outputs
 * are parsed out of README.md, so the documentation cannot drift from what the server does.
 */
@Tag("integration")
class ReadmeSessionTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String SECTION = "## A short kubectl session";
    private static final String README_DATA_DIR = "/tmp/garden";
    private static final String README_PORT = "8443";

    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
    private static final Pattern UID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern AGE = Pattern.compile("\\b(\\d+[smhd])+\\b");

    /** A {@code $} line and the lines the README shows under it. */
    record Step(String command, List<String> output) {}

    @TempDir
    Path dataDir;

    @TempDir
    Path home;

    @Test
    void theReadmeSessionPrintsWhatTheReadmeShows() throws Exception {
        Kubectl.assumeInstalled();
        List<List<Step>> blocks = sessionBlocks(Files.readString(ROOT.resolve("README.md")));
        assertThat(blocks).as("the server's block and the session's").hasSize(2);
        assertThat(blocks.get(0)).hasSize(1);
        Step start = blocks.get(0).get(0);
        assertThat(start.command()).startsWith("bin/gardener-apiserver ");

        int port = freePort();
        List<String> serverOutput = new CopyOnWriteArrayList<>();
        Process server = startServer(start.command(), port, serverOutput);
        try {
            awaitLine(server, serverOutput, "api-resources");
            assertThat(normalize(serverOutput, port))
                    .as("what the server prints when it starts")
                    .isEqualTo(normalize(start.output(), port));

            Map<String, String> env = new java.util.HashMap<>();
            for (Step step : blocks.get(1)) {
                String command = step.command().replace(README_DATA_DIR, dataDir.toString());
                Matcher export = Pattern.compile("export (\\w+)=(\\S+)").matcher(command);
                if (export.matches()) {
                    env.put(export.group(1), export.group(2));
                    assertThat(step.output()).isEmpty();
                    continue;
                }
                List<String> printed = run(command, env);
                assertThat(normalize(printed, port))
                        .as("$ %s", step.command())
                        .isEqualTo(normalize(step.output(), port));
            }
            assertThat(serverOutput)
                    .as("nothing alarming from the server during the session")
                    .noneMatch(line -> line.contains("\"level\":\"warn\"") || line.contains("\"level\":\"error\""));
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** The fenced sh blocks of the session's section, each as its {@code $} steps. */
    static List<List<Step>> sessionBlocks(String readme) {
        int from = readme.indexOf(SECTION);
        assertThat(from).as("README has the section " + SECTION).isNotNegative();
        int to = readme.indexOf("\n## ", from + SECTION.length());
        String section = readme.substring(from, to < 0 ? readme.length() : to);
        List<List<Step>> blocks = new ArrayList<>();
        List<Step> current = null;
        String command = null;
        List<String> output = new ArrayList<>();
        for (String line : section.split("\n", -1)) {
            if (current == null) {
                if (line.equals("```sh")) {
                    current = new ArrayList<>();
                }
            } else if (line.equals("```")) {
                if (command != null) {
                    current.add(new Step(command, List.copyOf(output)));
                }
                blocks.add(current);
                current = null;
                command = null;
                output.clear();
            } else if (line.startsWith("$ ")) {
                if (command != null) {
                    current.add(new Step(command, List.copyOf(output)));
                }
                command = line.substring(2);
                output.clear();
            } else {
                assertThat(command)
                        .as("output line before any command: " + line)
                        .isNotNull();
                output.add(line);
            }
        }
        return blocks;
    }

    private Process startServer(String command, int port, List<String> output) throws IOException {
        List<String> args = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "cloud.gardener.apiserver.server.Main"));
        Arrays.stream(command.substring("bin/gardener-apiserver ".length())
                        .trim()
                        .split("\\s+"))
                .map(arg -> arg.replace(README_DATA_DIR, dataDir.toString()))
                .forEach(args::add);
        args.add("--secure-port=" + port);
        Process process = new ProcessBuilder(args).redirectErrorStream(true).start();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader in = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = in.readLine()) != null) {
                            output.add(line);
                        }
                    } catch (IOException e) {
                        output.add("(reading the server's output failed: " + e + ")");
                    }
                },
                "readme-server-output");
        reader.setDaemon(true);
        reader.start();
        return process;
    }

    private static void awaitLine(Process server, List<String> output, String marker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (output.stream().noneMatch(line -> line.contains(marker))) {
            assertThat(server.isAlive()).as("server running: %s", output).isTrue();
            assertThat(System.nanoTime())
                    .as("server started in time: %s", output)
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** Runs one command as a user's shell would, from the repository's root, stdout and stderr as one stream. */
    private List<String> run(String command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command)
                .directory(ROOT.toFile())
                .redirectErrorStream(true);
        pb.environment().putAll(env);
        pb.environment().put("HOME", home.toString()); // kubectl's discovery cache, this test's own
        Process p = pb.start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("$ %s finished", command).isTrue();
        List<String> lines = new ArrayList<>(List.of(printed.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** What may differ between runs replaced by placeholders: data directory, port, timestamps, uids, ages. */
    private List<String> normalize(List<String> lines, int port) {
        return lines.stream()
                .map(line -> line.replace(dataDir.toString(), README_DATA_DIR).replace(":" + port, ":" + README_PORT))
                .map(line -> TIMESTAMP.matcher(line).replaceAll("<timestamp>"))
                .map(line -> UID.matcher(line).replaceAll("<uid>"))
                .map(line -> AGE.matcher(line).replaceAll("<age>"))
                .map(line -> line.replaceAll(" {2,}", "  ").stripTrailing())
                .collect(Collectors.toList());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
