package cloud.gardener.apiserver.certs;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a certificate to issue should say. {@link CertificateAuthority#issueServing} and
 * {@link CertificateAuthority#issueClient} cover the usual cases; this is for the rest
 * (and for tests that need odd validity windows or usages).
 *
 * @param commonName        subject CN (a user name for client certificates)
 * @param organizations     subject O entries (groups for client certificates)
 * @param dnsNames          DNS subject alternative names
 * @param ipAddresses       IP subject alternative names, textual IPv4 or IPv6
 * @param purposes          extended key usages; empty means no EKU extension at all
 * @param notBefore         start of validity
 * @param notAfter          end of validity
 * @param keyType           type of the new key pair
 * @param certificateAuthority whether the certificate may sign others (basic constraints CA)
 */
public record CertificateTemplate(
        String commonName,
        List<String> organizations,
        List<String> dnsNames,
        List<String> ipAddresses,
        Set<KeyPurpose> purposes,
        Instant notBefore,
        Instant notAfter,
        KeyType keyType,
        boolean certificateAuthority) {

    /**
     * Upstream (client-go {@code cert} helpers) backdates certificates by an hour so that
     * peers with a slightly slow clock accept them at once.
     */
    public static final Duration BACKDATE = Duration.ofHours(1);

    public CertificateTemplate {
        Objects.requireNonNull(commonName, "commonName");
        organizations = List.copyOf(organizations == null ? List.of() : organizations);
        dnsNames = List.copyOf(dnsNames == null ? List.of() : dnsNames);
        ipAddresses = List.copyOf(ipAddresses == null ? List.of() : ipAddresses);
        purposes = Set.copyOf(purposes == null ? Set.of() : purposes);
        Objects.requireNonNull(notBefore, "notBefore");
        Objects.requireNonNull(notAfter, "notAfter");
        Objects.requireNonNull(keyType, "keyType");
        if (!notAfter.isAfter(notBefore)) {
            throw new IllegalArgumentException("notAfter " + notAfter + " is not after notBefore " + notBefore);
        }
    }

    /** A serving certificate valid from now (backdated) for {@code validity}. */
    public static CertificateTemplate serving(
            String commonName, List<String> dnsNames, List<String> ipAddresses, Duration validity) {
        Instant now = Instant.now();
        requirePositive(validity);
        return new CertificateTemplate(
                commonName,
                List.of(),
                dnsNames,
                ipAddresses,
                Set.of(KeyPurpose.SERVER_AUTH),
                now.minus(BACKDATE),
                now.plus(validity),
                KeyType.EC_P256,
                false);
    }

    /** A client certificate valid from now (backdated) for {@code validity}. */
    public static CertificateTemplate client(String commonName, List<String> organizations, Duration validity) {
        Instant now = Instant.now();
        requirePositive(validity);
        return new CertificateTemplate(
                commonName,
                organizations,
                List.of(),
                List.of(),
                Set.of(KeyPurpose.CLIENT_AUTH),
                now.minus(BACKDATE),
                now.plus(validity),
                KeyType.EC_P256,
                false);
    }

    /** A CA certificate valid from now (backdated) for {@code validity}, with a key of the given type. */
    public static CertificateTemplate authority(String commonName, Duration validity, KeyType keyType) {
        requirePositive(validity);
        Instant now = Instant.now();
        return new CertificateTemplate(
                commonName,
                List.of(),
                List.of(),
                List.of(),
                Set.of(),
                now.minus(BACKDATE),
                now.plus(validity),
                keyType,
                true);
    }

    /** Rejects zero and negative validities (the backdating would otherwise hide them). */
    static void requirePositive(Duration validity) {
        if (validity.isZero() || validity.isNegative()) {
            throw new IllegalArgumentException("validity must be positive, got " + validity);
        }
    }

    public CertificateTemplate withValidity(Instant from, Instant until) {
        return new CertificateTemplate(
                commonName, organizations, dnsNames, ipAddresses, purposes, from, until, keyType, certificateAuthority);
    }

    public CertificateTemplate withPurposes(Set<KeyPurpose> newPurposes) {
        return new CertificateTemplate(
                commonName,
                organizations,
                dnsNames,
                ipAddresses,
                newPurposes,
                notBefore,
                notAfter,
                keyType,
                certificateAuthority);
    }

    public CertificateTemplate withKeyType(KeyType newKeyType) {
        return new CertificateTemplate(
                commonName,
                organizations,
                dnsNames,
                ipAddresses,
                purposes,
                notBefore,
                notAfter,
                newKeyType,
                certificateAuthority);
    }

    public CertificateTemplate asCertificateAuthority() {
        return new CertificateTemplate(
                commonName, organizations, dnsNames, ipAddresses, purposes, notBefore, notAfter, keyType, true);
    }
}
