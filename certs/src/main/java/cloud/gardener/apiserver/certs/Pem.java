package cloud.gardener.apiserver.certs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * PEM reading and writing in the forms Kubernetes tools produce and accept.
 *
 * <p>Reads certificates ({@code CERTIFICATE}) and unencrypted private keys in PKCS#8
 * ({@code PRIVATE KEY}), PKCS#1 ({@code RSA PRIVATE KEY}) and SEC1 ({@code EC PRIVATE KEY}, optionally
 * preceded by the {@code EC PARAMETERS} block openssl writes). Writes PKCS#8 by default, which Go
 * ({@code tls.X509KeyPair}), openssl and Vert.x {@code PemKeyCertOptions} all read; the traditional
 * forms are available for tools that want them. Output uses {@code \n} line ends and 64-column base64.
 */
public final class Pem {

    private static final String CERTIFICATE = "CERTIFICATE";

    private Pem() {}

    // ---- writing ----

    public static String writeCertificate(X509Certificate certificate) {
        try {
            return block(CERTIFICATE, certificate.getEncoded());
        } catch (CertificateEncodingException e) {
            throw new PkiException("cannot encode certificate", e);
        }
    }

    /** A bundle: the certificates concatenated in order (leaf first for a chain). */
    public static String writeCertificates(List<X509Certificate> certificates) {
        StringBuilder pem = new StringBuilder();
        for (X509Certificate certificate : certificates) {
            pem.append(writeCertificate(certificate));
        }
        return pem.toString();
    }

    /** PKCS#8 ({@code BEGIN PRIVATE KEY}). */
    public static String writePrivateKey(PrivateKey key) {
        return block("PRIVATE KEY", key.getEncoded());
    }

    /** PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) for RSA keys, SEC1 ({@code BEGIN EC PRIVATE KEY}) for EC keys. */
    public static String writePrivateKeyTraditional(PrivateKey key) {
        try {
            PrivateKeyInfo info = PrivateKeyInfo.getInstance(key.getEncoded());
            ASN1ObjectIdentifier algorithm = info.getPrivateKeyAlgorithm().getAlgorithm();
            if (algorithm.equals(PKCSObjectIdentifiers.rsaEncryption)) {
                return block(
                        "RSA PRIVATE KEY",
                        info.parsePrivateKey().toASN1Primitive().getEncoded(ASN1Encoding.DER));
            }
            if (algorithm.equals(X9ObjectIdentifiers.id_ecPublicKey) && key instanceof ECPrivateKey ec) {
                return block("EC PRIVATE KEY", sec1(info, ec));
            }
            throw new PkiException("no traditional PEM form for " + key.getAlgorithm() + " keys");
        } catch (IOException e) {
            throw new PkiException("cannot encode private key", e);
        }
    }

    /**
     * SEC1 with the curve OID and public key filled in: the JDK's PKCS#8 encoding leaves both out of the
     * inner structure, and Go's {@code x509.ParseECPrivateKey} refuses a SEC1 key without its curve.
     */
    private static byte[] sec1(PrivateKeyInfo info, ECPrivateKey key) throws IOException {
        ASN1ObjectIdentifier curve =
                ASN1ObjectIdentifier.getInstance(info.getPrivateKeyAlgorithm().getParameters());
        X9ECParameters parameters = ECNamedCurveTable.getByOID(curve);
        if (parameters == null) {
            throw new PkiException("unknown elliptic curve " + curve);
        }
        BigInteger d = key.getS();
        byte[] publicPoint = parameters.getG().multiply(d).normalize().getEncoded(false);
        int orderBits = parameters.getN().bitLength();
        return new org.bouncycastle.asn1.sec.ECPrivateKey(orderBits, d, new DERBitString(publicPoint), curve)
                .getEncoded(ASN1Encoding.DER);
    }

    private static String block(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    // ---- reading ----

    /** All certificates in a PEM text, in order; other blocks are skipped. */
    public static List<X509Certificate> readCertificates(String pem) {
        List<X509Certificate> certificates = new ArrayList<>();
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            Object object;
            while ((object = parser.readObject()) != null) {
                if (object instanceof X509CertificateHolder holder) {
                    certificates.add((X509Certificate)
                            factory.generateCertificate(new ByteArrayInputStream(holder.getEncoded())));
                }
            }
        } catch (IOException | GeneralSecurityException e) {
            throw new PkiException("cannot parse PEM certificates: " + e.getMessage(), e);
        }
        return certificates;
    }

    /** The first certificate in a PEM text. */
    public static X509Certificate readCertificate(String pem) {
        List<X509Certificate> certificates = readCertificates(pem);
        if (certificates.isEmpty()) {
            throw new PkiException("no CERTIFICATE block found in PEM data");
        }
        return certificates.get(0);
    }

    /** The first private key in a PEM text (PKCS#8, PKCS#1 or SEC1; not encrypted). */
    public static PrivateKey readPrivateKey(String pem) {
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            Object object;
            while ((object = parser.readObject()) != null) {
                if (object instanceof PEMKeyPair pair) {
                    return toPrivateKey(pair.getPrivateKeyInfo());
                }
                if (object instanceof PrivateKeyInfo info) {
                    return toPrivateKey(info);
                }
                if (object instanceof PEMEncryptedKeyPair || object instanceof PKCS8EncryptedPrivateKeyInfo) {
                    throw new PkiException("encrypted private keys are not supported");
                }
                // EC PARAMETERS, certificates and anything else: keep looking.
            }
        } catch (IOException | GeneralSecurityException e) {
            throw new PkiException("cannot parse PEM private key: " + e.getMessage(), e);
        }
        throw new PkiException("no private key block found in PEM data");
    }

    private static PrivateKey toPrivateKey(PrivateKeyInfo info) throws IOException, GeneralSecurityException {
        ASN1ObjectIdentifier algorithm = info.getPrivateKeyAlgorithm().getAlgorithm();
        String name;
        if (algorithm.equals(PKCSObjectIdentifiers.rsaEncryption)) {
            name = "RSA";
        } else if (algorithm.equals(X9ObjectIdentifiers.id_ecPublicKey)) {
            name = "EC";
        } else if (algorithm.equals(EdECObjectIdentifiers.id_Ed25519)) {
            name = "Ed25519";
        } else {
            throw new PkiException("unsupported private key algorithm " + algorithm);
        }
        return KeyFactory.getInstance(name).generatePrivate(new PKCS8EncodedKeySpec(info.getEncoded(ASN1Encoding.DER)));
    }

    /** The (ASCII) bytes of a PEM text, e.g. for a Vert.x {@code Buffer}. */
    public static byte[] bytes(String pem) {
        return pem.getBytes(StandardCharsets.US_ASCII);
    }
}
