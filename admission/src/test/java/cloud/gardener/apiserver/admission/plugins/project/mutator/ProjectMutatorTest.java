package cloud.gardener.apiserver.admission.plugins.project.mutator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ProjectMutatorTest {

    private static final GroupVersionKind PROJECT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Project");
    private static final GroupResource PROJECTS = new GroupResource("core.gardener.cloud", "projects");
    private static final String CREATOR = "{apiGroup: rbac.authorization.k8s.io, kind: User, name: alice}";

    private final ProjectMutator plugin = new ProjectMutator(new PluginContext(null, null, null, Clock.systemUTC()));

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments(
                        "create: the creator is recorded, becomes owner and member",
                        Operation.CREATE,
                        "spec: {}",
                        null,
                        "{createdBy: " + CREATOR + ", owner: " + CREATOR
                                + ", members: [{apiGroup: rbac.authorization.k8s.io,"
                                + " kind: User, name: alice, role: admin, roles: [owner]}]}"),
                arguments(
                        "create: the first member with the owner role becomes owner",
                        Operation.CREATE,
                        "spec: {members: [{kind: User, name: bob, role: viewer},"
                                + " {kind: User, name: carol, role: admin, roles: [owner]}]}",
                        null,
                        "{createdBy: " + CREATOR
                                + ", owner: {kind: User, name: carol}, members: [{kind: User, name: bob,"
                                + " role: viewer}, {kind: User, name: carol, role: admin, roles: [owner]}]}"),
                arguments(
                        "create: an explicit owner stays and is added as member",
                        Operation.CREATE,
                        "spec: {owner: {kind: User, name: dave}}",
                        null,
                        "{createdBy: " + CREATOR
                                + ", owner: {kind: User, name: dave}, members: [{kind: User, name: dave,"
                                + " role: admin, roles: [owner]}]}"),
                arguments(
                        "update: a new owner is added as member, createdBy untouched",
                        Operation.UPDATE,
                        "spec: {owner: {kind: User, name: erin}, members: [{kind: User, name: x, role: admin}]}",
                        "spec: {}",
                        "{owner: {kind: User, name: erin}, members: [{kind: User, name: x, role: admin},"
                                + " {kind: User, name: erin, role: admin, roles: [owner]}]}"),
                arguments(
                        "update: an owner already a member changes nothing",
                        Operation.UPDATE,
                        "spec: {owner: {kind: User, name: x}, members: [{kind: User, name: x, role: viewer}]}",
                        "spec: {}",
                        "{owner: {kind: User, name: x}, members: [{kind: User, name: x, role: viewer}]}"),
                arguments(
                        "update of a project being deleted is left alone",
                        Operation.UPDATE,
                        "metadata: {name: dev, deletionTimestamp: '2026-01-01T00:00:00Z'}\nspec: {owner: {kind: User, name: y}}",
                        "spec: {}",
                        "{owner: {kind: User, name: y}}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void mutates(String name, Operation op, String object, String old, String expectedSpec) {
        ObjectNode project =
                Requests.object(object.startsWith("metadata:") ? object : "metadata: {name: dev}\n" + object);
        Attributes a = Requests.of(
                PROJECT,
                PROJECTS,
                "",
                op,
                project,
                old == null ? null : Requests.object(old),
                UserInfo.of("alice", List.of()));
        assertThat(plugin.admit(a).succeeded()).isTrue();
        assertThat(project.get("spec")).isEqualTo(Requests.object(expectedSpec));
    }

    @Test
    void statusUpdatesAndOtherKindsAreIgnored() {
        ObjectNode project = Requests.object("spec: {owner: {kind: User, name: zed}}");
        Attributes status = Requests.of(
                PROJECT,
                PROJECTS,
                "status",
                Operation.UPDATE,
                project,
                project.deepCopy(),
                UserInfo.of("alice", List.of()));
        assertThat(plugin.admit(status).succeeded()).isTrue();
        Attributes other = Requests.of(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "Seed"),
                new GroupResource("core.gardener.cloud", "seeds"),
                "",
                Operation.CREATE,
                project,
                null,
                UserInfo.of("alice", List.of()));
        assertThat(plugin.admit(other).succeeded()).isTrue();
        assertThat(project).isEqualTo(Requests.object("spec: {owner: {kind: User, name: zed}}"));
    }
}
