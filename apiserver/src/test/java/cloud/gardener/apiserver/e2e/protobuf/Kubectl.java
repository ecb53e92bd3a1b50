package cloud.gardener.apiserver.e2e.protobuf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the real kubectl against a kubeconfig and captures what it prints. */
final class Kubectl {

    record Result(int exitCode, String stdout, String stderr) {}

    private final Path binary;
    private final Path kubeconfig;

    private Kubectl(Path binary, Path kubeconfig) {
        this.binary = binary;
        this.kubeconfig = kubeconfig;
    }

    /** kubectl from the PATH, or null when there is none. */
    static Path find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(java.io.File.pathSeparator, -1)) {
            Path candidate = Path.of(dir, "kubectl");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    static Kubectl of(Path binary, Path kubeconfig) {
        return new Kubectl(binary, kubeconfig);
    }

    Result run(String... args) {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--kubeconfig", kubeconfig.toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).start();
            process.getOutputStream().close();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("kubectl " + String.join(" ", args) + " did not finish in 60s");
            }
            return new Result(process.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
