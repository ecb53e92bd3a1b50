package cloud.gardener.apiserver.authn;

import static cloud.gardener.apiserver.authn.Results.now;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.CertificateIdentifiers;
import cloud.gardener.apiserver.certs.CertificateTemplate;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.KeyPurpose;
import cloud.gardener.apiserver.certs.verify.ClientCertificateVerifier;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class X509AuthenticatorTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("client-ca", Duration.ofDays(30));
    private static final CertificateAuthority OTHER_CA = CertificateAuthority.generate("other-ca", Duration.ofDays(30));
    private static final X509Authenticator AUTHENTICATOR = X509Authenticator.forClientCa(List.of(CA.certificate()));

    private static AuthenticationRequest request(List<X509Certificate> chain) {
        return new AuthenticationRequest(chain, RequestHeaders.empty(), "/apis");
    }

    @Test
    void mapsCommonNameToUserAndOrganizationsToGroups() {
        IssuedCertificate alice = CA.issueClient("alice", List.of("dev", "system:masters"), Duration.ofHours(1));

        AuthenticationResult result = now(AUTHENTICATOR.authenticate(request(alice.chain())));

        assertThat(result.isAuthenticated()).isTrue();
        assertThat(result.user().name()).isEqualTo("alice");
        assertThat(result.user().groups()).containsExactly("dev", "system:masters");
        assertThat(result.user().uid()).isEmpty();
        assertThat(result.user().extra())
                .containsExactly(java.util.Map.entry(
                        UserInfo.CREDENTIAL_ID_KEY, List.of(CertificateIdentifiers.credentialId(alice.certificate()))));
    }

    /** Each leaf is its own user, presented again as the same objects (a connection's) or not. */
    @Test
    void aRememberedUserIsTheLeafsOwn() {
        X509Authenticator authenticator = X509Authenticator.forClientCa(List.of(CA.certificate()));
        IssuedCertificate alice = CA.issueClient("alice", List.of("dev"), Duration.ofHours(1));
        IssuedCertificate aliceInOps = CA.issueClient("alice", List.of("ops"), Duration.ofHours(1));
        IssuedCertificate bob = CA.issueClient("bob", List.of(), Duration.ofHours(1));
        for (int round = 0; round < 2; round++) {
            assertThat(now(authenticator.authenticate(request(alice.chain()))).user())
                    .extracting(UserInfo::name, UserInfo::groups)
                    .containsExactly("alice", List.of("dev"));
            assertThat(now(authenticator.authenticate(request(aliceInOps.chain())))
                            .user())
                    .extracting(UserInfo::name, UserInfo::groups)
                    .containsExactly("alice", List.of("ops"));
            assertThat(now(authenticator.authenticate(request(bob.chain()))).user())
                    .extracting(UserInfo::name, UserInfo::groups)
                    .containsExactly("bob", List.of());
        }
    }

    @Test
    void noCertificateIsNotApplicable() {
        assertThat(now(AUTHENTICATOR.authenticate(request(List.of()))).isNotApplicable())
                .isTrue();
    }

    @Test
    void noConfiguredCaIsNotApplicable() {
        IssuedCertificate alice = CA.issueClient("alice", List.of(), Duration.ofHours(1));
        X509Authenticator unconfigured = X509Authenticator.forClientCa(List.of());

        assertThat(now(unconfigured.authenticate(request(alice.chain()))).isNotApplicable())
                .isTrue();
    }

    @Test
    void certificateFromAnotherCaFails() {
        IssuedCertificate mallory = OTHER_CA.issueClient("mallory", List.of("system:masters"), Duration.ofHours(1));

        AuthenticationResult result = now(AUTHENTICATOR.authenticate(request(mallory.chain())));

        assertThat(result.isFailed()).isTrue();
        assertThat(result.reason())
                .isEqualTo("verifying certificate " + CertificateIdentifiers.describe(mallory.certificate())
                        + " failed: x509: certificate signed by unknown authority");
    }

    @Test
    void expiredCertificateFails() {
        IssuedCertificate alice = CA.issueClient("alice", List.of(), Duration.ofHours(1));
        Clock later = Clock.fixed(Instant.now().plus(Duration.ofHours(3)), ZoneOffset.UTC);
        X509Authenticator authenticator =
                new X509Authenticator(() -> new ClientCertificateVerifier(List.of(CA.certificate())), later);

        AuthenticationResult result = now(authenticator.authenticate(request(alice.chain())));

        assertThat(result.isFailed()).isTrue();
        assertThat(result.reason()).contains("x509: certificate has expired or is not yet valid");
    }

    @Test
    void reallyExpiredCertificateFailsWithTheSystemClock() {
        IssuedCertificate old = CA.issue(CertificateTemplate.client("old", List.of(), Duration.ofHours(1))
                .withValidity(
                        Instant.now().minus(Duration.ofDays(2)), Instant.now().minus(Duration.ofDays(1))));

        assertThat(now(AUTHENTICATOR.authenticate(request(old.chain()))).isFailed())
                .isTrue();
    }

    @Test
    void certificateWithoutClientAuthUsageFails() {
        IssuedCertificate serving = CA.issue(CertificateTemplate.client("alice", List.of(), Duration.ofHours(1))
                .withPurposes(Set.of(KeyPurpose.SERVER_AUTH)));

        AuthenticationResult result = now(AUTHENTICATOR.authenticate(request(serving.chain())));

        assertThat(result.isFailed()).isTrue();
        assertThat(result.reason()).endsWith("x509: certificate specifies an incompatible key usage");
    }

    @Test
    void emptyCommonNameIsNotApplicable() {
        IssuedCertificate nameless = CA.issueClient("", List.of("dev"), Duration.ofHours(1));

        assertThat(now(AUTHENTICATOR.authenticate(request(nameless.chain()))).isNotApplicable())
                .isTrue();
    }

    @Test
    void intermediateFromThePresentedChainIsUsed() {
        CertificateAuthority intermediate = CA.issueIntermediate("intermediate", Duration.ofDays(1));
        IssuedCertificate bob = intermediate.issueClient("bob", List.of("ops"), Duration.ofHours(1));

        assertThat(now(AUTHENTICATOR.authenticate(request(bob.chain()))).user().name())
                .isEqualTo("bob");
        assertThat(now(AUTHENTICATOR.authenticate(request(List.of(bob.certificate()))))
                        .isFailed())
                .isTrue();
    }

    @Test
    void caBundleIsReadOnEveryRequestSoItCanRotate() {
        AtomicReference<ClientCertificateVerifier> current =
                new AtomicReference<>(new ClientCertificateVerifier(List.of(CA.certificate())));
        X509Authenticator authenticator = new X509Authenticator(current::get, Clock.systemUTC());
        IssuedCertificate fromOld = CA.issueClient("old-user", List.of(), Duration.ofHours(1));
        IssuedCertificate fromNew = OTHER_CA.issueClient("new-user", List.of(), Duration.ofHours(1));

        current.set(new ClientCertificateVerifier(List.of(OTHER_CA.certificate())));

        assertThat(now(authenticator.authenticate(request(fromOld.chain()))).isFailed())
                .isTrue();
        assertThat(now(authenticator.authenticate(request(fromNew.chain())))
                        .user()
                        .name())
                .isEqualTo("new-user");
    }
}
