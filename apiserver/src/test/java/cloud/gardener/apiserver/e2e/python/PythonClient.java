package cloud.gardener.apiserver.e2e.python;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a script with the real Kubernetes Python client (Debian's {@code python3-kubernetes}, imported by
 * {@code /usr/bin/python3}) against a test server: the script starts with the client configured from the
 * server's kubeconfig (its CA, a client certificate), and these names defined:
 * <ul>
 *   <li>{@code client}, {@code watch}, {@code ApiException}: the client's modules and its error type;</li>
 *   <li>{@code api} (the {@code ApiClient}), {@code core} ({@code CoreV1Api}) and {@code custom}
 *       ({@code CustomObjectsApi});</li>
 *   <li>{@code out(value)}: prints one JSON line (a model object is first turned into its wire form).</li>
 * </ul>
 * The test reads the printed lines with {@link Result#lines()}. A machine without the client skips the calling
 * test with the reason printed; under CI ({@code CI} set) it fails it instead, since {@code bin/ensure-test-tools}
 * installs the client there.
 */
public final class PythonClient {

    /** The interpreter the Debian packages install into (a {@code python3} on PATH may be another one). */
    public static final Path PYTHON = Path.of("/usr/bin/python3");

    /** The default timeout of one script run. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final String PRELUDE = """
            import json, os, sys
            from kubernetes import client, config, watch
            from kubernetes.client.rest import ApiException
            config.load_kube_config(config_file=os.environ["KUBECONFIG"])
            api = client.ApiClient()
            core = client.CoreV1Api(api)
            custom = client.CustomObjectsApi(api)
            def out(value):
                print(json.dumps(api.sanitize_for_serialization(value), sort_keys=True), flush=True)
            """;

    /** One finished run. */
    public record Result(int exitCode, String stdout, String stderr) {

        public boolean succeeded() {
            return exitCode == 0;
        }

        /** The JSON lines the script printed with {@code out}. */
        public List<JsonNode> lines() {
            return stdout.lines()
                    .filter(l -> !l.isBlank())
                    .map(PythonClient::parse)
                    .toList();
        }

        public String describe() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    private final Path kubeconfig;

    private PythonClient(Path kubeconfig) {
        this.kubeconfig = kubeconfig;
    }

    /** The Python client talking to the server of {@code kubeconfig}; skips or fails the test when not installed. */
    public static PythonClient forKubeconfig(Path kubeconfig) {
        requireInstalled();
        return new PythonClient(kubeconfig);
    }

    /**
     * Makes sure the client can be imported: skips the calling test with the reason printed when it cannot, or
     * fails it under CI.
     */
    public static void requireInstalled() {
        requireInstalled(PYTHON, System.getenv("CI"));
    }

    /** {@link #requireInstalled()} for a given interpreter and value of {@code CI}. */
    static void requireInstalled(Path interpreter, String ci) {
        String missing = missingModules(interpreter);
        if (missing.isEmpty()) {
            return;
        }
        String why = interpreter + " cannot import " + missing + " (install python3-kubernetes and python3-websocket: "
                + "bin/ensure-test-tools does)";
        if (ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false")) {
            throw new AssertionError(why);
        }
        System.out.println("SKIPPED: " + why + "; Python client tests not run");
        Assumptions.assumeTrue(false, why);
    }

    private static String missingModules(Path interpreter) {
        if (!Files.isExecutable(interpreter)) {
            return "anything (no interpreter)";
        }
        StringBuilder missing = new StringBuilder();
        for (String module : new String[] {"kubernetes", "websocket"}) {
            try {
                Process p = new ProcessBuilder(interpreter.toString(), "-c", "import " + module)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
                boolean finished = p.waitFor(30, TimeUnit.SECONDS);
                if (!finished) {
                    p.destroyForcibly();
                }
                if (!finished || p.exitValue() != 0) {
                    missing.append(missing.isEmpty() ? "" : ", ").append(module);
                }
            } catch (IOException e) {
                missing.append(missing.isEmpty() ? "" : ", ").append(module);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return missing.toString();
    }

    /** Runs {@code script} after the prelude; a run longer than {@link #TIMEOUT} is killed and fails the test. */
    public Result run(String script) {
        Path file = null;
        Path out = null;
        Path err = null;
        try {
            file = Files.createTempFile("client", ".py");
            out = Files.createTempFile("client", ".out");
            err = Files.createTempFile("client", ".err");
            Files.writeString(file, PRELUDE + script, StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder(PYTHON.toString(), file.toString())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().put("KUBECONFIG", kubeconfig.toString());
            // the client would otherwise route loopback requests through a proxy set in the environment
            pb.environment()
                    .keySet()
                    .removeIf(k -> k.equalsIgnoreCase("https_proxy") || k.equalsIgnoreCase("http_proxy"));
            Process process = pb.start();
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new AssertionError("the Python script did not finish within " + TIMEOUT + "\n--- stdout\n"
                        + Files.readString(out) + "\n--- stderr\n" + Files.readString(err) + "\n--- script\n" + script);
            }
            return new Result(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            for (Path p : new Path[] {file, out, err}) {
                if (p != null) {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException ignored) {
                        // a temporary file left behind is harmless
                    }
                }
            }
        }
    }

    /** Runs {@code script} and fails the test unless it exits 0; returns the JSON lines it printed. */
    public List<JsonNode> ok(String script) {
        Result r = run(script);
        if (!r.succeeded()) {
            throw new AssertionError("the Python script failed: " + r.describe() + "\n--- script\n" + script);
        }
        return r.lines();
    }

    private static JsonNode parse(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("the script printed a line that is not JSON: " + line, e);
        }
    }
}
