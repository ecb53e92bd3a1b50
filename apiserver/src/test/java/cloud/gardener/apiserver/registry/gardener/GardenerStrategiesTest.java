package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.registry.gardener.StrategyCase.create;
import static cloud.gardener.apiserver.registry.gardener.StrategyCase.obj;
import static cloud.gardener.apiserver.registry.gardener.StrategyCase.update;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The generation and annotation rules of every kind but Shoot, one row per rule. */
class GardenerStrategiesTest {

    private static ObjectNode object(String annotations, String spec) {
        return obj("{'metadata':{'name':'x','generation':2"
                + (annotations.isEmpty() ? "" : ",'annotations':{" + annotations + "}") + "},'spec':{" + spec + "}}");
    }

    private static Arguments row(
            String name,
            ResourceStrategy strategy,
            String oldAnnotations,
            String newAnnotations,
            String newSpec,
            boolean moves,
            String operationAfter) {
        return Arguments.of(name, strategy, oldAnnotations, newAnnotations, newSpec, moves, operationAfter);
    }

    static Stream<Arguments> rules() {
        String op = "'gardener.cloud/operation':";
        return Stream.of(
                row("seed spec", new SeedStrategy(), "", "", "'a':2", true, null),
                row("seed reconcile", new SeedStrategy(), "", op + "'reconcile'", "'a':1", true, null),
                row(
                        "seed renew-kubeconfig",
                        new SeedStrategy(),
                        "",
                        op + "'renew-kubeconfig'",
                        "'a':1",
                        true,
                        "renew-kubeconfig"),
                row(
                        "seed renew-garden-access-secrets",
                        new SeedStrategy(),
                        "",
                        op + "'renew-garden-access-secrets'",
                        "'a':1",
                        true,
                        "renew-garden-access-secrets"),
                row(
                        "seed unchanged annotation",
                        new SeedStrategy(),
                        op + "'renew-kubeconfig'",
                        op + "'renew-kubeconfig'",
                        "'a':1",
                        false,
                        "renew-kubeconfig"),
                row("seed other operation", new SeedStrategy(), "", op + "'other'", "'a':1", false, "other"),
                row("backupbucket reconcile", new BackupBucketStrategy(), "", op + "'reconcile'", "'a':1", true, null),
                row("backupbucket labels only", new BackupBucketStrategy(), "", "'x':'y'", "'a':1", false, null),
                row("backupentry restore", new BackupEntryStrategy(), "", op + "'restore'", "'a':1", true, "restore"),
                row(
                        "backupentry restore kept",
                        new BackupEntryStrategy(),
                        op + "'restore'",
                        op + "'restore'",
                        "'a':1",
                        false,
                        "restore"),
                row("backupentry migrate", new BackupEntryStrategy(), "", op + "'migrate'", "'a':1", true, null),
                row("backupentry reconcile", new BackupEntryStrategy(), "", op + "'reconcile'", "'a':1", true, null),
                row(
                        "backupentry force deletion",
                        new BackupEntryStrategy(),
                        "",
                        "'backupentry.core.gardener.cloud/force-deletion':'true'",
                        "'a':1",
                        true,
                        null),
                row("managedseed reconcile", new ManagedSeedStrategy(), "", op + "'reconcile'", "'a':1", true, null),
                row(
                        "managedseed renew-kubeconfig",
                        new ManagedSeedStrategy(),
                        "",
                        op + "'renew-kubeconfig'",
                        "'a':1",
                        true,
                        "renew-kubeconfig"),
                row(
                        "managedseedset reconcile",
                        new ManagedSeedSetStrategy(),
                        "",
                        op + "'reconcile'",
                        "'a':1",
                        true,
                        null),
                row(
                        "managedseedset renew-kubeconfig",
                        new ManagedSeedSetStrategy(),
                        "",
                        op + "'renew-kubeconfig'",
                        "'a':1",
                        false,
                        "renew-kubeconfig"),
                row(
                        "gardenlet force-redeploy",
                        new GardenletStrategy(),
                        "",
                        op + "'force-redeploy'",
                        "'a':1",
                        true,
                        "force-redeploy"),
                row("gardenlet reconcile", new GardenletStrategy(), "", op + "'reconcile'", "'a':1", true, null),
                row(
                        "bastion reconcile kept",
                        new BastionStrategy(),
                        "",
                        op + "'reconcile'",
                        "'a':1",
                        true,
                        "reconcile"),
                row(
                        "bastion force deletion",
                        new BastionStrategy(),
                        "",
                        "'confirmation.gardener.cloud/force-deletion':'true'",
                        "'a':1",
                        true,
                        null),
                row("project spec", new ProjectStrategy(), "", "", "'a':2", true, null),
                row(
                        "project reconcile ignored",
                        new ProjectStrategy(),
                        "",
                        op + "'reconcile'",
                        "'a':1",
                        false,
                        "reconcile"),
                row("controllerregistration spec", new ControllerRegistrationStrategy(), "", "", "'a':2", true, null),
                row("controllerinstallation spec", new ControllerInstallationStrategy(), "", "", "'a':2", true, null),
                row("shootstate spec", new ShootStateStrategy(), "", "", "'a':2", true, null),
                row("namespacedcloudprofile spec", new NamespacedCloudProfileStrategy(), "", "", "'a':2", true, null),
                row("cloudprofile has no generation", new CloudProfileStrategy(), "", "", "'a':2", false, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void generationAndOperation(
            String name,
            ResourceStrategy strategy,
            String oldAnnotations,
            String newAnnotations,
            String newSpec,
            boolean moves,
            String operationAfter) {
        ObjectNode updated = update(strategy, object(oldAnnotations, "'a':1"), object(newAnnotations, newSpec), "");
        assertThat(ObjectTrees.generation(updated)).isEqualTo(moves ? 3 : 2);
        assertThat(Trees.annotation(updated, "gardener.cloud/operation")).isEqualTo(operationAfter);
    }

    @Test
    void deletionStartMovesTheGenerationOfKindsThatSaySo() {
        ObjectNode deleting = object("", "'a':1");
        ObjectTrees.meta(deleting).put("deletionTimestamp", "2024-01-01T00:00:00Z");
        assertThat(ObjectTrees.generation(update(new ManagedSeedStrategy(), object("", "'a':1"), deleting, "")))
                .isEqualTo(3);
        assertThat(ObjectTrees.generation(update(new ProjectStrategy(), object("", "'a':1"), deleting, "")))
                .isEqualTo(2);
    }

    @Test
    void statusWritesNeverMoveTheGeneration() {
        ObjectNode old = object("", "'a':1");
        ObjectNode desired = object("'gardener.cloud/operation':'reconcile'", "'a':1");
        desired.putObject("status").put("phase", "Ready");
        for (ResourceStrategy s : new ResourceStrategy[] {
            new SeedStrategy(), new ManagedSeedStrategy(), new BackupBucketStrategy(), new ProjectStrategy()
        }) {
            assertThat(ObjectTrees.generation(update(s, old, desired, "status")))
                    .as(s.getClass().getSimpleName())
                    .isEqualTo(2);
        }
    }

    @Test
    void scaleWritesGoThroughTheMainStrategy() {
        ObjectNode updated =
                update(new ManagedSeedSetStrategy(), object("", "'replicas':1"), object("", "'replicas':3"), "scale");
        assertThat(ObjectTrees.generation(updated)).isEqualTo(3);
    }

    @Test
    void seedLabelsMirrorTheProvider() {
        ObjectNode seed = obj("{'metadata':{'name':'s','labels':{'seed.gardener.cloud/region':'old'}},"
                + "'spec':{'provider':{'type':'gcp','region':'europe-west1'}}}");
        create(new SeedStrategy(), seed);
        assertThat(ObjectTrees.labels(seed))
                .containsEntry("seed.gardener.cloud/provider", "gcp")
                .containsEntry("seed.gardener.cloud/region", "europe-west1");
    }

    @Test
    void backupEntryLabelsNameItsSeeds() {
        ObjectNode entry = obj("{'metadata':{'name':'e'},'spec':{'seedName':'a'},'status':{'seedName':'b'}}");
        create(new BackupEntryStrategy(), entry);
        assertThat(ObjectTrees.labels(entry))
                .containsOnlyKeys("name.seed.gardener.cloud/a", "name.seed.gardener.cloud/b");
    }

    @Test
    void projectOwnerRoleFollowsTheOwner() {
        ObjectNode project = obj("{'metadata':{'name':'p'},'spec':{'owner':{'apiGroup':'rbac.authorization.k8s.io',"
                + "'kind':'User','name':'alice'},'members':["
                + "{'apiGroup':'rbac.authorization.k8s.io','kind':'User','name':'alice','role':'admin'},"
                + "{'apiGroup':'rbac.authorization.k8s.io','kind':'User','name':'bob','role':'owner','roles':['viewer']},"
                + "{'apiGroup':'rbac.authorization.k8s.io','kind':'User','name':'carol','role':'admin',"
                + "'roles':['admin','uam']}]}}");
        create(new ProjectStrategy(), project);
        var members = project.path("spec").path("members");
        assertThat(members.get(0).toString()).contains("\"role\":\"admin\",\"roles\":[\"owner\"]");
        assertThat(members.get(1).path("role").asText()).isEqualTo("viewer");
        assertThat(members.get(1).has("roles")).isFalse();
        assertThat(members.get(2).path("roles").toString()).isEqualTo("[\"uam\"]");
    }

    @Test
    void internalSecretKeepsItsType() {
        ObjectNode old = obj("{'metadata':{'name':'s'},'type':'Opaque'}");
        ObjectNode updated = update(new InternalSecretStrategy(), old, obj("{'metadata':{'name':'s'}}"), "");
        assertThat(updated.path("type").asText()).isEqualTo("Opaque");
    }

    @Test
    void workloadIdentityGetsItsSubject() {
        ObjectNode identity = obj("{'metadata':{'name':'wi','namespace':'garden-p','uid':'1234'},'spec':{}}");
        create(new WorkloadIdentityStrategy(), identity);
        assertThat(identity.path("status").path("sub").asText())
                .isEqualTo("gardener.cloud:workloadidentity:garden-p:wi:1234");

        ObjectNode given = obj("{'metadata':{'name':'wi','namespace':'n','uid':'1'},'status':{'sub':'mine'}}");
        create(new WorkloadIdentityStrategy(), given);
        assertThat(given.path("status").path("sub").asText()).isEqualTo("mine");

        ObjectNode generated = obj("{'metadata':{'generateName':'wi-','namespace':'n','uid':'2'}}");
        create(new WorkloadIdentityStrategy(), generated);
        String name = ObjectTrees.name(generated);
        assertThat(name).startsWith("wi-").hasSize(8);
        assertThat(generated.path("status").path("sub").asText())
                .isEqualTo("gardener.cloud:workloadidentity:n:" + name + ":2");
    }

    @Test
    void bastionHeartbeats() {
        Clock clock = Clock.fixed(Instant.parse("2024-05-01T10:00:00Z"), ZoneOffset.UTC);
        BastionStrategy strategy = new BastionStrategy(clock);
        ObjectNode bastion = obj(
                "{'metadata':{'name':'b','annotations':{'gardener.cloud/operation':'keepalive'}}," + "'spec':{'a':1}}");
        create(strategy, bastion);
        assertThat(bastion.path("status").path("lastHeartbeatTimestamp").asText())
                .isEqualTo("2024-05-01T10:00:00Z");
        assertThat(bastion.path("status").path("expirationTimestamp").asText()).isEqualTo("2024-05-01T11:00:00Z");
        assertThat(bastion.path("metadata").has("annotations")).isFalse();

        ObjectNode old = obj("{'metadata':{'name':'b','generation':1},'spec':{'a':1},"
                + "'status':{'lastHeartbeatTimestamp':'2024-05-01T09:00:00Z'}}");
        ObjectNode keepalive = obj("{'metadata':{'name':'b','annotations':{'gardener.cloud/operation':'keepalive'}},"
                + "'spec':{'a':1},'status':{'lastHeartbeatTimestamp':'2024-05-01T09:00:00Z'}}");
        ObjectNode updated = update(strategy, old, keepalive, "");
        assertThat(updated.path("status").path("expirationTimestamp").asText()).isEqualTo("2024-05-01T11:00:00Z");
        assertThat(Trees.annotation(updated, "gardener.cloud/operation")).isNull();
        assertThat(ObjectTrees.generation(updated)).isEqualTo(1);

        ObjectNode status = obj("{'metadata':{'name':'b','generation':1},'spec':{'a':1},"
                + "'status':{'lastHeartbeatTimestamp':'2024-05-01T09:30:00Z'}}");
        assertThat(update(strategy, old, status, "status")
                        .path("status")
                        .path("expirationTimestamp")
                        .asText())
                .isEqualTo("2024-05-01T10:30:00Z");
        assertThat(strategy.resetsStatusOnCreate()).isFalse();
    }

    @Test
    void controllerDeploymentMovesOnDeploymentChangesOnly() {
        ObjectNode old = obj("{'apiVersion':'core.gardener.cloud/v1','metadata':{'name':'d','generation':1},"
                + "'helm':{'rawChart':'AA=='}}");
        ObjectNode inject = old.deepCopy().put("injectGardenKubeconfig", true);
        assertThat(ObjectTrees.generation(update(new ControllerDeploymentStrategy(), old, inject, "")))
                .isEqualTo(1);
        ObjectNode chart = old.deepCopy();
        chart.withObjectProperty("helm").put("rawChart", "AB==");
        assertThat(ObjectTrees.generation(update(new ControllerDeploymentStrategy(), old, chart, "")))
                .isEqualTo(2);
        ObjectNode custom = old.deepCopy();
        Trees.setAnnotation(custom, ControllerDeploymentConversion.TYPE_ANNOTATION, "custom");
        assertThat(ObjectTrees.generation(update(new ControllerDeploymentStrategy(), old, custom, "")))
                .isEqualTo(2);
    }

    @Test
    void gardenletOwnsItsStatusOnTheMainResource() {
        assertThat(new GardenletStrategy().keepsStatusOnUpdate()).isFalse();
        assertThat(new GardenletStrategy().resetsStatusOnCreate()).isFalse();
        assertThat(new ShootStrategy().keepsStatusOnUpdate()).isTrue();
    }
}
