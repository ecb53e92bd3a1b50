package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlwaysAllowPathsAuthorizerTest {

    private static Decision.Verdict decide(Authorizer authorizer, String path) {
        return authorizer
                .authorize(Attributes.forPath(UserInfo.anonymous(), "get", path))
                .result()
                .verdict();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/healthz", "/readyz", "/livez", "healthz"})
    void defaultsAllowTheHealthEndpoints(String path) {
        assertThat(decide(AlwaysAllowPathsAuthorizer.defaults(), path)).isEqualTo(Decision.Verdict.ALLOW);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/healthz/etcd",
                "/livez/ping",
                "/readyz/",
                "/version",
                "/openapi/v2",
                "/apis",
                "/",
                "/healthzx",
                "/metrics"
            })
    void defaultsDoNotCoverOtherPaths(String path) {
        assertThat(decide(AlwaysAllowPathsAuthorizer.defaults(), path)).isEqualTo(Decision.Verdict.NO_OPINION);
    }

    @Test
    void resourceRequestsGetNoOpinionWhateverThePath() {
        Attributes resource =
                Attributes.forResource(UserInfo.anonymous(), "get", "", "v1", "", "healthz", "", "", "/healthz");

        assertThat(AlwaysAllowPathsAuthorizer.defaults().authorize(resource).result())
                .isEqualTo(Decision.noOpinion());
    }

    @Test
    void trailingStarIsAPrefixRule() {
        AlwaysAllowPathsAuthorizer authorizer = new AlwaysAllowPathsAuthorizer(List.of("/healthz*", "metrics"));

        assertThat(decide(authorizer, "/healthz")).isEqualTo(Decision.Verdict.ALLOW);
        assertThat(decide(authorizer, "/healthz/etcd")).isEqualTo(Decision.Verdict.ALLOW);
        assertThat(decide(authorizer, "/healthzfoo")).isEqualTo(Decision.Verdict.ALLOW);
        assertThat(decide(authorizer, "/metrics")).isEqualTo(Decision.Verdict.ALLOW);
        assertThat(decide(authorizer, "/metrics/x")).isEqualTo(Decision.Verdict.NO_OPINION);
        assertThat(decide(authorizer, "/livez")).isEqualTo(Decision.Verdict.NO_OPINION);
    }

    @Test
    void slashAloneMatchesTheRootOnlyAndStarAloneMatchesEverything() {
        assertThat(decide(new AlwaysAllowPathsAuthorizer(List.of("/")), "/")).isEqualTo(Decision.Verdict.ALLOW);
        assertThat(decide(new AlwaysAllowPathsAuthorizer(List.of("/")), "/x")).isEqualTo(Decision.Verdict.NO_OPINION);
        assertThat(decide(new AlwaysAllowPathsAuthorizer(List.of("/*")), "/anything/at/all"))
                .isEqualTo(Decision.Verdict.ALLOW);
    }

    @Test
    void aStarBeforeTheEndIsRejected() {
        assertThatThrownBy(() -> new AlwaysAllowPathsAuthorizer(List.of("/a*b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("only trailing * allowed in \"a*b\"");
        assertThatThrownBy(() -> new AlwaysAllowPathsAuthorizer(List.of("/**")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
