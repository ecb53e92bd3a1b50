package cloud.gardener.apiserver.storage.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing what tests and benchmarks wrote under the system temp directory. */
public final class TempFiles {

    private TempFiles() {}

    /**
     * Deletes {@code root} and everything under it; a file or directory that cannot be deleted (or a {@code root} that
     * is already gone) is left as it is, since a leftover temp file is not worth failing a run for.
     */
    public static void deleteRecursively(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(TempFiles::deleteQuietly);
        } catch (IOException | UncheckedIOException e) {
            // left behind; see above
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // left behind; the rest is still deleted
        }
    }
}
