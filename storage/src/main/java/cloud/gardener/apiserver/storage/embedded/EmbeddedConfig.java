package cloud.gardener.apiserver.storage.embedded;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how the embedded store keeps its data.
 *
 * @param directory          the store's own directory (created when absent); one process owns it at a time
 * @param compactionInterval how often the store discards history older than one interval (like
 *                           {@code --etcd-compaction-interval}); zero or negative disables compaction
 * @param readers            how many connections serve reads (lists, gets, watch replays) in parallel
 */
public record EmbeddedConfig(Path directory, Duration compactionInterval, int readers) {

    public static final Duration DEFAULT_COMPACTION_INTERVAL = Duration.ofMinutes(5);
    public static final int DEFAULT_READERS = 2;

    public EmbeddedConfig {
        Objects.requireNonNull(directory, "directory");
        compactionInterval = compactionInterval == null ? DEFAULT_COMPACTION_INTERVAL : compactionInterval;
        if (readers < 1) {
            throw new IllegalArgumentException("the embedded store needs at least one reader, got " + readers);
        }
    }

    /** The defaults for {@code directory}. */
    public static EmbeddedConfig of(Path directory) {
        return new EmbeddedConfig(directory, DEFAULT_COMPACTION_INTERVAL, DEFAULT_READERS);
    }

    public EmbeddedConfig withCompactionInterval(Duration interval) {
        return new EmbeddedConfig(directory, interval, readers);
    }

    /** The SQLite database file inside {@link #directory()}. */
    public Path databaseFile() {
        return directory.resolve("state.db");
    }
}
