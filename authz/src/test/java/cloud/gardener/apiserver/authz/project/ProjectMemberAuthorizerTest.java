package cloud.gardener.apiserver.authz.project;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Decision;
import cloud.gardener.apiserver.authz.ResourceRule;
import cloud.gardener.apiserver.authz.RuleSet;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ProjectMemberAuthorizerTest {

    private static final JsonNode PROJECT = yaml("""
            metadata: {name: dev}
            spec:
              namespace: garden-dev
              owner: {apiGroup: rbac.authorization.k8s.io, kind: User, name: olga}
              members:
              - {apiGroup: rbac.authorization.k8s.io, kind: User, name: olga, role: admin, roles: [owner]}
              - {apiGroup: rbac.authorization.k8s.io, kind: User, name: adam, role: admin}
              - {apiGroup: rbac.authorization.k8s.io, kind: Group, name: auditors, role: viewer}
              - {apiGroup: rbac.authorization.k8s.io, kind: User, name: uma, role: viewer, roles: [uam]}
              - {kind: ServiceAccount, name: robot, namespace: garden-dev, role: admin}
            """);

    private static JsonNode yaml(String text) {
        try {
            return Json.YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private final ProjectMemberAuthorizer authorizer =
            new ProjectMemberAuthorizer(new ProjectMemberAuthorizer.Projects() {
                @Override
                public Optional<JsonNode> inNamespace(String namespace) {
                    return Optional.ofNullable(Map.of("garden-dev", PROJECT).get(namespace));
                }

                @Override
                public Optional<JsonNode> named(String name) {
                    return Optional.ofNullable(Map.of("dev", PROJECT).get(name));
                }

                @Override
                public List<JsonNode> all() {
                    return List.of(PROJECT);
                }
            });

    private static UserInfo user(String name, String... groups) {
        List<String> all = new java.util.ArrayList<>(List.of(groups));
        all.add(UserInfo.ALL_AUTHENTICATED);
        return UserInfo.of(name, all);
    }

    private static Attributes request(
            UserInfo user,
            String verb,
            String group,
            String namespace,
            String resource,
            String subresource,
            String name) {
        return new Attributes(user, verb, true, "/", group, "v1", namespace, resource, subresource, name);
    }

    static Stream<Arguments> decisions() {
        UserInfo olga = user("olga");
        UserInfo adam = user("adam");
        UserInfo auditor = user("ann", "auditors");
        UserInfo uma = user("uma");
        UserInfo robot = user("system:serviceaccount:garden-dev:robot");
        UserInfo stranger = user("sam");
        String g = "core.gardener.cloud";
        return Stream.of(
                Arguments.of("admin creates shoots", adam, "create", g, "garden-dev", "shoots", "", "", true),
                Arguments.of("admin reads secrets", adam, "get", "", "garden-dev", "secrets", "", "s", true),
                Arguments.of(
                        "admin asks for an admin kubeconfig",
                        adam,
                        "create",
                        g,
                        "garden-dev",
                        "shoots",
                        "adminkubeconfig",
                        "s",
                        true),
                Arguments.of(
                        "admin may not write shoot status",
                        adam,
                        "update",
                        g,
                        "garden-dev",
                        "shoots",
                        "status",
                        "s",
                        false),
                Arguments.of(
                        "admin has nothing in other namespaces",
                        adam,
                        "get",
                        g,
                        "garden-prod",
                        "shoots",
                        "",
                        "s",
                        false),
                Arguments.of(
                        "service account admin lists shoots", robot, "list", g, "garden-dev", "shoots", "", "", true),
                Arguments.of(
                        "viewer (by group) lists shoots", auditor, "list", g, "garden-dev", "shoots", "", "", true),
                Arguments.of("viewer never reads secrets", auditor, "get", "", "garden-dev", "secrets", "", "s", false),
                Arguments.of("viewer does not delete", auditor, "delete", g, "garden-dev", "shoots", "", "s", false),
                Arguments.of(
                        "viewer gets a viewer kubeconfig",
                        auditor,
                        "create",
                        g,
                        "garden-dev",
                        "shoots",
                        "viewerkubeconfig",
                        "s",
                        true),
                Arguments.of(
                        "viewer no admin kubeconfig",
                        auditor,
                        "create",
                        g,
                        "garden-dev",
                        "shoots",
                        "adminkubeconfig",
                        "s",
                        false),
                Arguments.of("owner manages members", olga, "manage-members", g, "", "projects", "", "dev", true),
                Arguments.of("owner deletes the project", olga, "delete", g, "", "projects", "", "dev", true),
                Arguments.of(
                        "admin cannot manage members", adam, "manage-members", g, "", "projects", "", "dev", false),
                Arguments.of("uam manages members", uma, "manage-members", g, "", "projects", "", "dev", true),
                Arguments.of("viewer reads the project", auditor, "get", g, "", "projects", "", "dev", true),
                Arguments.of("viewer cannot patch the project", auditor, "patch", g, "", "projects", "", "dev", false),
                Arguments.of(
                        "member gets the namespace",
                        adam,
                        "get",
                        "",
                        "garden-dev",
                        "namespaces",
                        "",
                        "garden-dev",
                        true),
                Arguments.of(
                        "member cannot delete the namespace",
                        adam,
                        "delete",
                        "",
                        "garden-dev",
                        "namespaces",
                        "",
                        "garden-dev",
                        false),
                Arguments.of("projects are not listed", adam, "list", g, "", "projects", "", "", false),
                Arguments.of(
                        "owner manages service accounts",
                        olga,
                        "create",
                        "",
                        "garden-dev",
                        "serviceaccounts",
                        "",
                        "",
                        true),
                Arguments.of("anyone reads cloud profiles", stranger, "list", g, "", "cloudprofiles", "", "", true),
                Arguments.of("anyone reads seeds", stranger, "get", g, "", "seeds", "", "s", true),
                Arguments.of("nobody else writes seeds", stranger, "update", g, "", "seeds", "", "s", false),
                Arguments.of(
                        "anyone reads the cluster identity",
                        stranger,
                        "get",
                        "",
                        "kube-system",
                        "configmaps",
                        "",
                        "cluster-identity",
                        true),
                Arguments.of(
                        "but no other kube-system config map",
                        stranger,
                        "get",
                        "",
                        "kube-system",
                        "configmaps",
                        "",
                        "other",
                        false),
                Arguments.of("strangers see no shoots", stranger, "list", g, "garden-dev", "shoots", "", "", false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decisions")
    void grantsWhatGardenersProjectRolesGrant(
            String name,
            UserInfo user,
            String verb,
            String group,
            String namespace,
            String resource,
            String subresource,
            String objectName,
            boolean allowed) {
        Decision decision = authorizer
                .authorize(request(user, verb, group, namespace, resource, subresource, objectName))
                .result();
        assertThat(decision.verdict()).isEqualTo(allowed ? Decision.Verdict.ALLOW : Decision.Verdict.NO_OPINION);
    }

    @org.junit.jupiter.api.Test
    void unauthenticatedUsersAndOtherPathsGetNoOpinion() {
        Attributes anonymous =
                request(UserInfo.anonymous(), "list", "core.gardener.cloud", "", "cloudprofiles", "", "");
        assertThat(authorizer.authorize(anonymous).result().verdict()).isEqualTo(Decision.Verdict.NO_OPINION);
        Attributes path = new Attributes(user("adam"), "get", false, "/metrics", "", "", "", "", "", "");
        assertThat(authorizer.authorize(path).result().verdict()).isEqualTo(Decision.Verdict.NO_OPINION);
        Attributes anonymousDiscovery =
                new Attributes(UserInfo.anonymous(), "get", false, "/apis", "", "", "", "", "", "");
        assertThat(authorizer.authorize(anonymousDiscovery).result().verdict()).isEqualTo(Decision.Verdict.NO_OPINION);
    }

    @Test
    void everyAuthenticatedUserReadsDiscovery() {
        for (String path :
                List.of("/api", "/api/v1", "/apis", "/apis/core.gardener.cloud/v1beta1", "/openapi/v3", "/version")) {
            Attributes get = new Attributes(user("sam"), "get", false, path, "", "", "", "", "", "");
            assertThat(authorizer.authorize(get).result().isAllowed()).as(path).isTrue();
        }
        Attributes post = new Attributes(user("sam"), "post", false, "/apis", "", "", "", "", "", "");
        assertThat(authorizer.authorize(post).result().isAllowed()).isFalse();
        Attributes apiserver = new Attributes(user("sam"), "get", false, "/apiserver", "", "", "", "", "", "");
        assertThat(authorizer.authorize(apiserver).result().isAllowed()).isFalse();
    }

    @Test
    void rulesAreWhatTheDecisionsFollow() {
        UserInfo adam = user("adam");
        RuleSet inProject = authorizer.rulesFor(adam, "garden-dev").result();
        assertThat(inProject.incomplete()).isFalse();
        assertThat(inProject.resourceRules())
                .contains(
                        new ResourceRule(
                                List.of(
                                        "create",
                                        "delete",
                                        "deletecollection",
                                        "get",
                                        "list",
                                        "patch",
                                        "update",
                                        "watch"),
                                List.of("core.gardener.cloud"),
                                List.of("quotas", "secretbindings", "shoots"),
                                List.of()),
                        new ResourceRule(List.of("get"), List.of(""), List.of("namespaces"), List.of("garden-dev")),
                        new ResourceRule(
                                List.of("create"),
                                List.of("authorization.k8s.io"),
                                List.of("selfsubjectaccessreviews", "selfsubjectrulesreviews"),
                                List.of()));
        RuleSet elsewhere = authorizer.rulesFor(adam, "other").result();
        assertThat(elsewhere.resourceRules())
                .noneMatch(r -> r.resources().contains("shoots"))
                .anyMatch(r ->
                        r.resources().contains("projects") && r.resourceNames().equals(List.of("dev")));
        assertThat(authorizer.rulesFor(UserInfo.anonymous(), "garden-dev").result())
                .isEqualTo(RuleSet.none());
        RuleSet stranger = authorizer.rulesFor(user("sam"), "garden-dev").result();
        assertThat(stranger.resourceRules())
                .noneMatch(
                        r -> r.resources().contains("shoots") || r.resources().contains("projects"));
    }
}
