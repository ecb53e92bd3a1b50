package cloud.gardener.apiserver.admission.plugins.bastion;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BastionPluginTest {

    private static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");
    private static final GroupResource BASTIONS = new GroupResource("operations.gardener.cloud", "bastions");
    private static final GroupVersionKind BASTION =
            new GroupVersionKind("operations.gardener.cloud", "v1alpha1", "Bastion");

    private static ObjectNode shoot(String name, String extra) {
        return Requests.object("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata: {name: %s, namespace: garden-dev, uid: uid-%s}
                spec:
                  seedName: seed-a
                  provider:
                    type: aws
                    workers: [{name: pool, machine: {type: m5.large}, maximum: 1, minimum: 1}]
                """.formatted(name, name) + extra);
    }

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(SHOOTS, shoot("ready", ""))
            .put(SHOOTS, Requests.object("""
                    metadata: {name: unscheduled, namespace: garden-dev, uid: u2}
                    spec: {provider: {type: aws, workers: [{name: pool}]}}
                    """))
            .put(SHOOTS, withDeletion(shoot("deleting", "")))
            .put(SHOOTS, shoot("nossh", "    workersSettings: {sshAccess: {enabled: false}}\n"))
            .put(SHOOTS, Requests.object("""
                    metadata: {name: workerless, namespace: garden-dev, uid: u5}
                    spec: {seedName: seed-a, provider: {type: aws}}
                    """));
    private final BastionPlugin plugin = new BastionPlugin(new PluginContext(objects, null, null, Clock.systemUTC()));

    private static ObjectNode withDeletion(ObjectNode shoot) {
        shoot.withObjectProperty("metadata").put("deletionTimestamp", "2026-01-01T00:00:00Z");
        return shoot;
    }

    private static ObjectNode bastion(String shoot) {
        return Requests.object("""
                apiVersion: operations.gardener.cloud/v1alpha1
                kind: Bastion
                metadata: {name: b, namespace: garden-dev}
                spec:
                  shootRef: {name: "%s"}
                  sshPublicKey: c3NoLXJzYSBBQUFB
                  ingress: [{ipBlock: {cidr: 10.0.0.0/8}}]
                """.formatted(shoot));
    }

    private static Attributes create(ObjectNode bastion) {
        return Requests.create(BASTION, BASTIONS, bastion);
    }

    @Test
    void aBastionTakesTheShootsSeedProviderCreatorAndOwnership() {
        ObjectNode bastion = bastion("ready");
        assertThat(plugin.admit(create(bastion)).succeeded()).isTrue();
        assertThat(bastion.path("spec").path("seedName").asText()).isEqualTo("seed-a");
        assertThat(bastion.path("spec").path("providerType").asText()).isEqualTo("aws");
        assertThat(bastion.path("metadata")
                        .path("annotations")
                        .path("gardener.cloud/created-by")
                        .asText())
                .isEqualTo("alice");
        assertThat(bastion.path("metadata").path("ownerReferences")).hasSize(1);
        ObjectNode ref =
                (ObjectNode) bastion.path("metadata").path("ownerReferences").get(0);
        assertThat(ref.toString())
                .isEqualTo("{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Shoot\","
                        + "\"name\":\"ready\",\"uid\":\"uid-ready\",\"controller\":true,\"blockOwnerDeletion\":true}");
    }

    @Test
    void updatesKeepTheCreatorAndDoNotDuplicateTheOwnerReference() {
        ObjectNode old = bastion("ready");
        plugin.admit(create(old));
        ObjectNode updated = old.deepCopy();
        Attributes update = Requests.of(
                BASTION,
                BASTIONS,
                "",
                Operation.UPDATE,
                updated,
                old,
                cloud.gardener.apiserver.authn.UserInfo.of("bob", java.util.List.of()));
        assertThat(plugin.admit(update).succeeded()).isTrue();
        assertThat(updated.path("metadata")
                        .path("annotations")
                        .path("gardener.cloud/created-by")
                        .asText())
                .isEqualTo("alice");
        assertThat(updated.path("metadata").path("ownerReferences")).hasSize(1);
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(
                        "",
                        "FieldValueRequired",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: spec.shootRef.name: "
                                + "Required value: shoot is required"),
                Arguments.of(
                        "missing",
                        "FieldValueInvalid",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: "
                                + "spec.shootRef.name: Invalid value: \"missing\": shoot garden-dev/missing not found"),
                // the shoot's seed is no shoot
                Arguments.of(
                        "seed-a",
                        "FieldValueInvalid",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: "
                                + "spec.shootRef.name: Invalid value: \"seed-a\": shoot garden-dev/seed-a not found"),
                Arguments.of(
                        "unscheduled",
                        "FieldValueInvalid",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: "
                                + "spec.shootRef.name: Invalid value: \"unscheduled\": shoot is not yet assigned to a seed"),
                Arguments.of(
                        "deleting",
                        "FieldValueInvalid",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: "
                                + "spec.shootRef.name: Invalid value: \"deleting\": shoot is in deletion"),
                Arguments.of(
                        "nossh",
                        "FieldValueInvalid",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: "
                                + "spec.shootRef.name: Invalid value: \"nossh\": ssh access is disabled for worker nodes"),
                Arguments.of(
                        "workerless",
                        "FieldValueInvalid",
                        "Bastion.operations.gardener.cloud \"b\" is invalid: "
                                + "spec.shootRef.name: Invalid value: \"workerless\": ssh access is disabled for worker nodes"));
    }

    @ParameterizedTest(name = "shoot \"{0}\"")
    @MethodSource("refusals")
    void aBastionForAnUnsuitableShootIsInvalid(String shoot, String causeType, String message) {
        Future<Mutation> result = plugin.admit(create(bastion(shoot)));
        assertThat(result.failed()).isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.status().details().causes().get(0).reason()).isEqualTo(causeType);
    }

    @Test
    void finalizerUpdatesPassWhileTheShootIsDeletedOrTheBastionIsDeleting() {
        ObjectNode old = bastion("deleting");
        old.withObjectProperty("metadata").putArray("finalizers").add("foo");
        ObjectNode updated = bastion("deleting");
        assertThat(plugin.admit(Requests.update(BASTION, BASTIONS, updated, old))
                        .succeeded())
                .isTrue();

        ObjectNode leaving = bastion("nossh");
        leaving.withObjectProperty("metadata").put("deletionTimestamp", "2026-01-01T00:00:00Z");
        assertThat(plugin.admit(Requests.update(BASTION, BASTIONS, leaving, old))
                        .succeeded())
                .isTrue();
    }

    @Test
    void otherKindsAndSubresourcesPass() {
        ObjectNode status = bastion("missing");
        Attributes statusUpdate =
                Requests.of(BASTION, BASTIONS, "status", Operation.UPDATE, status, status, Requests.ALICE);
        assertThat(plugin.admit(statusUpdate).succeeded()).isTrue();
        Attributes shootCreate = Requests.create(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot"), SHOOTS, shoot("x", ""));
        assertThat(plugin.admit(shootCreate).succeeded()).isTrue();
    }

    @Test
    void unsyncedCachesAreNotReady() {
        BastionPlugin unsynced =
                new BastionPlugin(new PluginContext(new InMemoryObjects().notReady(), null, null, Clock.systemUTC()));
        Future<Mutation> result = unsynced.admit(create(bastion("ready")));
        assertThat(((ApiException) result.cause()).code()).isEqualTo(403);
    }
}
