package cloud.gardener.apiserver.certs;

import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A CA certificate and its private key, able to issue serving, client and intermediate certificates.
 * Certificates it issues carry the CA in their chain only when the CA is not self-signed (an
 * intermediate), so a chain never repeats the root that clients hold in their trust bundle.
 */
public record CertificateAuthority(X509Certificate certificate, PrivateKey privateKey) {

    public CertificateAuthority {
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(privateKey, "privateKey");
    }

    /** A new self-signed CA with an EC P-256 key. */
    public static CertificateAuthority generate(String commonName, Duration validity) {
        return generate(commonName, validity, KeyType.EC_P256);
    }

    public static CertificateAuthority generate(String commonName, Duration validity, KeyType keyType) {
        CertificateTemplate template = CertificateTemplate.authority(commonName, validity, keyType);
        KeyPair keys = KeyPairs.generate(keyType);
        return new CertificateAuthority(
                CertificateSigner.sign(template, keys.getPublic(), null, keys.getPrivate()), keys.getPrivate());
    }

    /**
     * A CA from PEM texts. The certificate text may be a bundle; the first certificate whose public key
     * matches the private key is taken.
     */
    public static CertificateAuthority load(String certificatePem, String privateKeyPem) {
        PrivateKey key = Pem.readPrivateKey(privateKeyPem);
        for (X509Certificate candidate : Pem.readCertificates(certificatePem)) {
            if (Keys.matches(candidate.getPublicKey(), key)) {
                if (candidate.getBasicConstraints() < 0) {
                    throw new PkiException("certificate " + candidate.getSubjectX500Principal() + " is not a CA");
                }
                return new CertificateAuthority(candidate, key);
            }
        }
        throw new PkiException("no certificate in the CA bundle matches the private key");
    }

    /** A serving certificate (EKU serverAuth) for the given DNS and IP subject alternative names. */
    public IssuedCertificate issueServing(
            String commonName, List<String> dnsNames, List<String> ipAddresses, Duration validity) {
        return issue(CertificateTemplate.serving(commonName, dnsNames, ipAddresses, validity));
    }

    /** A client certificate (EKU clientAuth): Kubernetes reads CN as the user name and O as the groups. */
    public IssuedCertificate issueClient(String commonName, List<String> organizations, Duration validity) {
        return issue(CertificateTemplate.client(commonName, organizations, validity));
    }

    /** An intermediate CA signed by this one. */
    public CertificateAuthority issueIntermediate(String commonName, Duration validity) {
        CertificateTemplate template = CertificateTemplate.authority(commonName, validity, KeyType.of(privateKey));
        IssuedCertificate issued = issue(template);
        return new CertificateAuthority(issued.certificate(), issued.privateKey());
    }

    /** A certificate with a new key pair as the template describes, signed by this CA. */
    public IssuedCertificate issue(CertificateTemplate template) {
        KeyPair keys = KeyPairs.generate(template.keyType());
        X509Certificate leaf = CertificateSigner.sign(template, keys.getPublic(), certificate, privateKey);
        List<X509Certificate> chain = isSelfSigned() ? List.of(leaf) : List.of(leaf, certificate);
        return new IssuedCertificate(chain, keys.getPrivate());
    }

    /** Whether the CA certificate is a root (subject equals issuer). */
    public boolean isSelfSigned() {
        return certificate.getSubjectX500Principal().equals(certificate.getIssuerX500Principal());
    }

    public String certificatePem() {
        return Pem.writeCertificate(certificate);
    }

    public String privateKeyPem() {
        return Pem.writePrivateKey(privateKey);
    }
}
