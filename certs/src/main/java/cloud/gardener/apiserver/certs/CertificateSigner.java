package cloud.gardener.apiserver.certs;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.IPAddress;

/** Builds and signs X.509 v3 certificates from a {@link CertificateTemplate}. */
final class CertificateSigner {

    private static final SecureRandom RANDOM = new SecureRandom();

    private CertificateSigner() {}

    /**
     * Signs a certificate for {@code subjectKey}.
     *
     * @param issuer    the issuing certificate, or {@code null} for a self-signed one
     * @param issuerKey the key that signs (the subject's own private key when self-signed)
     */
    static X509Certificate sign(
            CertificateTemplate template, PublicKey subjectKey, X509Certificate issuer, PrivateKey issuerKey) {
        try {
            X500Name subject = subjectName(template);
            X500Name issuerName = issuer == null
                    ? subject
                    : X500Name.getInstance(issuer.getSubjectX500Principal().getEncoded());
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    issuerName,
                    serialNumber(),
                    Date.from(template.notBefore()),
                    Date.from(template.notAfter()),
                    subject,
                    subjectKey);
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(
                    Extension.basicConstraints, true, new BasicConstraints(template.certificateAuthority()));
            builder.addExtension(Extension.keyUsage, true, keyUsage(template, subjectKey));
            if (!template.purposes().isEmpty()) {
                // Fixed order (serverAuth before clientAuth) keeps the encoding deterministic.
                List<KeyPurposeId> ids = new ArrayList<>();
                for (KeyPurpose purpose : KeyPurpose.values()) {
                    if (template.purposes().contains(purpose)) {
                        ids.add(purpose.id());
                    }
                }
                builder.addExtension(
                        Extension.extendedKeyUsage, false, new ExtendedKeyUsage(ids.toArray(KeyPurposeId[]::new)));
            }
            builder.addExtension(
                    Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(subjectKey));
            if (issuer != null) {
                builder.addExtension(
                        Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(issuer));
            }
            GeneralNames alternativeNames = alternativeNames(template);
            if (alternativeNames != null) {
                builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames);
            }
            var signer = new JcaContentSignerBuilder(KeyType.of(issuerKey).signatureAlgorithm()).build(issuerKey);
            return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
        } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
            throw new PkiException("cannot sign certificate for CN=" + template.commonName(), e);
        }
    }

    /** O entries first, then CN, as Go's {@code pkix.Name} orders them. */
    private static X500Name subjectName(CertificateTemplate template) {
        X500NameBuilder name = new X500NameBuilder(BCStyle.INSTANCE);
        for (String organization : template.organizations()) {
            name.addRDN(BCStyle.O, organization);
        }
        name.addRDN(BCStyle.CN, template.commonName());
        return name.build();
    }

    /** A positive serial of at most 16 octets (RFC 5280 allows 20; Go rejects negative ones). */
    private static BigInteger serialNumber() {
        return new BigInteger(127, RANDOM).add(BigInteger.ONE);
    }

    private static KeyUsage keyUsage(CertificateTemplate template, PublicKey subjectKey) {
        if (template.certificateAuthority()) {
            return new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign | KeyUsage.digitalSignature);
        }
        // keyEncipherment only means something for RSA key transport; TLS 1.3 needs digitalSignature.
        return "RSA".equals(subjectKey.getAlgorithm())
                ? new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment)
                : new KeyUsage(KeyUsage.digitalSignature);
    }

    private static GeneralNames alternativeNames(CertificateTemplate template) {
        List<GeneralName> names = new ArrayList<>();
        for (String dns : template.dnsNames()) {
            names.add(new GeneralName(GeneralName.dNSName, dns));
        }
        for (String ip : template.ipAddresses()) {
            if (!IPAddress.isValid(ip)) {
                throw new IllegalArgumentException("not an IP address: " + ip);
            }
            names.add(new GeneralName(GeneralName.iPAddress, ip));
        }
        return names.isEmpty() ? null : new GeneralNames(names.toArray(GeneralName[]::new));
    }
}
