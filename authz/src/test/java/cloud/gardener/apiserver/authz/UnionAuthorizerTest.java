package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnionAuthorizerTest {

    private static final Attributes GET_SHOOT = Attributes.forResource(UserInfo.of("alice", List.of()), "get",
            "core.gardener.cloud", "v1beta1", "garden-dev", "shoots", "", "s1", "/apis/...");

    private static Authorizer answering(Decision decision) {
        return attributes -> Future.succeededFuture(decision);
    }

    private static Authorizer failing(String message) {
        return attributes -> Future.failedFuture(new RuntimeException(message));
    }

    private static Future<Decision> ask(List<Authorizer> authorizers) {
        Future<Decision> future = new UnionAuthorizer(authorizers).authorize(GET_SHOOT);
        assertThat(future.isComplete()).isTrue();
        return future;
    }

    @Test
    void firstAllowWins() {
        Decision decision = ask(List.of(answering(Decision.noOpinion()), answering(Decision.allow("rbac")),
                answering(Decision.deny("never asked")))).result();

        assertThat(decision).isEqualTo(Decision.allow("rbac"));
    }

    @Test
    void firstDenyWinsOverALaterAllow() {
        Decision decision = ask(List.of(answering(Decision.deny("policy says no")), answering(Decision.allow()))).result();

        assertThat(decision.verdict()).isEqualTo(Decision.Verdict.DENY);
        assertThat(decision.reason()).isEqualTo("policy says no");
    }

    @Test
    void allNoOpinionDeniesWithTheReasonsJoinedByNewlines() {
        Decision decision = ask(List.of(answering(Decision.noOpinion("first")), answering(Decision.noOpinion()),
                answering(Decision.noOpinion("second")))).result();

        assertThat(decision.verdict()).isEqualTo(Decision.Verdict.DENY);
        assertThat(decision.reason()).isEqualTo("first\nsecond");
        assertThat(ask(List.of()).result()).isEqualTo(Decision.deny(""));
    }

    @Test
    void aFailureDoesNotStopLaterAuthorizers() {
        assertThat(ask(List.of(failing("webhook down"), answering(Decision.allow()))).result().isAllowed()).isTrue();
        assertThat(ask(List.of(failing("webhook down"), answering(Decision.deny("no")))).result().verdict())
                .isEqualTo(Decision.Verdict.DENY);
    }

    @Test
    void failuresWithoutAllowOrDenyFailTheUnion() {
        Authorizer throwing = attributes -> {
            throw new IllegalStateException("boom");
        };

        Future<Decision> one = ask(List.of(answering(Decision.noOpinion("x")), failing("webhook down")));
        Future<Decision> two = ask(List.of(throwing, failing("webhook down")));

        assertThat(one.failed()).isTrue();
        assertThat(one.cause()).isInstanceOf(AuthorizationException.class).hasMessage("webhook down");
        assertThat(two.cause()).hasMessage("[boom, webhook down]");
    }
}
