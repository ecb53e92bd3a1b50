package cloud.gardener.apiserver.storage.value;

/**
 * A value read back from storage.
 *
 * @param data  the plaintext
 * @param stale whether the value was not written by the current write transformer (an older provider or
 *              key read it), so that the next write, even of unchanged content, must re-encrypt it
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
public record Decrypted(byte[] data, boolean stale) {}
