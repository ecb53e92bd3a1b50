package cloud.gardener.apiserver.certs;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the kubectl binary from the PATH, for tests that check kubectl accepts what we write. */
final class Kubectl {

    record Result(int exitCode, String output) {}

    private Kubectl() {}

    static boolean installed() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String directory : path.split(File.pathSeparator, -1)) {
            if (new File(directory, "kubectl").canExecute()) {
                return true;
            }
        }
        return false;
    }

    /** Runs kubectl with a private HOME so it neither reads nor writes the user's config and caches. */
    static Result run(Path home, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("kubectl");
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("KUBECONFIG");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("kubectl did not finish: " + command);
        }
        return new Result(process.exitValue(), output);
    }
}
