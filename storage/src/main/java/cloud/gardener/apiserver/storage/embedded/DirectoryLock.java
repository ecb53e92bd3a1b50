package cloud.gardener.apiserver.storage.embedded;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on the store's directory: the single-writer design holds only while one process (and
 * one store in it) owns the files. The operating system drops the lock when the process dies, even by
 * {@code kill -9}, so a crash never leaves the directory locked.
 */
final class DirectoryLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DirectoryLock acquire(Path directory) throws IOException {
        Path file = directory.resolve("LOCK");
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            channel.close();
            throw new IllegalStateException("the embedded store in " + directory + " is already open in this process");
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new IllegalStateException("the embedded store in " + directory + " is in use by another process");
        }
        return new DirectoryLock(channel, lock);
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel closes below and drops the lock anyway
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
