package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForbiddenMessagesTest {

    private static final UserInfo ALICE = UserInfo.of("alice", List.of("dev"));

    @Test
    void namespacedResourceWithName() {
        Attributes attributes = Attributes.forResource(
                ALICE,
                "get",
                "core.gardener.cloud",
                "v1beta1",
                "garden-dev",
                "shoots",
                "",
                "my-shoot",
                "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/my-shoot");

        ApiException error = ForbiddenMessages.of(attributes, "");

        assertThat(error.code()).isEqualTo(403);
        assertThat(error.reason()).isEqualTo("Forbidden");
        assertThat(error.getMessage())
                .isEqualTo(
                        "shoots.core.gardener.cloud \"my-shoot\" is forbidden: User \"alice\""
                                + " cannot get resource \"shoots\" in API group \"core.gardener.cloud\" in the namespace \"garden-dev\"");
        assertThat(error.status().details().name()).isEqualTo("my-shoot");
        assertThat(error.status().details().group()).isEqualTo("core.gardener.cloud");
        assertThat(error.status().details().kind()).isEqualTo("shoots");
    }

    @Test
    void clusterScopedCollectionWithReason() {
        Attributes attributes = Attributes.forResource(
                ALICE,
                "list",
                "core.gardener.cloud",
                "v1beta1",
                "",
                "seeds",
                "",
                "",
                "/apis/core.gardener.cloud/v1beta1/seeds");

        ApiException error = ForbiddenMessages.of(attributes, "no RBAC policy matched");

        assertThat(error.getMessage())
                .isEqualTo(
                        "seeds.core.gardener.cloud is forbidden: User \"alice\" cannot list"
                                + " resource \"seeds\" in API group \"core.gardener.cloud\" at the cluster scope: no RBAC policy matched");
    }

    @Test
    void subresourceAndCoreGroup() {
        Attributes status = Attributes.forResource(
                ALICE, "update", "core.gardener.cloud", "v1beta1", "garden-dev", "shoots", "status", "s", "/x");
        Attributes core = Attributes.forResource(
                UserInfo.anonymous(),
                "watch",
                "",
                "v1",
                "kube-system",
                "configmaps",
                "",
                "",
                "/api/v1/namespaces/kube-system/configmaps");

        assertThat(ForbiddenMessages.message(status))
                .isEqualTo("User \"alice\" cannot update resource"
                        + " \"shoots/status\" in API group \"core.gardener.cloud\" in the namespace \"garden-dev\"");
        assertThat(ForbiddenMessages.of(core, "").getMessage())
                .isEqualTo("configmaps is forbidden: User"
                        + " \"system:anonymous\" cannot watch resource \"configmaps\" in API group \"\" in the namespace"
                        + " \"kube-system\"");
    }

    @Test
    void nonResourcePath() {
        ApiException error = ForbiddenMessages.of(Attributes.forPath(UserInfo.anonymous(), "get", "/openapi/v2"), "");
        ApiException withReason = ForbiddenMessages.of(Attributes.forPath(ALICE, "post", "/x"), "denied by webhook");

        assertThat(error.code()).isEqualTo(403);
        assertThat(error.reason()).isEqualTo("Forbidden");
        assertThat(error.getMessage())
                .isEqualTo("forbidden: User \"system:anonymous\" cannot get path \"/openapi/v2\"");
        assertThat(withReason.getMessage())
                .isEqualTo("forbidden: User \"alice\" cannot post path \"/x\": denied by webhook");
    }

    @Test
    void valuesAreQuotedLikeGo() {
        UserInfo odd = UserInfo.of("a\"b\\c\nd\u0001é", List.of());

        assertThat(ForbiddenMessages.message(Attributes.forPath(odd, "get", "/p")))
                .isEqualTo("User \"a\\\"b\\\\c\\nd\\x01é\" cannot get path \"/p\"");
    }
}
