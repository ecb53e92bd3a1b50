package cloud.gardener.apiserver.authn;

import static cloud.gardener.apiserver.authn.Results.now;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UnionAuthenticatorTest {

    private static final AuthenticationRequest REQUEST =
            new AuthenticationRequest(List.of(), RequestHeaders.empty(), "/");
    private static final UserInfo ALICE = UserInfo.of("alice", List.of("dev"));
    private static final UserInfo BOB = UserInfo.of("bob", List.of());

    private static Authenticator answering(AuthenticationResult result) {
        return request -> Future.succeededFuture(result);
    }

    @Test
    void firstSuccessWinsAndLaterAuthenticatorsAreNotAsked() {
        AtomicInteger asked = new AtomicInteger();
        Authenticator counting = request -> {
            asked.incrementAndGet();
            return Future.succeededFuture(AuthenticationResult.authenticated(BOB));
        };
        UnionAuthenticator union = new UnionAuthenticator(List.of(
                answering(AuthenticationResult.notApplicable()),
                answering(AuthenticationResult.authenticated(ALICE)),
                counting));

        assertThat(now(union.authenticate(REQUEST)).user()).isEqualTo(ALICE);
        assertThat(asked).hasValue(0);
    }

    @Test
    void successAfterAFailureWinsAndTheFailureIsForgotten() {
        UnionAuthenticator union = new UnionAuthenticator(List.of(
                answering(AuthenticationResult.failed("bad front-proxy cert")),
                answering(AuthenticationResult.authenticated(ALICE))));

        AuthenticationResult result = now(union.authenticate(REQUEST));

        assertThat(result.isAuthenticated()).isTrue();
        assertThat(result.user()).isEqualTo(ALICE);
    }

    @Test
    void allNotApplicableIsNotApplicable() {
        UnionAuthenticator union = new UnionAuthenticator(List.of(
                answering(AuthenticationResult.notApplicable()), answering(AuthenticationResult.notApplicable())));

        assertThat(now(union.authenticate(REQUEST)).isNotApplicable()).isTrue();
        assertThat(now(new UnionAuthenticator(List.of()).authenticate(REQUEST)).isNotApplicable())
                .isTrue();
    }

    @Test
    void anyFailureWithoutSuccessFailsWithAllReasons() {
        UnionAuthenticator one = new UnionAuthenticator(List.of(
                answering(AuthenticationResult.notApplicable()), answering(AuthenticationResult.failed("bad cert"))));
        UnionAuthenticator two = new UnionAuthenticator(List.of(
                answering(AuthenticationResult.failed("bad cert")),
                answering(AuthenticationResult.notApplicable()),
                answering(AuthenticationResult.failed("invalid bearer token"))));

        assertThat(now(one.authenticate(REQUEST)).reason()).isEqualTo("bad cert");
        AuthenticationResult result = now(two.authenticate(REQUEST));
        assertThat(result.isFailed()).isTrue();
        assertThat(result.reason()).isEqualTo("[bad cert, invalid bearer token]");
    }

    /**
     * Members that answer later (a TokenReview) are waited for, and failures gathered before and after the wait all
     * count: the union answers the same as when every member answers at once.
     */
    @Test
    void membersAnsweringLaterAreWaitedForWithTheFailuresAroundThem() {
        Promise<AuthenticationResult> review = Promise.promise();
        Future<AuthenticationResult> failed = new UnionAuthenticator(List.of(
                        answering(AuthenticationResult.failed("bad cert")),
                        request -> review.future(),
                        answering(AuthenticationResult.notApplicable()),
                        answering(AuthenticationResult.failed("invalid bearer token"))))
                .authenticate(REQUEST);
        assertThat(failed.isComplete()).isFalse();
        review.complete(AuthenticationResult.failed("token review: denied"));
        assertThat(now(failed).reason()).isEqualTo("[bad cert, token review: denied, invalid bearer token]");

        Promise<AuthenticationResult> slow = Promise.promise();
        AtomicInteger asked = new AtomicInteger();
        Future<AuthenticationResult> authenticated = new UnionAuthenticator(List.of(
                        answering(AuthenticationResult.failed("bad cert")), request -> slow.future(), request -> {
                            asked.incrementAndGet();
                            return Future.succeededFuture(AuthenticationResult.authenticated(BOB));
                        }))
                .authenticate(REQUEST);
        slow.complete(AuthenticationResult.authenticated(ALICE));
        assertThat(now(authenticated).user()).isEqualTo(ALICE);
        assertThat(asked).hasValue(0);

        Promise<AuthenticationResult> broken = Promise.promise();
        Future<AuthenticationResult> notApplicable = new UnionAuthenticator(
                        List.of(request -> broken.future(), answering(AuthenticationResult.authenticated(BOB))))
                .authenticate(REQUEST);
        broken.fail(new RuntimeException("webhook down"));
        assertThat(now(notApplicable).user()).isEqualTo(BOB);
    }

    @Test
    void failedFuturesAndThrowingAuthenticatorsCountAsFailures() {
        Authenticator throwing = request -> {
            throw new IllegalStateException("boom");
        };
        Authenticator failing = request -> Future.failedFuture(new RuntimeException("webhook down"));
        UnionAuthenticator union = new UnionAuthenticator(List.of(throwing, failing));
        UnionAuthenticator rescued =
                new UnionAuthenticator(List.of(throwing, answering(AuthenticationResult.authenticated(ALICE))));

        assertThat(now(union.authenticate(REQUEST)).reason()).isEqualTo("[boom, webhook down]");
        assertThat(now(rescued.authenticate(REQUEST)).user()).isEqualTo(ALICE);
    }
}
