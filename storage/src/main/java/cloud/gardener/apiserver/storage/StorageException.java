package cloud.gardener.apiserver.storage;

/**
 * A failure of the store, typed so that the API layer can map it to a Status in one place.
 * Storage never builds HTTP errors itself.
 */
public final class StorageException extends RuntimeException {

    /** What went wrong. */
    public enum Reason {
        /** create: the key exists already. */
        KEY_EXISTS,
        /** get, update, delete: the key does not exist. */
        NOT_FOUND,
        /** update, delete: the key's mod revision is not the expected one. */
        CONFLICT,
        /** list, watch: the requested revision has been compacted away ({@link #revision()} is the compacted one). */
        COMPACTED,
        /** list or get at a revision the store has not reached ({@link #revision()} is the current one). */
        TOO_LARGE_RESOURCE_VERSION,
        /** create, update: the write is over the store's request size limit and was not applied. */
        REQUEST_TOO_LARGE,
        /** the store did not answer in time or is unreachable; a write may or may not have happened. */
        UNAVAILABLE,
        /** anything else. */
        INTERNAL
    }

    private final Reason reason;
    private final String key;
    private final long revision;
    private final transient StoredObject current;

    public StorageException(
            Reason reason, String key, long revision, StoredObject current, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.key = key;
        this.revision = revision;
        this.current = current;
    }

    public static StorageException keyExists(String key) {
        return new StorageException(Reason.KEY_EXISTS, key, 0, null, "key exists: " + key, null);
    }

    public static StorageException notFound(String key) {
        return new StorageException(Reason.NOT_FOUND, key, 0, null, "key not found: " + key, null);
    }

    /** The expected revision did not match; {@code current} is the object as it is now. */
    public static StorageException conflict(String key, StoredObject current) {
        return new StorageException(
                Reason.CONFLICT,
                key,
                current == null ? 0 : current.modRevision(),
                current,
                "revision conflict on " + key,
                null);
    }

    public static StorageException compacted(long requested, long compactedRevision) {
        return new StorageException(
                Reason.COMPACTED,
                null,
                compactedRevision,
                null,
                "revision " + requested + " has been compacted (compacted revision " + compactedRevision + ")",
                null);
    }

    public static StorageException tooLargeResourceVersion(long requested, long current) {
        return new StorageException(
                Reason.TOO_LARGE_RESOURCE_VERSION,
                null,
                current,
                null,
                "too large resource version: " + requested + ", current: " + current,
                null);
    }

    /** etcd's text for a request over {@code --max-request-bytes}; kube-apiserver shows it as it is. */
    public static final String REQUEST_TOO_LARGE_MESSAGE = "etcdserver: request is too large";

    /** etcd's {@code ErrRequestTooLarge}: nothing was written. */
    public static StorageException requestTooLarge(String key, Throwable cause) {
        return requestTooLarge(key, REQUEST_TOO_LARGE_MESSAGE, cause);
    }

    /** A request refused for its size with another text (gRPC's own message limit); nothing was written. */
    public static StorageException requestTooLarge(String key, String message, Throwable cause) {
        return new StorageException(Reason.REQUEST_TOO_LARGE, key, 0, null, message, cause);
    }

    public static StorageException unavailable(String message, Throwable cause) {
        return new StorageException(Reason.UNAVAILABLE, null, 0, null, message, cause);
    }

    public static StorageException internal(String message, Throwable cause) {
        return new StorageException(Reason.INTERNAL, null, 0, null, message, cause);
    }

    public Reason reason() {
        return reason;
    }

    public String key() {
        return key;
    }

    /** For COMPACTED: the compacted revision; for TOO_LARGE_RESOURCE_VERSION: the current one; for CONFLICT: the current mod revision. */
    public long revision() {
        return revision;
    }

    /** For CONFLICT: the object as it is now (may be null if it was deleted meanwhile). */
    public StoredObject current() {
        return current;
    }
}
