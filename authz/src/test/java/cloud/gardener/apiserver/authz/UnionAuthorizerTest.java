package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnionAuthorizerTest {

    private static final Attributes GET_SHOOT = Attributes.forResource(
            UserInfo.of("alice", List.of()),
            "get",
            "core.gardener.cloud",
            "v1beta1",
            "garden-dev",
            "shoots",
            "",
            "s1",
            "/apis/...");

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
        Decision decision = ask(List.of(
                        answering(Decision.noOpinion()),
                        answering(Decision.allow("rbac")),
                        answering(Decision.deny("never asked"))))
                .result();

        assertThat(decision).isEqualTo(Decision.allow("rbac"));
    }

    @Test
    void firstDenyWinsOverALaterAllow() {
        Decision decision = ask(List.of(answering(Decision.deny("policy says no")), answering(Decision.allow())))
                .result();

        assertThat(decision.verdict()).isEqualTo(Decision.Verdict.DENY);
        assertThat(decision.reason()).isEqualTo("policy says no");
    }

    @Test
    void allNoOpinionIsNoOpinionWithTheReasonsJoinedByNewlines() {
        Decision decision = ask(List.of(
                        answering(Decision.noOpinion("first")),
                        answering(Decision.noOpinion()),
                        answering(Decision.noOpinion("second"))))
                .result();

        assertThat(decision.verdict()).isEqualTo(Decision.Verdict.NO_OPINION);
        assertThat(decision.isAllowed()).isFalse();
        assertThat(decision.reason()).isEqualTo("first\nsecond");
        assertThat(ask(List.of()).result()).isEqualTo(Decision.noOpinion(""));
    }

    @Test
    void aFailureDoesNotStopLaterAuthorizers() {
        assertThat(ask(List.of(failing("webhook down"), answering(Decision.allow())))
                        .result()
                        .isAllowed())
                .isTrue();
        assertThat(ask(List.of(failing("webhook down"), answering(Decision.deny("no"))))
                        .result()
                        .verdict())
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

    /**
     * Members that answer later (a SubjectAccessReview) are waited for, and the reasons and errors gathered before,
     * during and after the wait all count: the union answers the same as when every member answers at once.
     */
    @Test
    void membersAnsweringLaterAreWaitedForWithEverythingGatheredAroundThem() {
        Promise<Decision> review = Promise.promise();
        Promise<Decision> secondReview = Promise.promise();
        Future<Decision> allowed = new UnionAuthorizer(List.of(
                        answering(Decision.noOpinion("before")),
                        attributes -> review.future(),
                        failing("webhook down"),
                        attributes -> secondReview.future(),
                        answering(Decision.deny("never asked"))))
                .authorize(GET_SHOOT);
        assertThat(allowed.isComplete()).isFalse();
        review.complete(Decision.noOpinion("waited"));
        assertThat(allowed.isComplete()).isFalse();
        secondReview.complete(Decision.allow("rbac"));
        assertThat(allowed.result()).isEqualTo(Decision.allow("rbac"));

        Promise<Decision> failingReview = Promise.promise();
        Future<Decision> failed = new UnionAuthorizer(List.of(
                        failing("first down"), attributes -> failingReview.future(), answering(Decision.noOpinion())))
                .authorize(GET_SHOOT);
        failingReview.fail(new RuntimeException("review down"));
        assertThat(failed.cause()).isInstanceOf(AuthorizationException.class).hasMessage("[first down, review down]");

        Promise<Decision> quietReview = Promise.promise();
        Future<Decision> noOpinion = new UnionAuthorizer(List.of(
                        answering(Decision.noOpinion("first")),
                        attributes -> quietReview.future(),
                        answering(Decision.noOpinion("last"))))
                .authorize(GET_SHOOT);
        quietReview.complete(Decision.noOpinion("middle"));
        assertThat(noOpinion.result()).isEqualTo(Decision.noOpinion("first\nmiddle\nlast"));
    }

    @Test
    void rulesAreEveryMembersConcatenatedAndIncompleteWhenOneCannotTell() {
        UserInfo master = UserInfo.of("admin", List.of("system:masters", UserInfo.ALL_AUTHENTICATED));
        Authorizer paths = new AlwaysAllowPathsAuthorizer(List.of("/healthz", "/readyz/*"));
        RuleSet rules = new UnionAuthorizer(List.of(PrivilegedGroupsAuthorizer.defaults(), paths))
                .rulesFor(master, "garden-dev")
                .result();
        assertThat(rules.resourceRules()).containsExactly(ResourceRule.all());
        assertThat(rules.nonResourceRules())
                .containsExactly(
                        new NonResourceRule(List.of("*"), List.of("*")),
                        new NonResourceRule(List.of("*"), List.of("/healthz", "/readyz/*")));
        assertThat(rules.incomplete()).isFalse();

        // a lambda authorizer cannot enumerate what it allows; a failing one reports its error
        Authorizer failingRules = new Authorizer() {
            @Override
            public Future<Decision> authorize(Attributes attributes) {
                return Future.succeededFuture(Decision.noOpinion());
            }

            @Override
            public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
                return Future.failedFuture(new RuntimeException("graph not synced"));
            }
        };
        RuleSet partial = new UnionAuthorizer(List.of(answering(Decision.allow()), failingRules, paths))
                .rulesFor(UserInfo.of("alice", List.of()), "")
                .result();
        assertThat(partial.incomplete()).isTrue();
        assertThat(partial.errors()).containsExactly("graph not synced");
        assertThat(partial.nonResourceRules()).hasSize(1);
        assertThat(partial.resourceRules()).isEmpty();
    }

    @Test
    void onlyPrivilegedGroupsGetEverything() {
        assertThat(PrivilegedGroupsAuthorizer.defaults()
                        .rulesFor(UserInfo.of("alice", List.of()), "x")
                        .result())
                .isEqualTo(RuleSet.none());
    }
}
