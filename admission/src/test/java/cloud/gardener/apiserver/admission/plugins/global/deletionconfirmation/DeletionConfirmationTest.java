package cloud.gardener.apiserver.admission.plugins.global.deletionconfirmation;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.as;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DeletionConfirmationTest {

    private static final GroupResource PROJECTS = new GroupResource("core.gardener.cloud", "projects");
    private static final GroupVersionKind PROJECT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Project");
    private static final GroupResource SHOOT_STATES = new GroupResource("core.gardener.cloud", "shootstates");
    private static final GroupVersionKind SHOOT_STATE =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ShootState");
    private static final UserInfo BOB = UserInfo.of("bob", List.of("system:authenticated"));
    private static final UserInfo ROBOT = UserInfo.of("system:serviceaccount:garden-dev:robot", List.of());
    private static final String CONFIRMED = "{confirmation.gardener.cloud/deletion: \"true\"}";

    private static final String DUAL_PROJECT = """
            metadata: {name: dual}
            spec:
              namespace: garden-dual
              dualApprovalForDeletion:
              - {resource: shoots, selector: {matchLabels: {stage: prod}}, includeServiceAccounts: false}
            """;

    private static InMemoryObjects objects() {
        return new InMemoryObjects()
                .put(PROJECTS, "{metadata: {name: dev, annotations: " + CONFIRMED + "}, spec: {namespace: garden-dev}}")
                .put(PROJECTS, "{metadata: {name: unconfirmed}, spec: {namespace: garden-unconfirmed}}")
                .put(PROJECTS, DUAL_PROJECT);
    }

    private static DeletionConfirmation plugin(InMemoryObjects objects) {
        return new DeletionConfirmation(new PluginContext(objects, null, null, Clock.systemUTC()));
    }

    private static ObjectNode shoot(String namespace, String annotations, String labels) {
        return object("{metadata: {name: s, namespace: " + namespace + ", annotations: " + annotations + ", labels: "
                + labels + "}, spec: {}}");
    }

    /** A DELETE of a Shoot as stored, by a user, and the expected 403 message (null: accepted). */
    record Delete(String name, String namespace, String annotations, String labels, UserInfo user, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Delete> shootDeletes() {
        String forbidden = "shoots.core.gardener.cloud \"s\" is forbidden: ";
        String missing = forbidden + "must have a \"confirmation.gardener.cloud/deletion\" annotation to delete";
        String dual =
                forbidden + "you are not allowed to both confirm the deletion and send the actual DELETE request - "
                        + "another subject must perform the deletion";
        String prodConfirmedByAlice =
                "{confirmation.gardener.cloud/deletion: \"true\", deletion.gardener.cloud/confirmed-by: alice}";
        String prodConfirmedByRobot =
                "{confirmation.gardener.cloud/deletion: \"true\", deletion.gardener.cloud/confirmed-by: "
                        + "\"system:serviceaccount:garden-dev:robot\"}";
        return Stream.of(
                new Delete("confirmed", "garden-dev", CONFIRMED, "{}", Requests.ALICE, null),
                new Delete(
                        "confirmed with another true spelling",
                        "garden-dev",
                        "{confirmation.gardener.cloud/deletion: \"T\"}",
                        "{}",
                        Requests.ALICE,
                        null),
                new Delete("no annotation", "garden-dev", "{}", "{}", Requests.ALICE, missing),
                new Delete(
                        "annotation false",
                        "garden-dev",
                        "{confirmation.gardener.cloud/deletion: \"false\"}",
                        "{}",
                        Requests.ALICE,
                        missing),
                new Delete(
                        "annotation not a boolean",
                        "garden-dev",
                        "{confirmation.gardener.cloud/deletion: \"yes\"}",
                        "{}",
                        Requests.ALICE,
                        missing),
                new Delete(
                        "no project",
                        "elsewhere",
                        CONFIRMED,
                        "{}",
                        Requests.ALICE,
                        forbidden + "Internal error occurred: Project.core.gardener.cloud \"<unknown>\" not found"),
                new Delete(
                        "dual approval: the confirmer cannot delete",
                        "garden-dual",
                        prodConfirmedByAlice,
                        "{stage: prod}",
                        Requests.ALICE,
                        dual),
                new Delete(
                        "dual approval: another user can",
                        "garden-dual",
                        prodConfirmedByAlice,
                        "{stage: prod}",
                        BOB,
                        null),
                new Delete(
                        "dual approval: labels not selected",
                        "garden-dual",
                        prodConfirmedByAlice,
                        "{stage: dev}",
                        Requests.ALICE,
                        null),
                new Delete(
                        "dual approval: service accounts excluded",
                        "garden-dual",
                        prodConfirmedByRobot,
                        "{stage: prod}",
                        ROBOT,
                        null));
    }

    @ParameterizedTest
    @MethodSource("shootDeletes")
    void deleteShoot(Delete c) {
        Attributes a = as(
                c.user(), shootRequest(Operation.DELETE, "", null, shoot(c.namespace(), c.annotations(), c.labels())));
        Future<Void> result = plugin(objects()).validate(a);
        if (c.message() == null) {
            accepted(result);
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo(c.message());
    }

    @Test
    void projectsAndShootStatesNeedTheConfirmationToo() {
        DeletionConfirmation plugin = plugin(objects());
        ObjectNode dev =
                object("{metadata: {name: dev, annotations: " + CONFIRMED + "}, spec: {namespace: garden-dev}}");
        accepted(plugin.validate(Requests.of(PROJECT, PROJECTS, "", Operation.DELETE, null, dev, Requests.ALICE)));
        ObjectNode other = object("{metadata: {name: unconfirmed}, spec: {namespace: garden-unconfirmed}}");
        assertThat(rejection(plugin.validate(
                                Requests.of(PROJECT, PROJECTS, "", Operation.DELETE, null, other, Requests.ALICE)))
                        .getMessage())
                .isEqualTo("projects.core.gardener.cloud \"unconfirmed\" is forbidden: "
                        + "must have a \"confirmation.gardener.cloud/deletion\" annotation to delete");
        ObjectNode state = object("{metadata: {name: s, namespace: garden-dev}}");
        assertThat(rejection(plugin.validate(Requests.of(
                                SHOOT_STATE, SHOOT_STATES, "", Operation.DELETE, null, state, Requests.ALICE)))
                        .code())
                .isEqualTo(403);
        ObjectNode seed = object("{metadata: {name: s}}");
        accepted(plugin.validate(Requests.of(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "Seed"),
                new GroupResource("core.gardener.cloud", "seeds"),
                "",
                Operation.DELETE,
                null,
                seed,
                Requests.ALICE)));
    }

    @Test
    void aCollectionIsDeletableOnlyWhenEveryMemberIsConfirmed() {
        ObjectNode one = shoot("garden-dev", CONFIRMED, "{}");
        ObjectNode two = shoot("garden-dev", CONFIRMED, "{}");
        two.withObjectProperty("metadata").put("name", "two");
        InMemoryObjects objects = objects().put(Outcomes.SHOOTS, one).put(Outcomes.SHOOTS, two);
        Attributes collection = new Attributes(
                Outcomes.SHOOT,
                Outcomes.SHOOTS,
                "",
                "garden-dev",
                "",
                Operation.DELETE,
                null,
                null,
                Requests.ALICE,
                false);
        accepted(plugin(objects).validate(collection));

        ObjectNode three = shoot("garden-dev", "{}", "{}");
        three.withObjectProperty("metadata").put("name", "three");
        ApiException e = rejection(plugin(objects.put(Outcomes.SHOOTS, three)).validate(collection));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"Unknown\" is forbidden: 1 error occurred:\n"
                        + "\t* shoots.core.gardener.cloud \"three\" is forbidden: must have a \"confirmation.gardener.cloud/deletion\" "
                        + "annotation to delete\n\n");
    }

    private static Attributes collection(
            GroupVersionKind kind, GroupResource resource, String namespace, UserInfo user) {
        return new Attributes(kind, resource, "", namespace, "", Operation.DELETE, null, null, user, false);
    }

    private static Attributes shootCollection(UserInfo user) {
        return collection(Outcomes.SHOOT, Outcomes.SHOOTS, "garden-dev", user);
    }

    private static ObjectNode named(ObjectNode shoot, String name) {
        shoot.withObjectProperty("metadata").put("name", name);
        return shoot;
    }

    private static final String COLLECTION_FORBIDDEN = "shoots.core.gardener.cloud \"Unknown\" is forbidden: ";

    /** Gardener's fallback: a member refused on the lister's copy is read live, so an annotate-then-delete passes. */
    @Test
    void aMemberConfirmedAMomentAgoIsJudgedOnItsStoredCopy() {
        InMemoryObjects objects = objects()
                .put(Outcomes.SHOOTS, named(shoot("garden-dev", CONFIRMED, "{}"), "early"))
                .put(Outcomes.SHOOTS, named(shoot("garden-dev", CONFIRMED, "{}"), "late"))
                .staleInCache(Outcomes.SHOOTS, "{metadata: {name: late, namespace: garden-dev}, spec: {}}");
        accepted(plugin(objects).validate(shootCollection(Requests.ALICE)));
    }

    /** The lister's copy decides for a member it allows: no live read (as Gardener's). */
    @Test
    void aMemberAllowedByItsCachedCopyIsNotReadAgain() {
        InMemoryObjects objects = objects()
                .put(Outcomes.SHOOTS, named(shoot("garden-dev", "{}", "{}"), "withdrawn"))
                .staleInCache(
                        Outcomes.SHOOTS,
                        "{metadata: {name: withdrawn, namespace: garden-dev, annotations: " + CONFIRMED + "}}");
        accepted(plugin(objects).validate(shootCollection(Requests.ALICE)));
    }

    /** A member refused on the cached copy and gone from storage: the live read's NotFound joins the errors. */
    @Test
    void aMemberGoneFromStorageIsReportedNotFound() {
        InMemoryObjects objects = objects()
                .put(Outcomes.SHOOTS, named(shoot("garden-dev", CONFIRMED, "{}"), "kept"))
                .staleInCache(Outcomes.SHOOTS, "{metadata: {name: gone, namespace: garden-dev}}");
        ApiException e = rejection(plugin(objects).validate(shootCollection(Requests.ALICE)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo(COLLECTION_FORBIDDEN
                        + "1 error occurred:\n\t* shoots.core.gardener.cloud \"gone\" not found\n\n");
    }

    /**
     * Each member as a delete of its own, dual approval included, read from compact list views (the check reads only
     * a Shoot's metadata); every problem is reported.
     */
    @Test
    void aCollectionReportsEveryMembersProblemDualApprovalIncluded() {
        String prodConfirmedByAlice =
                "{confirmation.gardener.cloud/deletion: \"true\", deletion.gardener.cloud/confirmed-by: alice}";
        InMemoryObjects objects = objects()
                .put(Outcomes.SHOOTS, named(shoot("garden-dual", prodConfirmedByAlice, "{stage: prod}"), "prod"))
                .put(Outcomes.SHOOTS, named(shoot("garden-dual", prodConfirmedByAlice, "{stage: dev}"), "dev"))
                .put(Outcomes.SHOOTS, named(shoot("garden-dual", "{}", "{stage: prod}"), "unconfirmed"))
                // the Shoots (namespaced) as their metadata only; the Projects, of which the cache keeps no views,
                // whole
                .listsAsViews(o -> {
                    if (!o.path("metadata").has("namespace")) {
                        return o;
                    }
                    ObjectNode view = o.objectNode();
                    view.set("metadata", o.get("metadata"));
                    return view;
                });
        Attributes byAlice = collection(Outcomes.SHOOT, Outcomes.SHOOTS, "garden-dual", Requests.ALICE);
        ApiException e = rejection(plugin(objects).validate(byAlice));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo(COLLECTION_FORBIDDEN + "2 errors occurred:\n"
                        + "\t* shoots.core.gardener.cloud \"prod\" is forbidden: you are not allowed to both confirm the "
                        + "deletion and send the actual DELETE request - another subject must perform the deletion\n"
                        + "\t* shoots.core.gardener.cloud \"unconfirmed\" is forbidden: must have a "
                        + "\"confirmation.gardener.cloud/deletion\" annotation to delete\n\n");
        ApiException byBob =
                rejection(plugin(objects).validate(collection(Outcomes.SHOOT, Outcomes.SHOOTS, "garden-dual", BOB)));
        assertThat(byBob.getMessage()).contains("\"unconfirmed\"").doesNotContain("\"prod\"");
    }

    /** Projects are cluster-scoped: their collection is every Project, each with its own spec (dual approval). */
    @Test
    void aCollectionOfProjectsIsEveryProject() {
        ApiException e = rejection(plugin(objects()).validate(collection(PROJECT, PROJECTS, "", Requests.ALICE)));
        assertThat(e.getMessage())
                .isEqualTo("projects.core.gardener.cloud \"Unknown\" is forbidden: 2 errors occurred:\n"
                        + "\t* projects.core.gardener.cloud \"dual\" is forbidden: must have a "
                        + "\"confirmation.gardener.cloud/deletion\" annotation to delete\n"
                        + "\t* projects.core.gardener.cloud \"unconfirmed\" is forbidden: must have a "
                        + "\"confirmation.gardener.cloud/deletion\" annotation to delete\n\n");
    }

    /** The confirmation annotations before and after a Shoot write, and the {@code confirmed-by} expected. */
    record Mutation(String name, String oldAnnotations, String annotations, String expectedConfirmedBy) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Mutation> mutations() {
        String confirmedByBob =
                "{confirmation.gardener.cloud/deletion: \"true\", deletion.gardener.cloud/confirmed-by: bob}";
        return Stream.of(
                new Mutation("create confirmed", null, CONFIRMED, "alice"),
                new Mutation(
                        "create with a forged confirmed-by", null, "{deletion.gardener.cloud/confirmed-by: bob}", null),
                new Mutation("update confirms", "{}", CONFIRMED, "alice"),
                new Mutation("update keeps the first confirmer", confirmedByBob, CONFIRMED, "bob"),
                new Mutation(
                        "update cannot forge the confirmer",
                        confirmedByBob,
                        "{confirmation.gardener.cloud/deletion: \"true\", deletion.gardener.cloud/confirmed-by: alice}",
                        "bob"),
                new Mutation(
                        "update withdraws the confirmation",
                        confirmedByBob,
                        "{deletion.gardener.cloud/confirmed-by: bob}",
                        null));
    }

    @ParameterizedTest
    @MethodSource("mutations")
    void admitMaintainsConfirmedBy(Mutation c) {
        ObjectNode shoot = shoot("garden-dev", c.annotations(), "{}");
        ObjectNode old = c.oldAnnotations() == null ? null : shoot("garden-dev", c.oldAnnotations(), "{}");
        Operation op = old == null ? Operation.CREATE : Operation.UPDATE;
        ObjectNode before = shoot.deepCopy();
        var answer = Outcomes.acceptedAnsweringItsWrites(
                plugin(objects()).admit(shootRequest(op, "", shoot, old)), before, shoot);
        // a create or update that neither confirms nor carries a confirmed-by leaves the Shoot alone
        boolean untouched = !shoot.path("metadata").path("annotations").has(DeletionConfirmation.CONFIRMED_BY)
                && !before.path("metadata").path("annotations").has(DeletionConfirmation.CONFIRMED_BY);
        assertThat(answer == cloud.gardener.apiserver.admission.Mutation.NONE).isEqualTo(untouched);
        String confirmedBy = shoot.path("metadata")
                .path("annotations")
                .path("deletion.gardener.cloud/confirmed-by")
                .asText(null);
        assertThat(confirmedBy).isEqualTo(c.expectedConfirmedBy());
    }

    /** As clients send them: no annotations or labels at all. */
    @Test
    void metadataWithoutAnnotationsOrLabels() {
        ObjectNode bare = object("{metadata: {name: s, namespace: garden-dual}, spec: {}}");
        assertThat(rejection(plugin(objects()).validate(shootRequest(Operation.DELETE, "", null, bare)))
                        .getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"s\" is forbidden: "
                        + "must have a \"confirmation.gardener.cloud/deletion\" annotation to delete");
        ObjectNode unlabelled =
                object("{metadata: {name: s, namespace: garden-dual, annotations: " + CONFIRMED + "}, spec: {}}");
        accepted(plugin(objects()).validate(shootRequest(Operation.DELETE, "", null, unlabelled)));

        ObjectNode shoot = unlabelled.deepCopy();
        accepted(plugin(objects()).admit(shootRequest(Operation.UPDATE, "", shoot, bare)));
        assertThat(shoot.path("metadata")
                        .path("annotations")
                        .path("deletion.gardener.cloud/confirmed-by")
                        .asText())
                .isEqualTo("alice");
        ObjectNode withdrawn = bare.deepCopy();
        accepted(plugin(objects()).admit(shootRequest(Operation.UPDATE, "", withdrawn, unlabelled)));
        assertThat(withdrawn.path("metadata").has("annotations")).isFalse();
    }
}
