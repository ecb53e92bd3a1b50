package cloud.gardener.apiserver.storage.value;

/** A stored value could not be transformed: wrong key, tampered ciphertext, or no provider for its envelope. */
public final class TransformException extends RuntimeException {

    public TransformException(String message) {
        super(message);
    }

    public TransformException(String message, Throwable cause) {
        super(message, cause);
    }
}
