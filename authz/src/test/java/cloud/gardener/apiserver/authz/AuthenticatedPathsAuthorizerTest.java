package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthenticatedPathsAuthorizerTest {

    private final AuthenticatedPathsAuthorizer authorizer = new AuthenticatedPathsAuthorizer(List.of("/webhooks/x"));
    private final UserInfo authenticated = UserInfo.of("kube-apiserver", List.of(UserInfo.ALL_AUTHENTICATED));

    @Test
    void authenticatedUsersMayPostToThePaths() {
        assertThat(authorizer
                        .authorize(Attributes.forPath(authenticated, "post", "/webhooks/x"))
                        .result())
                .isEqualTo(Decision.allow());
    }

    @Test
    void anythingElseGetsNoOpinion() {
        assertThat(authorizer
                        .authorize(Attributes.forPath(UserInfo.anonymous(), "post", "/webhooks/x"))
                        .result())
                .isEqualTo(Decision.noOpinion());
        assertThat(authorizer
                        .authorize(Attributes.forPath(authenticated, "get", "/webhooks/x"))
                        .result())
                .isEqualTo(Decision.noOpinion());
        assertThat(authorizer
                        .authorize(Attributes.forPath(authenticated, "post", "/webhooks/x/y"))
                        .result())
                .isEqualTo(Decision.noOpinion());
        assertThat(authorizer
                        .authorize(Attributes.forResource(
                                authenticated, "create", "", "v1", "", "webhooks", "", "x", "/webhooks/x"))
                        .result())
                .isEqualTo(Decision.noOpinion());
    }

    @Test
    void aTrailingStarMatchesAPrefixForTheGivenVerb() {
        AuthenticatedPathsAuthorizer discovery = new AuthenticatedPathsAuthorizer("get", List.of("/apis", "/apis/*"));
        assertThat(discovery
                        .authorize(Attributes.forPath(authenticated, "get", "/apis"))
                        .result())
                .isEqualTo(Decision.allow());
        assertThat(discovery
                        .authorize(Attributes.forPath(authenticated, "get", "/apis/core.gardener.cloud/v1beta1"))
                        .result())
                .isEqualTo(Decision.allow());
        assertThat(discovery
                        .authorize(Attributes.forPath(authenticated, "post", "/apis"))
                        .result())
                .isEqualTo(Decision.noOpinion());
        assertThat(discovery
                        .authorize(Attributes.forPath(UserInfo.anonymous(), "get", "/apis"))
                        .result())
                .isEqualTo(Decision.noOpinion());
    }
}
