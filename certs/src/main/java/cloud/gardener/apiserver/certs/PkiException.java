package cloud.gardener.apiserver.certs;

/** A key, certificate or PEM operation failed; wraps the checked JCA/BouncyCastle exceptions. */
public final class PkiException extends RuntimeException {

    public PkiException(String message) {
        super(message);
    }

    public PkiException(String message, Throwable cause) {
        super(message, cause);
    }
}
