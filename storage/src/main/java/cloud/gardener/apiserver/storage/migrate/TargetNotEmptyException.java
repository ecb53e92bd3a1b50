package cloud.gardener.apiserver.storage.migrate;

/** The target already holds keys under the prefix and the migration was not forced. */
public final class TargetNotEmptyException extends IllegalStateException {

    public TargetNotEmptyException(String prefix, String firstKey) {
        super("the target already holds keys under " + prefix + " (e.g. " + firstKey
                + "); refusing to mix stores, use --force to overwrite them");
    }
}
