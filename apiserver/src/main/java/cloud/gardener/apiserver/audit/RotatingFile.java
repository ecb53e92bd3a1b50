package cloud.gardener.apiserver.audit;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * An append-only file rotated as lumberjack (kube-apiserver's audit log writer) rotates it: when a write would take
 * it past {@code maxSizeMb} megabytes it is renamed to {@code name-2006-01-02T15-04-05.000.ext} (UTC), optionally
 * gzipped, and backups beyond {@code maxBackups} or older than {@code maxAgeDays} are removed (0: keep all). A
 * {@code maxSizeMb} of 0 never rotates. Used by one thread.
 */
final class RotatingFile extends OutputStream {

    private static final DateTimeFormatter BACKUP_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss.SSS").withZone(ZoneOffset.UTC);

    private final Path file;
    private final long maxBytes;
    private final int maxBackups;
    private final int maxAgeDays;
    private final boolean compress;
    private final Clock clock;
    private OutputStream out;
    private long size;

    RotatingFile(Path file, int maxSizeMb, int maxBackups, int maxAgeDays, boolean compress, Clock clock)
            throws IOException {
        this.file = file.toAbsolutePath();
        this.maxBytes = maxSizeMb * 1024L * 1024L;
        this.maxBackups = maxBackups;
        this.maxAgeDays = maxAgeDays;
        this.compress = compress;
        this.clock = clock;
        Files.createDirectories(this.file.getParent());
        open();
    }

    private void open() throws IOException {
        if (!Files.exists(file)) {
            // as upstream's ensureLogFile: only the server's user reads the audit trail
            try {
                Files.createFile(
                        file,
                        java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
        }
        out = new FileOutputStream(file.toFile(), true);
        size = Files.size(file);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (maxBytes > 0 && size > 0 && size + len > maxBytes) {
            rotate();
        }
        out.write(b, off, len);
        size += len;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private void rotate() throws IOException {
        out.close();
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot <= 0 ? name : name.substring(0, dot);
        String ext = dot <= 0 ? "" : name.substring(dot);
        Path backup = file.resolveSibling(base + "-" + BACKUP_TIME.format(clock.instant()) + ext);
        Files.move(file, backup, StandardCopyOption.REPLACE_EXISTING);
        open();
        if (compress) {
            Path gz = backup.resolveSibling(backup.getFileName() + ".gz");
            try (InputStream in = Files.newInputStream(backup);
                    OutputStream zipped = new GZIPOutputStream(Files.newOutputStream(gz))) {
                in.transferTo(zipped);
            }
            Files.delete(backup);
        }
        prune(base, ext);
    }

    /** Removes the backups beyond the newest {@code maxBackups} and those older than {@code maxAgeDays}. */
    private void prune(String base, String ext) throws IOException {
        List<Path> backups = new ArrayList<>();
        try (Stream<Path> siblings = Files.list(file.getParent())) {
            siblings.filter(p -> {
                        String n = p.getFileName().toString();
                        return n.startsWith(base + "-")
                                && (n.endsWith(ext) || n.endsWith(ext + ".gz"))
                                && !p.equals(file);
                    })
                    .forEach(backups::add);
        }
        // the timestamp in the name sorts as time does
        backups.sort(
                Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
        Instant cutoff = clock.instant().minus(maxAgeDays, ChronoUnit.DAYS);
        for (int i = 0; i < backups.size(); i++) {
            Path p = backups.get(i);
            boolean tooMany = maxBackups > 0 && i >= maxBackups;
            boolean tooOld =
                    maxAgeDays > 0 && Files.getLastModifiedTime(p).toInstant().isBefore(cutoff);
            if (tooMany || tooOld) {
                Files.deleteIfExists(p);
            }
        }
    }
}
