package cloud.gardener.apiserver.storage.value;

/**
 * Turns a value into its stored form and back, as {@code k8s.io/apiserver/pkg/storage/value.Transformer}:
 * encryption at rest sits between the object encoding and the store.
 *
 * <p>{@code context} is the authenticated data of the value: the full storage key. Authenticating
 * transformers (AES-GCM) bind the ciphertext to it, so a value copied to another key does not read
 * back. Implementations are thread-safe and never block.
 */
public interface Transformer {

    /**
     * Reads a stored value.
     *
     * @throws TransformException when the value cannot be read (wrong key, tampered, unknown envelope)
     */
    Decrypted fromStorage(byte[] stored, byte[] context);

    /** Produces the stored form of {@code data}. */
    byte[] toStorage(byte[] data, byte[] context);

    /** {@link #fromStorage(byte[], byte[])}, reporting the transformations made to {@code observer}. */
    default Decrypted fromStorage(byte[] stored, byte[] context, TransformationObserver observer) {
        return fromStorage(stored, context);
    }

    /** {@link #toStorage(byte[], byte[])}, reporting the transformations made to {@code observer}. */
    default byte[] toStorage(byte[] data, byte[] context, TransformationObserver observer) {
        return toStorage(data, context);
    }
}
