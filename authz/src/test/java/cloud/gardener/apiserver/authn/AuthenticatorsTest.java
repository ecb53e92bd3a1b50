package cloud.gardener.apiserver.authn;

import static cloud.gardener.apiserver.authn.Results.now;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The assembled chain: union, then system:authenticated, then anonymous for credential-less requests. */
class AuthenticatorsTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("client-ca", Duration.ofDays(30));
    private static final CertificateAuthority OTHER_CA = CertificateAuthority.generate("other-ca", Duration.ofDays(30));
    private static final List<Authenticator> CREDENTIALS =
            List.of(X509Authenticator.forClientCa(List.of(CA.certificate())));

    private static AuthenticationRequest request(List<X509Certificate> chain) {
        return new AuthenticationRequest(chain, RequestHeaders.empty(), "/apis");
    }

    @Test
    void certificateUserGetsSystemAuthenticated() {
        IssuedCertificate alice = CA.issueClient("alice", List.of("dev"), Duration.ofHours(1));

        AuthenticationResult result =
                now(Authenticators.delegating(CREDENTIALS, true).authenticate(request(alice.chain())));

        assertThat(result.user().name()).isEqualTo("alice");
        assertThat(result.user().groups()).containsExactly("dev", "system:authenticated");
    }

    @Test
    void noCredentialsBecomeAnonymousOnlyWhenEnabled() {
        AuthenticationResult enabled =
                now(Authenticators.delegating(CREDENTIALS, true).authenticate(request(List.of())));
        AuthenticationResult disabled =
                now(Authenticators.delegating(CREDENTIALS, false).authenticate(request(List.of())));

        assertThat(enabled.user()).isEqualTo(UserInfo.anonymous());
        assertThat(enabled.user().groups()).containsExactly("system:unauthenticated");
        assertThat(disabled.isNotApplicable()).isTrue();
    }

    @Test
    void badCredentialsFailEvenWhenAnonymousIsEnabled() {
        IssuedCertificate mallory = OTHER_CA.issueClient("mallory", List.of(), Duration.ofHours(1));

        AuthenticationResult result =
                now(Authenticators.delegating(CREDENTIALS, true).authenticate(request(mallory.chain())));

        assertThat(result.isFailed()).isTrue();
        assertThat(result.reason()).contains("signed by unknown authority");
    }

    @Test
    void groupAdderLeavesAnonymousAndAlreadyGroupedUsersAlone() {
        UserInfo anonymousByName = new UserInfo("system:anonymous", "", List.of("x"), Map.of());
        UserInfo alreadyIn = UserInfo.of("u", List.of("system:authenticated", "dev"));
        UserInfo unauthenticated = UserInfo.of("v", List.of("system:unauthenticated"));

        for (UserInfo user : List.of(anonymousByName, alreadyIn, unauthenticated)) {
            Authenticator adder = new AuthenticatedGroupAdder(
                    request -> Future.succeededFuture(AuthenticationResult.authenticated(user)));
            assertThat(now(adder.authenticate(request(List.of()))).user()).isEqualTo(user);
        }
    }

    @Test
    void groupAdderAnswersARepeatedUserWithOneCopyAndEveryOtherUserWithItsOwn() {
        UserInfo alice = UserInfo.of("alice", List.of("dev"));
        UserInfo bob = UserInfo.of("bob", List.of("ops"));
        UserInfo aliceAgain = UserInfo.of("alice", List.of("dev"));
        List<UserInfo> given = List.of(alice, alice, bob, alice, aliceAgain);
        java.util.Iterator<UserInfo> next = given.iterator();
        Authenticator adder = new AuthenticatedGroupAdder(
                request -> Future.succeededFuture(AuthenticationResult.authenticated(next.next())));

        List<UserInfo> answered = new java.util.ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            answered.add(now(adder.authenticate(request(List.of()))).user());
        }

        assertThat(answered).extracting(UserInfo::name).containsExactly("alice", "alice", "bob", "alice", "alice");
        assertThat(answered).allSatisfy(user -> assertThat(user.groups()).endsWith("system:authenticated"));
        assertThat(answered.get(1)).isSameAs(answered.get(0));
        assertThat(answered.get(2).groups()).containsExactly("ops", "system:authenticated");
        // a user given again after another one is copied again; an equal record is the same user
        assertThat(answered.get(3)).isNotSameAs(answered.get(0)).isEqualTo(answered.get(0));
        assertThat(answered.get(4)).isSameAs(answered.get(3));
    }

    @Test
    void groupAdderPassesFailuresAndNotApplicableThrough() {
        Authenticator failing =
                new AuthenticatedGroupAdder(request -> Future.succeededFuture(AuthenticationResult.failed("nope")));
        Authenticator absent =
                new AuthenticatedGroupAdder(request -> Future.succeededFuture(AuthenticationResult.notApplicable()));

        assertThat(now(failing.authenticate(request(List.of()))).reason()).isEqualTo("nope");
        assertThat(now(absent.authenticate(request(List.of()))).isNotApplicable())
                .isTrue();
    }

    @Test
    void fallbackIsNotAskedWhenThePrimaryAnswered() {
        Authenticator explode = request -> {
            throw new AssertionError("fallback must not be asked");
        };
        UserInfo alice = UserInfo.of("alice", List.of());
        Authenticator authenticated = new FallbackAuthenticator(
                request -> Future.succeededFuture(AuthenticationResult.authenticated(alice)), explode);
        Authenticator failed = new FallbackAuthenticator(
                request -> Future.succeededFuture(AuthenticationResult.failed("bad")), explode);

        assertThat(now(authenticated.authenticate(request(List.of()))).user()).isEqualTo(alice);
        assertThat(now(failed.authenticate(request(List.of()))).isFailed()).isTrue();
    }

    /**
     * The chain with a member that answers later (a TokenReview): its user gets system:authenticated, its failure
     * stays a failure, and a request it has no opinion on becomes anonymous, as when every member answers at once.
     */
    @Test
    void aMemberAnsweringLaterGetsTheSameTreatment() {
        UserInfo bob = UserInfo.of("bob", List.of("ops"));
        List<AuthenticationResult> answers = List.of(
                AuthenticationResult.authenticated(bob),
                AuthenticationResult.failed("token review: denied"),
                AuthenticationResult.notApplicable());
        List<AuthenticationResult> results = new java.util.ArrayList<>();
        for (AuthenticationResult answer : answers) {
            Promise<AuthenticationResult> review = Promise.promise();
            Future<AuthenticationResult> result = Authenticators.delegating(
                            List.of(CREDENTIALS.get(0), request -> review.future()), true)
                    .authenticate(request(List.of()));
            assertThat(result.isComplete()).isFalse();
            review.complete(answer);
            results.add(now(result));
        }

        assertThat(results.get(0).user().name()).isEqualTo("bob");
        assertThat(results.get(0).user().groups()).containsExactly("ops", "system:authenticated");
        assertThat(results.get(1).reason()).isEqualTo("token review: denied");
        assertThat(results.get(2).user()).isEqualTo(UserInfo.anonymous());
    }
}
