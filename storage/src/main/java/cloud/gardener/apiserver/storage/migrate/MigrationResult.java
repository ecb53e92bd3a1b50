package cloud.gardener.apiserver.storage.migrate;

/**
 * What one migration did.
 *
 * @param copied         keys written to the target
 * @param deleted        keys removed from the target because the source did not have them (only with force)
 * @param sourceRevision the source revision every key was read at
 */
public record MigrationResult(long copied, long deleted, long sourceRevision) {}
