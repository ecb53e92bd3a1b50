package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProjectDefaultsTest {

    private static final GroupVersionKind PROJECT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Project");

    private static String project(String spec) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Project
                metadata: {name: dev}
                spec:
                """ + spec;
    }

    static Stream<Case> cases() {
        return Stream.of(
                row(
                        "owner and member subjects get their API group; members without a role are viewers",
                        project("""
                          owner: {kind: User, name: alice}
                          members:
                          - {kind: User, name: alice, role: admin}
                          - {kind: Group, name: devs}
                          - {kind: ServiceAccount, name: robot, namespace: garden-dev}
                          - {kind: User, name: bob, roles: [uam]}
                          - {kind: User, apiGroup: example.com, name: carol, role: viewer}
                        """),
                        "/spec/owner/apiGroup",
                        "rbac.authorization.k8s.io",
                        "/spec/members/0/apiGroup",
                        "rbac.authorization.k8s.io",
                        "/spec/members/0/role",
                        "admin",
                        "/spec/members/1/apiGroup",
                        "rbac.authorization.k8s.io",
                        "/spec/members/1/role",
                        "viewer",
                        "/spec/members/2/apiGroup",
                        ABSENT,
                        "/spec/members/2/role",
                        "viewer",
                        "/spec/members/3/role",
                        "\"\"",
                        "/spec/members/3/roles",
                        "[uam]",
                        "/spec/members/4/apiGroup",
                        "example.com",
                        "/spec/tolerations",
                        ABSENT),
                row(
                        "the garden project tolerates protected seeds",
                        project("  namespace: garden\n"),
                        "/spec/tolerations/whitelist",
                        "[{key: seed.gardener.cloud/protected}]",
                        "/spec/tolerations/defaults",
                        "[{key: seed.gardener.cloud/protected}]"),
                row(
                        "the garden project keeps its tolerations and adds the protected one once",
                        project("""
                          namespace: garden
                          tolerations:
                            whitelist: [{key: seed.gardener.cloud/protected}, {key: a}]
                            defaults: [{key: b, value: c}]
                        """),
                        "/spec/tolerations/whitelist",
                        "[{key: seed.gardener.cloud/protected}, {key: a}]",
                        "/spec/tolerations/defaults",
                        "[{key: b, value: c}, {key: seed.gardener.cloud/protected}]"),
                row(
                        "other projects' tolerations are untouched",
                        project("""
                          namespace: garden-dev
                          tolerations: {whitelist: [{key: a}]}
                        """),
                        "/spec/tolerations/whitelist",
                        "[{key: a}]",
                        "/spec/tolerations/defaults",
                        ABSENT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(PROJECT, new ProjectDefaults(), c);
    }
}
