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
 * Runs a script with the real Kubernetes Python client (Debian's {@code python3-kubernetes} under
 * {@code /usr/bin/python3}) against a test server. The script starts with the client configured from the server's
 * kubeconfig and {@code client}, {@code ApiException}, {@code core} ({@code CoreV1Api}), {@code custom}
 * ({@code CustomObjectsApi}) and {@code out(value)} (prints one JSON line, a model in its wire form) defined; the
 * test reads the printed lines. Without the client the calling test is skipped with the reason printed.
 *
 * <p>Kept to the same names as the {@code PythonClient} runner written for kindless bodies, so the two can become one.
 */
public final class PythonScript {

    /** The interpreter the Debian packages install into (a {@code python3} on PATH may be another one). */
    public static final Path PYTHON = Path.of("/usr/bin/python3");

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final String PRELUDE = """
            import json, os
            from kubernetes import client, config
            from kubernetes.client.rest import ApiException
            config.load_kube_config(config_file=os.environ["KUBECONFIG"])
            _api = client.ApiClient()
            core = client.CoreV1Api(_api)
            custom = client.CustomObjectsApi(_api)
            def out(value):
                print(json.dumps(_api.sanitize_for_serialization(value), sort_keys=True), flush=True)
            """;

    private final Path kubeconfig;

    private PythonScript(Path kubeconfig) {
        this.kubeconfig = kubeconfig;
    }

    /** The client talking to the server of {@code kubeconfig}; skips the calling test when it is not installed. */
    public static PythonScript forKubeconfig(Path kubeconfig) {
        boolean installed = Files.isExecutable(PYTHON) && exitCode(PYTHON.toString(), "-c", "import kubernetes") == 0;
        if (!installed) {
            System.out.println("SKIPPED: " + PYTHON + " cannot import kubernetes (Debian python3-kubernetes); "
                    + "Python client tests not run");
        }
        Assumptions.assumeTrue(installed, PYTHON + " cannot import kubernetes");
        return new PythonScript(kubeconfig);
    }

    /** Runs the script after the prelude and fails the test unless it exits 0; answers the lines it printed. */
    public List<JsonNode> ok(String script) {
        Path file = null;
        Path out = null;
        Path err = null;
        try {
            file = Files.createTempFile("script", ".py");
            out = Files.createTempFile("script", ".out");
            err = Files.createTempFile("script", ".err");
            Files.writeString(file, PRELUDE + script, StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder(PYTHON.toString(), file.toString())
                    .redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().put("KUBECONFIG", kubeconfig.toString());
            // the client would route loopback requests through a proxy from the environment
            pb.environment().keySet().removeIf(k -> k.equalsIgnoreCase("https_proxy") || k.equalsIgnoreCase("http_proxy"));
            Process process = pb.start();
            boolean finished = process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            if (!finished || process.exitValue() != 0) {
                throw new AssertionError("the Python script " + (finished ? "exited " + process.exitValue()
                        : "did not finish within " + TIMEOUT) + "\n--- stdout\n" + stdout + "\n--- stderr\n"
                        + Files.readString(err, StandardCharsets.UTF_8) + "\n--- script\n" + script);
            }
            return stdout.lines().filter(l -> !l.isBlank()).map(PythonScript::parse).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            for (Path p : new Path[] {file, out, err}) {
                deleteQuietly(p);
            }
        }
    }

    private static int exitCode(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static JsonNode parse(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("the script printed a line that is not JSON: " + line, e);
        }
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }
}
