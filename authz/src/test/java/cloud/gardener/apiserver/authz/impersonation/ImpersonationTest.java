package cloud.gardener.apiserver.authz.impersonation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.RequestHeaderAuthenticator;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.ForbiddenMessages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ImpersonationTest {

    private static final UserInfo ALICE = UserInfo.of("alice", List.of("dev", UserInfo.ALL_AUTHENTICATED));

    private static Map<String, List<String>> headers(String... nameValues) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            out.computeIfAbsent(nameValues[i], n -> new java.util.ArrayList<>()).add(nameValues[i + 1]);
        }
        return out;
    }

    private static UserInfo impersonate(String... nameValues) {
        Map<String, List<String>> h = headers(nameValues);
        boolean groups = h.keySet().stream().anyMatch(n -> n.equalsIgnoreCase("Impersonate-Group"));
        return Impersonation.impersonatedUser(Impersonation.requests(h), groups);
    }

    @Test
    void withoutHeadersNothingIsAsked() {
        assertThat(Impersonation.requests(headers("Accept", "application/json")))
                .isEmpty();
    }

    @Test
    void aUserGetsSystemAuthenticatedAndNothingElse() {
        assertThat(impersonate("Impersonate-User", "mallory"))
                .isEqualTo(new UserInfo("mallory", "", List.of(UserInfo.ALL_AUTHENTICATED), Map.of()));
    }

    @Test
    void groupsExtrasAndUidAreTakenAsGivenPlusSystemAuthenticated() {
        UserInfo user = impersonate(
                "impersonate-user",
                "bob",
                "Impersonate-Group",
                "ops",
                "Impersonate-Group",
                "dev",
                "Impersonate-Extra-Scopes",
                "view",
                "impersonate-extra-scopes",
                "edit",
                "Impersonate-Extra-Example.com%2fteam",
                "a",
                "Impersonate-Uid",
                "uid-1");

        assertThat(user.name()).isEqualTo("bob");
        assertThat(user.uid()).isEqualTo("uid-1");
        assertThat(user.groups()).containsExactly("ops", "dev", UserInfo.ALL_AUTHENTICATED);
        assertThat(user.extra()).isEqualTo(Map.of("scopes", List.of("view", "edit"), "example.com/team", List.of("a")));
    }

    @Test
    void systemAuthenticatedOrUnauthenticatedAmongTheGroupsIsKeptAlone() {
        assertThat(impersonate("Impersonate-User", "bob", "Impersonate-Group", UserInfo.ALL_UNAUTHENTICATED)
                        .groups())
                .containsExactly(UserInfo.ALL_UNAUTHENTICATED);
        assertThat(impersonate("Impersonate-User", "bob", "Impersonate-Group", UserInfo.ALL_AUTHENTICATED)
                        .groups())
                .containsExactly(UserInfo.ALL_AUTHENTICATED);
    }

    @Test
    void anonymousGetsSystemUnauthenticated() {
        assertThat(impersonate("Impersonate-User", UserInfo.ANONYMOUS).groups())
                .containsExactly(UserInfo.ALL_UNAUTHENTICATED);
    }

    @Test
    void aServiceAccountGetsItsGroupsUnlessGroupsAreGiven() {
        List<ImpersonationRequest> requests =
                Impersonation.requests(headers("Impersonate-User", "system:serviceaccount:garden-dev:robot"));
        assertThat(requests)
                .containsExactly(
                        ImpersonationRequest.of(ImpersonationRequest.Kind.SERVICE_ACCOUNT, "garden-dev", "robot"));
        assertThat(impersonate("Impersonate-User", "system:serviceaccount:garden-dev:robot")
                        .groups())
                .containsExactly(
                        "system:serviceaccounts", "system:serviceaccounts:garden-dev", UserInfo.ALL_AUTHENTICATED);
        assertThat(impersonate("Impersonate-User", "system:serviceaccount:garden-dev:robot", "Impersonate-Group", "x")
                        .groups())
                .containsExactly("x", UserInfo.ALL_AUTHENTICATED);
        // not a valid service account name: an ordinary user
        assertThat(Impersonation.requests(headers("Impersonate-User", "system:serviceaccount:Bad_NS:robot"))
                        .get(0)
                        .kind())
                .isEqualTo(ImpersonationRequest.Kind.USER);
    }

    @Test
    void eachRequestIsAuthorizedAsUpstreamAsksAndRefusedWithItsMessage() {
        List<ImpersonationRequest> requests = Impersonation.requests(headers(
                "Impersonate-User",
                "system:serviceaccount:garden-dev:robot",
                "Impersonate-Group",
                "ops",
                "Impersonate-Extra-Scopes",
                "view",
                "Impersonate-Uid",
                "uid-1"));
        List<Attributes> attributes =
                requests.stream().map(r -> r.attributes(ALICE)).toList();

        assertThat(attributes).extracting(Attributes::verb).containsOnly("impersonate");
        assertThat(attributes)
                .extracting(Attributes::resource)
                .containsExactly("serviceaccounts", "groups", "userextras", "uids");
        assertThat(attributes.get(0).namespace()).isEqualTo("garden-dev");
        assertThat(attributes.get(0).name()).isEqualTo("robot");
        assertThat(attributes.get(2).apiGroup()).isEqualTo("authentication.k8s.io");
        assertThat(attributes.get(2).apiVersion()).isEqualTo("v1");
        assertThat(attributes.get(2).subresource()).isEqualTo("scopes");
        assertThat(attributes.get(2).name()).isEqualTo("view");
        assertThat(attributes.get(3).name()).isEqualTo("uid-1");

        assertThat(ForbiddenMessages.of(
                                Impersonation.requests(headers("Impersonate-User", "mallory"))
                                        .get(0)
                                        .attributes(ALICE),
                                "")
                        .getMessage())
                .isEqualTo("users \"mallory\" is forbidden: User \"alice\" cannot "
                        + "impersonate resource \"users\" in API group \"\" at the cluster scope");
        assertThat(ForbiddenMessages.of(attributes.get(0), "").getMessage())
                .isEqualTo("serviceaccounts \"robot\" is "
                        + "forbidden: User \"alice\" cannot impersonate resource \"serviceaccounts\" in API group \"\" in the "
                        + "namespace \"garden-dev\"");
        assertThat(ForbiddenMessages.of(attributes.get(2), "no").getMessage())
                .isEqualTo("userextras.authentication.k8s.io "
                        + "\"view\" is forbidden: User \"alice\" cannot impersonate resource \"userextras/scopes\" in API group "
                        + "\"authentication.k8s.io\" at the cluster scope: no");
    }

    @Test
    void groupsExtrasOrUidWithoutAUserAre400() {
        assertThatThrownBy(() -> Impersonation.requests(headers("Impersonate-Group", "system:masters")))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage("requested [{Group  system:masters    }] without impersonating a user");
        assertThatThrownBy(() -> Impersonation.requests(headers("Impersonate-Uid", "u1", "Impersonate-Extra-A", "b")))
                .hasMessage(
                        "requested [{UserExtra  b  authentication.k8s.io/v1  a} {UID  u1  authentication.k8s.io/v1  }]"
                                + " without impersonating a user");
    }

    @Test
    void extraKeysArePercentDecodedUnlessMalformed() {
        assertThat(RequestHeaderAuthenticator.pathUnescape("example.com%2Fteam"))
                .isEqualTo("example.com/team");
        assertThat(RequestHeaderAuthenticator.pathUnescape("bad%zz")).isEqualTo("bad%zz");
        assertThat(Impersonation.isImpersonationHeader("impersonate-extra-x")).isTrue();
        assertThat(Impersonation.isImpersonationHeader("Impersonate-Uid")).isTrue();
        assertThat(Impersonation.isImpersonationHeader("X-Remote-User")).isFalse();
    }
}
