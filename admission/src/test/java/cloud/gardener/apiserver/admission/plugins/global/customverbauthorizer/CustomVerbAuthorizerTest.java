package cloud.gardener.apiserver.admission.plugins.global.customverbauthorizer;

import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.PrivilegedGroupsAuthorizer;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Against the server's privileged-groups authorizer: system:masters may use every verb, others none. */
class CustomVerbAuthorizerTest {

    private static final String CORE = "core.gardener.cloud";
    private static final UserInfo ALICE = UserInfo.of("alice", List.of("system:authenticated"));
    private static final UserInfo ADMIN = UserInfo.of("admin", List.of("system:masters"));

    private final CustomVerbAuthorizer plugin = new CustomVerbAuthorizer(
            new PluginContext(new InMemoryObjects(), PrivilegedGroupsAuthorizer.defaults(), null, Clock.systemUTC()));

    private static Outcome denied(String resource, String name, String what, String plural) {
        return Outcome.forbidden(
                resource + "." + CORE, name, "user \"alice\" is not allowed to " + what + " for \"" + plural + "\"");
    }

    private static final String MEMBERS = "members: [{kind: User, name: bob, role: viewer}]";

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments(
                        "project: creating without a whitelist",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {tolerations: {defaults: [{key: a}]}}",
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "project: creating with a whitelist",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {tolerations: {whitelist: [{key: a}]}}",
                        null,
                        denied("projects", "p", "modify .spec.tolerations.whitelist", "projects")),
                arguments(
                        "project: changing the whitelist as system:masters",
                        "Project",
                        "projects",
                        ADMIN,
                        "spec: {tolerations: {whitelist: [{key: a}, {key: b}]}}",
                        "spec: {tolerations: {whitelist: [{key: a}]}}",
                        Outcome.ALLOWED),
                arguments(
                        "project: a non-owner adds a human member",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: owner}, " + MEMBERS + "}",
                        "spec: {owner: {kind: User, name: owner}}",
                        denied("projects", "p", "manage human users or groups in .spec.members", "projects")),
                arguments(
                        "project: the owner adds a human member",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: alice}, " + MEMBERS + "}",
                        "spec: {owner: {kind: User, name: alice}}",
                        Outcome.ALLOWED),
                arguments(
                        "project: a member of the owner group adds a human member",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: Group, name: system:authenticated}, " + MEMBERS + "}",
                        "spec: {owner: {kind: Group, name: system:authenticated}}",
                        Outcome.ALLOWED),
                arguments(
                        "project: a non-owner adds a service account",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: owner}, members: [{kind: ServiceAccount, name: robot, namespace: garden-p,"
                                + " role: admin}, {apiGroup: rbac.authorization.k8s.io, kind: User,"
                                + " name: 'system:serviceaccount:garden-p:other', role: viewer}]}",
                        "spec: {owner: {kind: User, name: owner}}",
                        Outcome.ALLOWED),
                arguments(
                        "project: the owner subject itself may always be listed",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: owner}, members: [{kind: User, name: owner, role: admin}]}",
                        "spec: {owner: {kind: User, name: owner}}",
                        Outcome.ALLOWED),
                arguments(
                        "project: a non-owner changes the owner",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: mallory}}",
                        "spec: {owner: {kind: User, name: owner}}",
                        denied("projects", "p", "manage owner in .spec.owner", "projects")),
                arguments(
                        "namespaced cloud profile: kubernetes",
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        ALICE,
                        "spec: {kubernetes: {versions: [{version: 1.31.1}]}}",
                        "spec: {}",
                        denied("namespacedcloudprofiles", "p", "modify .spec.kubernetes", "namespacedcloudprofiles")),
                arguments(
                        "namespaced cloud profile: machine images",
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        ALICE,
                        "spec: {machineImages: [{name: x}]}",
                        null,
                        denied(
                                "namespacedcloudprofiles",
                                "p",
                                "modify .spec.machineImages",
                                "namespacedcloudprofiles")),
                arguments(
                        "namespaced cloud profile: provider config",
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        ALICE,
                        "spec: {providerConfig: {a: b}}",
                        "spec: {providerConfig: {a: c}}",
                        denied(
                                "namespacedcloudprofiles",
                                "p",
                                "modify .spec.providerConfig",
                                "namespacedcloudprofiles")),
                arguments(
                        "namespaced cloud profile: machine types are free",
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        ALICE,
                        "spec: {machineTypes: [{name: x}]}",
                        "spec: {}",
                        Outcome.ALLOWED),
                arguments(
                        "shoot: marking a worker pool as control plane",
                        "Shoot",
                        "shoots",
                        ALICE,
                        "spec: {provider: {workers: [{name: a}, {name: cp, controlPlane: {}}]}}",
                        "spec: {provider: {workers: [{name: a}]}}",
                        denied("shoots", "p", "modify .spec.provider.workers[].controlPlane", "shoots")),
                arguments(
                        "shoot: other worker changes",
                        "Shoot",
                        "shoots",
                        ALICE,
                        "spec: {provider: {workers: [{name: a, maximum: 3}]}}",
                        "spec: {provider: {workers: [{name: a}]}}",
                        Outcome.ALLOWED),
                arguments(
                        "shoot: marking self-hosted as system:masters",
                        "Shoot",
                        "shoots",
                        ADMIN,
                        "spec: {provider: {workers: [{name: cp, controlPlane: {}}]}}",
                        null,
                        Outcome.ALLOWED),
                // bodies without the optional sections: absent lists, owners and specs
                arguments("project: creating without a spec", "Project", "projects", ALICE, "", null, Outcome.ALLOWED),
                arguments(
                        "project: a non-owner sets the first owner",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: owner}}",
                        "spec: {}",
                        Outcome.ALLOWED),
                arguments(
                        "project: a non-owner removes every member",
                        "Project",
                        "projects",
                        ALICE,
                        "spec: {owner: {kind: User, name: owner}}",
                        "spec: {owner: {kind: User, name: owner}, " + MEMBERS + "}",
                        denied("projects", "p", "manage human users or groups in .spec.members", "projects")),
                arguments(
                        "namespaced cloud profile: creating without a spec",
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        ALICE,
                        "",
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "shoot: removing the control plane pool",
                        "Shoot",
                        "shoots",
                        ALICE,
                        "spec: {}",
                        "spec: {provider: {workers: [{name: cp, controlPlane: {}}]}}",
                        denied("shoots", "p", "modify .spec.provider.workers[].controlPlane", "shoots")),
                arguments(
                        "shoot: creating without a provider",
                        "Shoot",
                        "shoots",
                        ALICE,
                        "spec: {}",
                        null,
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void authorizes(
            String name, String kind, String resource, UserInfo user, String object, String old, Outcome expected) {
        String meta = "metadata: {name: p, namespace: garden-p}\n";
        expected.check(plugin.validate(Requests.of(
                new GroupVersionKind(CORE, "v1beta1", kind),
                new GroupResource(CORE, resource),
                "",
                old == null ? Operation.CREATE : Operation.UPDATE,
                Requests.object(meta + object),
                old == null ? null : Requests.object(meta + old),
                user)));
    }
}
