package cloud.gardener.apiserver.certs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.bouncycastle.util.IPAddress;

/**
 * A self-signed serving setup kept in a directory, like k8s.io/apiserver's
 * {@code MaybeDefaultWithSelfSignedCerts}: a CA ({@value #CA_FILE}) and a serving certificate
 * ({@value #CERT_FILE}, chain leaf then CA; {@value #KEY_FILE}, PKCS#8) generated on the first start
 * and reused afterwards. They are generated again when unreadable, expired (or within
 * {@link #RENEW_BEFORE} of it), not yet valid, or missing one of the requested hosts.
 *
 * <p>Does blocking file I/O and key generation: call it at startup or on a worker thread.
 *
 * @param serving     the serving certificate chain and key
 * @param ca          the CA that signed it, for clients' trust bundles (e.g. an APIService caBundle)
 * @param directory   where the files live
 */
public record ServingCertificates(IssuedCertificate serving, X509Certificate ca, Path directory) {

    public static final String CERT_FILE = "apiserver.crt";
    public static final String KEY_FILE = "apiserver.key";
    public static final String CA_FILE = "apiserver-ca.crt";

    public static final Duration CA_VALIDITY = Duration.ofDays(3650);
    public static final Duration SERVING_VALIDITY = Duration.ofDays(365);
    public static final Duration RENEW_BEFORE = Duration.ofDays(7);

    /**
     * Loads the files in {@code dataDir} when they are still good for {@code hosts}, otherwise
     * generates and writes new ones.
     *
     * @param hosts DNS names and IP addresses the certificate must cover; empty means
     *              {@code localhost} and {@code 127.0.0.1}
     */
    public static ServingCertificates loadOrCreateSelfSigned(Path dataDir, List<String> hosts) throws IOException {
        List<String> wanted = hosts.isEmpty() ? List.of("localhost", "127.0.0.1") : List.copyOf(hosts);
        ServingCertificates existing = tryLoad(dataDir);
        if (existing != null && existing.isUsable(wanted, Instant.now())) {
            return existing;
        }
        return create(dataDir, wanted);
    }

    /** The files in {@code dataDir}, or {@code null} when any is missing, unreadable or inconsistent. */
    static ServingCertificates tryLoad(Path dataDir) {
        Path certFile = dataDir.resolve(CERT_FILE);
        Path keyFile = dataDir.resolve(KEY_FILE);
        Path caFile = dataDir.resolve(CA_FILE);
        if (!Files.isRegularFile(certFile) || !Files.isRegularFile(keyFile) || !Files.isRegularFile(caFile)) {
            return null;
        }
        try {
            List<X509Certificate> chain = Pem.readCertificates(Files.readString(certFile, StandardCharsets.US_ASCII));
            PrivateKey key = Pem.readPrivateKey(Files.readString(keyFile, StandardCharsets.US_ASCII));
            X509Certificate ca = Pem.readCertificate(Files.readString(caFile, StandardCharsets.US_ASCII));
            if (chain.isEmpty() || !Keys.matches(chain.get(0).getPublicKey(), key)) {
                return null;
            }
            return new ServingCertificates(new IssuedCertificate(chain, key), ca, dataDir);
        } catch (IOException | PkiException e) {
            return null;
        }
    }

    private static ServingCertificates create(Path dataDir, List<String> hosts) throws IOException {
        long now = Instant.now().getEpochSecond();
        String primary = hosts.get(0);
        CertificateAuthority ca = CertificateAuthority.generate(primary + "-ca@" + now, CA_VALIDITY);
        List<String> dnsNames = new ArrayList<>();
        List<String> ipAddresses = new ArrayList<>();
        for (String host : hosts) {
            (IPAddress.isValid(host) ? ipAddresses : dnsNames).add(host);
        }
        IssuedCertificate leaf = ca.issueServing(primary + "@" + now, dnsNames, ipAddresses, SERVING_VALIDITY);
        // Upstream writes the CA after the leaf in the serving file; clients that only know the CA still verify.
        IssuedCertificate serving =
                new IssuedCertificate(List.of(leaf.certificate(), ca.certificate()), leaf.privateKey());
        SecureFiles.writeAtomically(dataDir.resolve(CA_FILE), Pem.bytes(ca.certificatePem()), false);
        SecureFiles.writeAtomically(dataDir.resolve(KEY_FILE), serving.privateKeyPemBytes(), true);
        SecureFiles.writeAtomically(dataDir.resolve(CERT_FILE), serving.certificateChainPemBytes(), false);
        return new ServingCertificates(serving, ca.certificate(), dataDir);
    }

    /** Whether the leaf and CA are valid at {@code at} (with renewal margin) and cover every host. */
    boolean isUsable(List<String> hosts, Instant at) {
        for (X509Certificate certificate : List.of(serving.certificate(), ca)) {
            if (at.isBefore(certificate.getNotBefore().toInstant())
                    || at.plus(RENEW_BEFORE).isAfter(certificate.getNotAfter().toInstant())) {
                return false;
            }
        }
        Set<String> covered = alternativeNames(serving.certificate());
        for (String host : hosts) {
            if (!covered.contains(normalize(host))) {
                return false;
            }
        }
        return true;
    }

    private static Set<String> alternativeNames(X509Certificate certificate) {
        Set<String> names = new HashSet<>();
        try {
            Collection<List<?>> entries = certificate.getSubjectAlternativeNames();
            if (entries != null) {
                for (List<?> entry : entries) {
                    names.add(normalize(String.valueOf(entry.get(1))));
                }
            }
        } catch (CertificateParsingException e) {
            return Set.of();
        }
        return names;
    }

    /** DNS names compare case-insensitively; IPs compare by address, not by spelling. */
    private static String normalize(String host) {
        if (IPAddress.isValid(host)) {
            try {
                return java.net.InetAddress.getByName(host).getHostAddress();
            } catch (java.net.UnknownHostException e) {
                return host;
            }
        }
        return host.toLowerCase(Locale.ROOT);
    }

    public String certificateChainPem() {
        return serving.certificateChainPem();
    }

    public String privateKeyPem() {
        return serving.privateKeyPem();
    }

    public String caPem() {
        return Pem.writeCertificate(ca);
    }

    public Path certFile() {
        return directory.resolve(CERT_FILE);
    }

    public Path keyFile() {
        return directory.resolve(KEY_FILE);
    }

    public Path caFile() {
        return directory.resolve(CA_FILE);
    }
}
