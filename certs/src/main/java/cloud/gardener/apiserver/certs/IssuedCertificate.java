package cloud.gardener.apiserver.certs;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * A certificate with its private key, as a CA issued it.
 *
 * @param chain      the leaf first, then any intermediate CAs (never the self-signed root)
 * @param privateKey the leaf's private key
 */
public record IssuedCertificate(List<X509Certificate> chain, PrivateKey privateKey) {

    public IssuedCertificate {
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("certificate chain is empty");
        }
        Objects.requireNonNull(privateKey, "privateKey");
    }

    /** The leaf certificate. */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** The leaf alone, PEM. */
    public String certificatePem() {
        return Pem.writeCertificate(certificate());
    }

    /** The whole chain, leaf first, PEM (what a TLS server or a kubeconfig should present). */
    public String certificateChainPem() {
        return Pem.writeCertificates(chain);
    }

    /** The private key as PKCS#8 PEM, readable by kubectl, openssl and Vert.x {@code PemKeyCertOptions}. */
    public String privateKeyPem() {
        return Pem.writePrivateKey(privateKey);
    }

    /** The private key as PKCS#1 (RSA) or SEC1 (EC) PEM. */
    public String privateKeyPemTraditional() {
        return Pem.writePrivateKeyTraditional(privateKey);
    }

    /** {@link #certificateChainPem()} as bytes, e.g. for {@code Buffer.buffer(...)}. */
    public byte[] certificateChainPemBytes() {
        return Pem.bytes(certificateChainPem());
    }

    /** {@link #privateKeyPem()} as bytes. */
    public byte[] privateKeyPemBytes() {
        return Pem.bytes(privateKeyPem());
    }
}
