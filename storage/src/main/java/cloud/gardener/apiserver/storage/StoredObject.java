package cloud.gardener.apiserver.storage;

/**
 * One value as the store holds it.
 *
 * @param key            the full key, e.g. {@code /registry-gardener/core.gardener.cloud/shoots/ns/name}
 * @param value          the encoded object, without resourceVersion (the revision is the version)
 * @param modRevision    the revision of the last write, reported to clients as {@code resourceVersion}
 * @param createRevision the revision the key was created at
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
public record StoredObject(String key, byte[] value, long modRevision, long createRevision) {}
