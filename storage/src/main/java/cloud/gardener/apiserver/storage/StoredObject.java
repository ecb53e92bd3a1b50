package cloud.gardener.apiserver.storage;

/**
 * One value as the store holds it.
 *
 * @param key            the full key, e.g. {@code /registry-gardener/core.gardener.cloud/shoots/ns/name}
 * @param value          the encoded object, without resourceVersion (the revision is the version)
 * @param modRevision    the revision of the last write, reported to clients as {@code resourceVersion}
 * @param createRevision the revision the key was created at
 * @param readWith       what turned the stored bytes into {@code value} (encryption at rest's transformer), compared
 *                       by identity; null when {@code value} is the store's own bytes. A copy kept of the value (the
 *                       watch cache's) is the store's current value only while the key is still read with it (see
 *                       {@link StoreReader#readsAlike})
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
public record StoredObject(String key, byte[] value, long modRevision, long createRevision, Object readWith) {

    /** A value as the store holds it, not transformed on the way out. */
    public StoredObject(String key, byte[] value, long modRevision, long createRevision) {
        this(key, value, modRevision, createRevision, null);
    }
}
