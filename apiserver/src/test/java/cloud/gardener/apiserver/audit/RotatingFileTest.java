package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --audit-log-maxsize/-maxbackup/-compress} as lumberjack rotates. */
class RotatingFileTest {

    @TempDir
    Path dir;

    @Test
    void rotatesPastMaxSizeKeepsMaxBackupsAndCompressesThem() throws Exception {
        Path log = dir.resolve("audit.log");
        byte[] line = ("x".repeat(400 * 1024 - 1) + "\n").getBytes(StandardCharsets.UTF_8);
        Instant[] now = {Instant.parse("2026-11-27T07:00:00Z")};
        Clock clock = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        };
        try (RotatingFile file = new RotatingFile(log, 1, 2, 0, true, clock)) {
            for (int i = 0; i < 12; i++) {
                file.write(line);
                now[0] = now[0].plusSeconds(1);
            }
        }
        // 2 lines (800 KiB) fit in 1 MiB, a third rotates (at seconds 2, 4, 6, 8 and 10): the newest 2 backups stay
        List<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(names)
                .containsExactly(
                        "audit-2026-11-27T07-00-08.000.log.gz", "audit-2026-11-27T07-00-10.000.log.gz", "audit.log");
        assertThat(Files.size(log)).isEqualTo(2L * line.length);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(log)))
                .isEqualTo("rw-------");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve(names.get(1))))) {
            assertThat(in.readAllBytes()).hasSize(2 * line.length);
        }
    }

    @Test
    void withoutMaxSizeNeverRotates() throws Exception {
        Path log = dir.resolve("audit.log");
        try (RotatingFile file = new RotatingFile(log, 0, 0, 0, false, Clock.systemUTC())) {
            file.write(new byte[3 * 1024 * 1024]);
            file.write(new byte[10]);
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.count()).isEqualTo(1);
        }
    }
}
