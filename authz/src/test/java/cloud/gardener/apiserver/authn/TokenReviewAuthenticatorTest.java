package cloud.gardener.apiserver.authn;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.delegation.FakeKubeApi;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TokenReviewAuthenticatorTest {

    private static FakeKubeApi api;
    private static Vertx vertx;
    private static final AtomicBoolean DOWN = new AtomicBoolean();

    @BeforeAll
    static void start() throws Exception {
        api = new FakeKubeApi();
        vertx = Vertx.vertx();
        api.on(TokenReviewAuthenticator.PATH, review -> {
            if (DOWN.get()) {
                return new FakeKubeApi.Answer(503, Map.of("message", "unavailable"));
            }
            String token = review.path("spec").path("token").asText();
            Map<String, Object> status = token.startsWith("good")
                    ? Map.of(
                            "authenticated",
                            true,
                            "user",
                            Map.of(
                                    "username",
                                    "alice",
                                    "uid",
                                    "u-1",
                                    "groups",
                                    List.of("dev"),
                                    "extra",
                                    Map.of("scopes", List.of("a", "b"))))
                    : token.equals("error")
                            ? Map.of("authenticated", false, "error", "token expired")
                            : Map.of("authenticated", false);
            return new FakeKubeApi.Answer(
                    201, Map.of("apiVersion", "authentication.k8s.io/v1", "kind", "TokenReview", "status", status));
        });
    }

    @AfterAll
    static void stop() throws Exception {
        api.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static AuthenticationResult await(Future<AuthenticationResult> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static int reviews() {
        return api.calls(TokenReviewAuthenticator.PATH);
    }

    @Test
    void sendsATokenReviewAndMapsTheUser() throws Exception {
        TokenReviewAuthenticator reviewer = new TokenReviewAuthenticator(api.client(vertx), Duration.ofSeconds(10));

        AuthenticationResult result = await(reviewer.authenticateToken("good-1"));

        assertThat(result.user())
                .isEqualTo(new UserInfo("alice", "u-1", List.of("dev"), Map.of("scopes", List.of("a", "b"))));
        var sent = api.received(TokenReviewAuthenticator.PATH).get(reviews() - 1);
        assertThat(sent.path("apiVersion").asText()).isEqualTo("authentication.k8s.io/v1");
        assertThat(sent.path("kind").asText()).isEqualTo("TokenReview");
        assertThat(sent.path("spec").path("token").asText()).isEqualTo("good-1");
    }

    @Test
    void cachesBothAnswersForTheTtl() throws Exception {
        TokenReviewAuthenticator reviewer = new TokenReviewAuthenticator(api.client(vertx), Duration.ofSeconds(10));
        int before = reviews();

        assertThat(await(reviewer.authenticateToken("good-2")).isAuthenticated())
                .isTrue();
        assertThat(await(reviewer.authenticateToken("good-2")).isAuthenticated())
                .isTrue();
        assertThat(await(reviewer.authenticateToken("unknown")).isNotApplicable())
                .isTrue();
        assertThat(await(reviewer.authenticateToken("unknown")).isNotApplicable())
                .isTrue();

        assertThat(reviews() - before).isEqualTo(2);
    }

    @Test
    void zeroTtlAsksEveryTime() throws Exception {
        TokenReviewAuthenticator reviewer = new TokenReviewAuthenticator(api.client(vertx), Duration.ZERO);
        int before = reviews();

        await(reviewer.authenticateToken("good-3"));
        await(reviewer.authenticateToken("good-3"));

        assertThat(reviews() - before).isEqualTo(2);
    }

    @Test
    void statusErrorAndOutageFailAndAreNotCached() throws Exception {
        TokenReviewAuthenticator reviewer = new TokenReviewAuthenticator(api.client(vertx), Duration.ofSeconds(10));

        AuthenticationResult error = await(reviewer.authenticateToken("error"));
        assertThat(error.isFailed()).isTrue();
        assertThat(error.reason()).isEqualTo("token expired");

        DOWN.set(true);
        try {
            int before = reviews();
            AuthenticationResult down = await(reviewer.authenticateToken("good-4"));
            assertThat(down.isFailed()).isTrue();
            assertThat(reviews() - before).isEqualTo(3);
        } finally {
            DOWN.set(false);
        }
        assertThat(await(reviewer.authenticateToken("good-4")).isAuthenticated())
                .isTrue();
    }
}
