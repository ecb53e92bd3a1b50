package cloud.gardener.apiserver.certs;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes credential files so that readers never see half a file and keys are not world-readable. */
final class SecureFiles {

    private SecureFiles() {}

    static void writeAtomically(Path file, byte[] content, boolean ownerOnly) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, "." + file.getFileName(), ".tmp");
        try {
            restrict(temporary, ownerOnly ? "rw-------" : "rw-r--r--");
            Files.write(temporary, content);
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void restrict(Path file, String permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: nothing finer to set.
        }
    }
}
