package cloud.gardener.apiserver.certs;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.SubjectKeyIdentifier;

/** Short, log-friendly identifiers of a certificate, in the forms k8s.io/apiserver uses. */
public final class CertificateIdentifiers {

    private CertificateIdentifiers() {}

    /** {@code SN=<decimal>, SKID=AB:CD:.., AKID=..}, as the x509 authenticator puts into its errors. */
    public static String describe(X509Certificate certificate) {
        return "SN=" + certificate.getSerialNumber() + ", SKID=" + colonHex(subjectKeyId(certificate)) + ", AKID="
                + colonHex(authorityKeyId(certificate));
    }

    /** {@code X509SHA256=<hex>}: the credential ID the x509 authenticator records in the user's extra. */
    public static String credentialId(X509Certificate certificate) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
            return "X509SHA256=" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new PkiException("cannot fingerprint certificate", e);
        }
    }

    private static byte[] subjectKeyId(X509Certificate certificate) {
        byte[] value = certificate.getExtensionValue(Extension.subjectKeyIdentifier.getId());
        if (value == null) {
            return new byte[0];
        }
        return SubjectKeyIdentifier.getInstance(
                        ASN1OctetString.getInstance(value).getOctets())
                .getKeyIdentifier();
    }

    private static byte[] authorityKeyId(X509Certificate certificate) {
        byte[] value = certificate.getExtensionValue(Extension.authorityKeyIdentifier.getId());
        if (value == null) {
            return new byte[0];
        }
        byte[] id = AuthorityKeyIdentifier.getInstance(
                        ASN1OctetString.getInstance(value).getOctets())
                .getKeyIdentifierOctets();
        return id == null ? new byte[0] : id;
    }

    private static String colonHex(byte[] bytes) {
        return HexFormat.ofDelimiter(":").withUpperCase().formatHex(bytes);
    }
}
