package cloud.gardener.apiserver.certs.verify;

/** A presented certificate chain did not verify; the message reads like Go's {@code x509} errors. */
public final class CertificateVerificationException extends Exception {

    public CertificateVerificationException(String message) {
        super(message);
    }

    public CertificateVerificationException(String message, Throwable cause) {
        super(message, cause);
    }
}
