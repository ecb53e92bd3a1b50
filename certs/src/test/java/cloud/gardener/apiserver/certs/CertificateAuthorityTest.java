package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CertificateAuthorityTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("test-ca", Duration.ofDays(30));

    @ParameterizedTest
    @EnumSource(KeyType.class)
    void generatesSelfSignedCaOfEitherKeyType(KeyType type) throws Exception {
        CertificateAuthority ca = CertificateAuthority.generate("root", Duration.ofDays(10), type);
        X509Certificate cert = ca.certificate();

        assertThat(cert.getPublicKey().getAlgorithm()).isEqualTo(type.algorithm());
        assertThat(ca.isSelfSigned()).isTrue();
        assertThat(cert.getBasicConstraints()).isGreaterThanOrEqualTo(0);
        assertThat(cert.getKeyUsage()[5]).as("keyCertSign").isTrue();
        assertThat(SubjectNames.commonName(cert)).isEqualTo("root");
        cert.verify(cert.getPublicKey());
        cert.checkValidity();
        assertThat(cert.getNotAfter().toInstant())
                .isBetween(
                        Instant.now().plus(Duration.ofDays(10)).minusSeconds(60),
                        Instant.now().plus(Duration.ofDays(10)));
    }

    @Test
    void issuesServingCertificateWithSansAndServerAuth() throws Exception {
        IssuedCertificate issued = CA.issueServing(
                "api", List.of("api.garden.svc", "localhost"), List.of("127.0.0.1", "::1"), Duration.ofDays(1));
        X509Certificate cert = issued.certificate();

        cert.verify(CA.certificate().getPublicKey());
        assertThat(issued.chain()).containsExactly(cert);
        assertThat(cert.getIssuerX500Principal()).isEqualTo(CA.certificate().getSubjectX500Principal());
        assertThat(cert.getExtendedKeyUsage()).containsExactly(KeyPurpose.SERVER_AUTH.oid());
        assertThat(cert.getBasicConstraints()).isEqualTo(-1);
        assertThat(cert.getSubjectAlternativeNames())
                .extracting(entry -> entry.get(0) + "=" + entry.get(1))
                .containsExactlyInAnyOrder("2=api.garden.svc", "2=localhost", "7=127.0.0.1", "7=0:0:0:0:0:0:0:1");
        assertThat(SubjectNames.commonName(cert)).isEqualTo("api");
        assertThat(Keys.matches(cert.getPublicKey(), issued.privateKey())).isTrue();
        // Backdated by an hour, valid for the requested duration.
        assertThat(cert.getNotBefore().toInstant()).isBefore(Instant.now().minus(Duration.ofMinutes(59)));
        assertThat(cert.getNotAfter().toInstant())
                .isBetween(
                        Instant.now().plus(Duration.ofDays(1)).minusSeconds(60),
                        Instant.now().plus(Duration.ofDays(1)));
    }

    @Test
    void issuesClientCertificateWithCnOrganizationsAndClientAuth() throws Exception {
        IssuedCertificate issued = CA.issueClient("alice", List.of("system:masters", "dev"), Duration.ofHours(2));
        X509Certificate cert = issued.certificate();

        cert.verify(CA.certificate().getPublicKey());
        assertThat(cert.getExtendedKeyUsage()).containsExactly(KeyPurpose.CLIENT_AUTH.oid());
        assertThat(SubjectNames.commonName(cert)).isEqualTo("alice");
        assertThat(SubjectNames.organizations(cert)).containsExactly("system:masters", "dev");
        assertThat(cert.getSubjectAlternativeNames()).isNull();
        assertThat(cert.getSerialNumber().signum()).isPositive();
    }

    @Test
    void rsaLeafGetsKeyEnciphermentEcLeafDoesNot() {
        CertificateTemplate template = CertificateTemplate.client("x", List.of(), Duration.ofHours(1));
        X509Certificate rsa = CA.issue(template.withKeyType(KeyType.RSA_2048)).certificate();
        X509Certificate ec = CA.issue(template).certificate();

        assertThat(rsa.getKeyUsage()[0]).isTrue();
        assertThat(rsa.getKeyUsage()[2]).isTrue();
        assertThat(ec.getKeyUsage()[0]).isTrue();
        assertThat(ec.getKeyUsage()[2]).isFalse();
    }

    @Test
    void templateCanOmitExtendedKeyUsageAndSetExplicitValidity() throws Exception {
        Instant from = Instant.parse("2020-01-01T00:00:00Z");
        Instant until = Instant.parse("2020-01-02T00:00:00Z");
        X509Certificate cert = CA.issue(CertificateTemplate.client("old", List.of(), Duration.ofHours(1))
                        .withPurposes(Set.of())
                        .withValidity(from, until))
                .certificate();

        assertThat(cert.getNotBefore().toInstant()).isEqualTo(from);
        assertThat(cert.getNotAfter().toInstant()).isEqualTo(until);
        assertThat(cert.getExtendedKeyUsage()).isNull();
    }

    @Test
    void intermediateCaIssuesCertificatesChainingToTheRoot() throws Exception {
        CertificateAuthority intermediate = CA.issueIntermediate("intermediate", Duration.ofDays(5));
        IssuedCertificate leaf = intermediate.issueClient("bob", List.of(), Duration.ofHours(1));

        assertThat(intermediate.isSelfSigned()).isFalse();
        assertThat(intermediate.certificate().getBasicConstraints()).isGreaterThanOrEqualTo(0);
        intermediate.certificate().verify(CA.certificate().getPublicKey());
        assertThat(leaf.chain()).containsExactly(leaf.certificate(), intermediate.certificate());
        leaf.certificate().verify(intermediate.certificate().getPublicKey());
    }

    @Test
    void loadsFromPemAndIssuesWithTheLoadedKey() throws Exception {
        CertificateAuthority loaded = CertificateAuthority.load(CA.certificatePem(), CA.privateKeyPem());

        assertThat(loaded.certificate()).isEqualTo(CA.certificate());
        loaded.issueClient("carol", List.of(), Duration.ofHours(1))
                .certificate()
                .verify(CA.certificate().getPublicKey());
    }

    @Test
    void loadPicksTheCertificateMatchingTheKeyFromABundle() throws Exception {
        // first an RSA CA openssl made (its key need not be generated here: only its certificate is in the bundle)
        String bundle = PemTest.resource("rsa-ca.crt") + CA.certificatePem();

        assertThat(CertificateAuthority.load(bundle, CA.privateKeyPem()).certificate())
                .isEqualTo(CA.certificate());
    }

    @Test
    void loadRejectsMismatchedKeyAndNonCaCertificate() {
        CertificateAuthority other = CertificateAuthority.generate("other", Duration.ofDays(1));
        IssuedCertificate leaf = CA.issueClient("leaf", List.of(), Duration.ofHours(1));

        assertThatThrownBy(() -> CertificateAuthority.load(CA.certificatePem(), other.privateKeyPem()))
                .isInstanceOf(PkiException.class)
                .hasMessageContaining("matches");
        assertThatThrownBy(() -> CertificateAuthority.load(leaf.certificatePem(), leaf.privateKeyPem()))
                .isInstanceOf(PkiException.class)
                .hasMessageContaining("not a CA");
    }

    @Test
    void rejectsInvalidIpAddressAndEmptyValidity() {
        assertThatThrownBy(() -> CA.issueServing("x", List.of(), List.of("not-an-ip"), Duration.ofDays(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CA.issueClient("x", List.of(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
