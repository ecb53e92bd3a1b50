package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrivilegedGroupsAuthorizerTest {

    private static Decision decide(Authorizer authorizer, UserInfo user) {
        return authorizer
                .authorize(Attributes.forResource(
                        user,
                        "delete",
                        "core.gardener.cloud",
                        "v1beta1",
                        "garden",
                        "shoots",
                        "",
                        "x",
                        "/apis/core.gardener.cloud/v1beta1/namespaces/garden/shoots/x"))
                .result();
    }

    @Test
    void systemMastersIsAllowedEverything() {
        UserInfo aggregator = UserInfo.of("system:kube-aggregator", List.of("system:masters"));

        assertThat(decide(PrivilegedGroupsAuthorizer.defaults(), aggregator).isAllowed())
                .isTrue();
        assertThat(PrivilegedGroupsAuthorizer.defaults()
                        .authorize(Attributes.forPath(aggregator, "get", "/openapi/v2"))
                        .result()
                        .isAllowed())
                .isTrue();
    }

    @Test
    void othersGetNoOpinion() {
        UserInfo alice = UserInfo.of("system:masters", List.of("dev", "system:authenticated"));

        assertThat(decide(PrivilegedGroupsAuthorizer.defaults(), alice)).isEqualTo(Decision.noOpinion());
        assertThat(decide(PrivilegedGroupsAuthorizer.defaults(), UserInfo.anonymous()))
                .isEqualTo(Decision.noOpinion());
    }

    @Test
    void groupsAreConfigurable() {
        PrivilegedGroupsAuthorizer custom = new PrivilegedGroupsAuthorizer(List.of("admins"));

        assertThat(decide(custom, UserInfo.of("a", List.of("admins"))).isAllowed())
                .isTrue();
        assertThat(decide(custom, UserInfo.of("b", List.of("system:masters"))).isAllowed())
                .isFalse();
    }
}
