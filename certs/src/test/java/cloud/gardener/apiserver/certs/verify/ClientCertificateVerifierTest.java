package cloud.gardener.apiserver.certs.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.CertificateTemplate;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.KeyPurpose;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClientCertificateVerifierTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("client-ca", Duration.ofDays(30));
    /** An RSA CA as openssl makes one (a fixed key: the tests are about its chains, not its generation). */
    private static final CertificateAuthority OTHER_CA =
            CertificateAuthority.load(pem("rsa-ca.crt"), pem("rsa-pkcs1.key"));

    private static final ClientCertificateVerifier VERIFIER = new ClientCertificateVerifier(List.of(CA.certificate()));

    @Test
    void acceptsAClientCertificateFromTheCa() throws Exception {
        IssuedCertificate alice = CA.issueClient("alice", List.of("dev"), Duration.ofHours(1));

        assertThat(VERIFIER.verify(alice.chain(), Instant.now()))
                .containsExactly(alice.certificate(), CA.certificate());
    }

    @Test
    void acceptsWhenAnyCaOfTheBundleSigned() throws Exception {
        ClientCertificateVerifier both =
                new ClientCertificateVerifier(List.of(OTHER_CA.certificate(), CA.certificate()));
        IssuedCertificate fromOther = OTHER_CA.issueClient("bob", List.of(), Duration.ofHours(1));

        assertThat(both.verify(fromOther.chain(), Instant.now())).endsWith(OTHER_CA.certificate());
    }

    @Test
    void rejectsACertificateFromAnotherCa() {
        IssuedCertificate stranger = OTHER_CA.issueClient("mallory", List.of("system:masters"), Duration.ofHours(1));

        assertThatThrownBy(() -> VERIFIER.verify(stranger.chain(), Instant.now()))
                .isInstanceOf(CertificateVerificationException.class)
                .hasMessage("x509: certificate signed by unknown authority");
    }

    @Test
    void rejectsExpiredAndNotYetValidCertificates() {
        IssuedCertificate shortLived = CA.issueClient("alice", List.of(), Duration.ofHours(1));

        assertThatThrownBy(
                        () -> VERIFIER.verify(shortLived.chain(), Instant.now().plus(Duration.ofHours(2))))
                .isInstanceOf(CertificateVerificationException.class)
                .hasMessageStartingWith("x509: certificate has expired or is not yet valid: current time")
                .hasMessageContaining("is after");
        assertThatThrownBy(
                        () -> VERIFIER.verify(shortLived.chain(), Instant.now().minus(Duration.ofHours(2))))
                .hasMessageContaining("is before");
    }

    @Test
    void aChainVerifiedBeforeIsStillRefusedOutsideItsValidity() throws Exception {
        ClientCertificateVerifier verifier = new ClientCertificateVerifier(List.of(CA.certificate()));
        IssuedCertificate alice = CA.issue(CertificateTemplate.client("alice", List.of(), Duration.ofDays(60)));
        Instant now = Instant.now();

        assertThat(verifier.verify(alice.chain(), now)).containsExactly(alice.certificate(), CA.certificate());
        assertThat(verifier.verify(List.copyOf(alice.chain()), now.plusSeconds(60)))
                .containsExactly(alice.certificate(), CA.certificate());
        assertThatThrownBy(() -> verifier.verify(alice.chain(), now.minus(Duration.ofHours(2))))
                .hasMessageContaining("is before");
        // the leaf is valid for 60 days, its CA for 30: the path is not
        assertThatThrownBy(() -> verifier.verify(alice.chain(), now.plus(Duration.ofDays(45))))
                .isInstanceOf(CertificateVerificationException.class);
        assertThat(verifier.verify(alice.chain(), now)).containsExactly(alice.certificate(), CA.certificate());
    }

    /**
     * A chain is remembered by its certificate objects (a connection's, presented on each request, in a new list each
     * time) and answers with its own path, only within its validity; nothing remembered answers for another chain.
     */
    @Test
    void aRememberedChainAnswersForItselfOnly() throws Exception {
        ClientCertificateVerifier verifier = new ClientCertificateVerifier(List.of(CA.certificate()));
        IssuedCertificate alice = CA.issueClient("alice", List.of(), Duration.ofHours(1));
        IssuedCertificate aliceAgain = CA.issueClient("alice", List.of(), Duration.ofHours(3));
        Instant now = Instant.now();
        for (int round = 0; round < 2; round++) {
            for (IssuedCertificate issued : List.of(alice, aliceAgain)) {
                List<X509Certificate> chain = new ArrayList<>(issued.chain());
                assertThat(verifier.verify(chain, now)).containsExactly(issued.certificate(), CA.certificate());
            }
            assertThatThrownBy(() -> verifier.verify(new ArrayList<>(alice.chain()), now.plus(Duration.ofHours(2))))
                    .hasMessageContaining("is after");
            assertThat(verifier.verify(aliceAgain.chain(), now.plus(Duration.ofHours(2))))
                    .containsExactly(aliceAgain.certificate(), CA.certificate());
        }
        IssuedCertificate mallory = OTHER_CA.issueClient("mallory", List.of("system:masters"), Duration.ofHours(1));
        List<X509Certificate> withAlicesCa = List.of(mallory.certificate(), CA.certificate());
        for (List<X509Certificate> chain : List.of(mallory.chain(), withAlicesCa)) {
            assertThatThrownBy(() -> verifier.verify(chain, now))
                    .isInstanceOf(CertificateVerificationException.class)
                    .hasMessage("x509: certificate signed by unknown authority");
        }
    }

    @Test
    void rejectsWhenTheCaItselfHasExpired() {
        IssuedCertificate alice = CA.issue(CertificateTemplate.client("alice", List.of(), Duration.ofDays(60)));

        assertThatThrownBy(() -> VERIFIER.verify(alice.chain(), Instant.now().plus(Duration.ofDays(45))))
                .isInstanceOf(CertificateVerificationException.class);
    }

    @Test
    void rejectsServerOnlyExtendedKeyUsage() {
        IssuedCertificate serving = CA.issueServing("alice", List.of("alice"), List.of(), Duration.ofHours(1));

        assertThatThrownBy(() -> VERIFIER.verify(serving.chain(), Instant.now()))
                .isInstanceOf(CertificateVerificationException.class)
                .hasMessage("x509: certificate specifies an incompatible key usage");
    }

    @Test
    void acceptsBothUsagesAndNoExtendedKeyUsageAsGoDoes() throws Exception {
        CertificateTemplate base = CertificateTemplate.client("alice", List.of(), Duration.ofHours(1));
        IssuedCertificate both = CA.issue(base.withPurposes(Set.of(KeyPurpose.SERVER_AUTH, KeyPurpose.CLIENT_AUTH)));
        IssuedCertificate none = CA.issue(base.withPurposes(Set.of()));

        assertThat(VERIFIER.verify(both.chain(), Instant.now())).hasSize(2);
        assertThat(VERIFIER.verify(none.chain(), Instant.now())).hasSize(2);
    }

    @Test
    void usesIntermediatesFromThePresentedChain() throws Exception {
        CertificateAuthority intermediate = CA.issueIntermediate("intermediate", Duration.ofDays(1));
        IssuedCertificate leaf = intermediate.issueClient("carol", List.of(), Duration.ofHours(1));

        assertThat(VERIFIER.verify(leaf.chain(), Instant.now()))
                .containsExactly(leaf.certificate(), intermediate.certificate(), CA.certificate());
        assertThatThrownBy(() -> VERIFIER.verify(List.of(leaf.certificate()), Instant.now()))
                .hasMessage("x509: certificate signed by unknown authority");
    }

    @Test
    void nothingVerifiesWithoutRootsOrWithoutCertificates() {
        IssuedCertificate alice = CA.issueClient("alice", List.of(), Duration.ofHours(1));
        ClientCertificateVerifier empty = new ClientCertificateVerifier(List.of());

        assertThat(empty.isEmpty()).isTrue();
        assertThatThrownBy(() -> empty.verify(alice.chain(), Instant.now()))
                .isInstanceOf(CertificateVerificationException.class);
        assertThatThrownBy(() -> VERIFIER.verify(List.of(), Instant.now()))
                .isInstanceOf(CertificateVerificationException.class);
    }

    private static String pem(String name) {
        try (InputStream in = ClientCertificateVerifierTest.class.getResourceAsStream("/pem/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
