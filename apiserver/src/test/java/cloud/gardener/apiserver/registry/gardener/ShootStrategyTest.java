package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.registry.gardener.StrategyCase.create;
import static cloud.gardener.apiserver.registry.gardener.StrategyCase.obj;
import static cloud.gardener.apiserver.registry.gardener.StrategyCase.update;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootStrategyTest {

    private final ShootStrategy strategy = new ShootStrategy();

    private static ObjectNode shoot(String annotations, String spec, String status) {
        return obj("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Shoot','metadata':{'name':'s','namespace':'n',"
                + "'generation':4" + (annotations.isEmpty() ? "" : ",'annotations':{" + annotations + "}") + "},"
                + "'spec':{" + spec + "}" + (status.isEmpty() ? "" : ",'status':{" + status + "}") + "}");
    }

    private static final String SPEC = "'region':'eu','provider':{'type':'aws','workers':[{'name':'w'}]}";
    private static final String SUCCEEDED = "'lastOperation':{'type':'Reconcile','state':'Succeeded'}";
    private static final String FAILED = "'lastOperation':{'type':'Reconcile','state':'Failed'}";

    /** annotations before and after (null: removed), whether the generation moves. */
    static Stream<Arguments> operations() {
        return Stream.of(
                Arguments.of("reconcile", SUCCEEDED, null, true),
                Arguments.of("reconcile", "", "reconcile", false),
                Arguments.of("reconcile", FAILED, "reconcile", false),
                Arguments.of("retry", FAILED, null, true),
                Arguments.of("retry", SUCCEEDED, "retry", false),
                Arguments.of("rotate-ca-start", SUCCEEDED, "rotate-ca-start", true),
                Arguments.of("rotate-etcd-encryption-key", SUCCEEDED, "rotate-etcd-encryption-key", true),
                Arguments.of(
                        "rotate-credentials-start;rotate-ca-start;rotate-ssh-keypair",
                        SUCCEEDED,
                        "rotate-credentials-start",
                        true),
                Arguments.of(
                        "rotate-credentials-complete;rotate-ca-complete",
                        SUCCEEDED,
                        "rotate-credentials-complete",
                        true),
                Arguments.of("reconcile;rotate-ca-start", SUCCEEDED, "rotate-ca-start", true),
                Arguments.of(" reconcile ; reconcile ", SUCCEEDED, null, true),
                Arguments.of("rotate-ssh-keypair", SUCCEEDED, "rotate-ssh-keypair", true),
                Arguments.of("rotate-rollout-workers=w", SUCCEEDED, "rotate-rollout-workers=w", true),
                Arguments.of("rollout-workers=w", SUCCEEDED, "rollout-workers=w", true),
                Arguments.of("force-in-place-update", SUCCEEDED, "force-in-place-update", false),
                Arguments.of("unknown", SUCCEEDED, "unknown", false),
                Arguments.of("", SUCCEEDED, null, false));
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("operations")
    void operationAnnotation(String operation, String status, String after, boolean moves) {
        ObjectNode old = shoot("", SPEC, status);
        ObjectNode updated =
                update(strategy, old, shoot("'gardener.cloud/operation':'" + operation + "'", SPEC, status), "");
        assertThat(Trees.annotation(updated, "gardener.cloud/operation")).isEqualTo(after);
        assertThat(ObjectTrees.generation(updated)).isEqualTo(moves ? 5 : 4);
    }

    @Test
    void sshRotationWithoutSshAccessIsDropped() {
        String spec = "'region':'eu','provider':{'type':'aws','workers':[{'name':'w'}],"
                + "'workersSettings':{'sshAccess':{'enabled':false}}}";
        ObjectNode updated = update(
                strategy,
                shoot("", spec, SUCCEEDED),
                shoot("'gardener.cloud/operation':'rotate-ssh-keypair'", spec, SUCCEEDED),
                "");
        assertThat(Trees.annotation(updated, "gardener.cloud/operation")).isNull();
        assertThat(ObjectTrees.generation(updated)).isEqualTo(4);
    }

    @Test
    void specChangeMovesGenerationAndKeepsOperationAnnotation() {
        ObjectNode updated = update(
                strategy,
                shoot("", SPEC, SUCCEEDED),
                shoot("'gardener.cloud/operation':'reconcile'", SPEC.replace("'eu'", "'us'"), SUCCEEDED),
                "");
        assertThat(ObjectTrees.generation(updated)).isEqualTo(5);
        // Go returns before looking at operations: the annotation stays
        assertThat(Trees.annotation(updated, "gardener.cloud/operation")).isEqualTo("reconcile");
    }

    @Test
    void confinedRolloutOnlyMovesOnHibernation() {
        String confined = SPEC + ",'maintenance':{'confineSpecUpdateRollout':true}";
        ObjectNode old = shoot("", confined, "");
        assertThat(ObjectTrees.generation(update(strategy, old, shoot("", confined.replace("'eu'", "'us'"), ""), "")))
                .isEqualTo(4);
        assertThat(ObjectTrees.generation(
                        update(strategy, old, shoot("", confined + ",'hibernation':{'enabled':true}", ""), "")))
                .isEqualTo(5);
    }

    @Test
    void forceDeletionConfirmationMovesGeneration() {
        ObjectNode old = shoot("", SPEC, "");
        assertThat(ObjectTrees.generation(update(
                        strategy, old, shoot("'confirmation.gardener.cloud/force-deletion':'True'", SPEC, ""), "")))
                .isEqualTo(5);
        assertThat(ObjectTrees.generation(update(
                        strategy,
                        shoot("'confirmation.gardener.cloud/force-deletion':'true'", SPEC, ""),
                        shoot("'confirmation.gardener.cloud/force-deletion':'true'", SPEC, ""),
                        "")))
                .isEqualTo(4);
    }

    @Test
    void deletionStartMovesGeneration() {
        ObjectNode deleting = shoot("", SPEC, "");
        ObjectTrees.meta(deleting).put("deletionTimestamp", "2024-01-01T00:00:00Z");
        assertThat(ObjectTrees.generation(update(strategy, shoot("", SPEC, ""), deleting, "")))
                .isEqualTo(5);
    }

    @Test
    void mainResourceLeavesSeedNameToAdmission() {
        ObjectNode old = shoot("", SPEC + ",'seedName':'a'", "");
        ObjectNode updated = update(strategy, old, shoot("", SPEC + ",'seedName':'b'", ""), "");
        assertThat(updated.path("spec").path("seedName").asText()).isEqualTo("b");
        assertThat(ObjectTrees.labels(updated))
                .containsEntry("name.seed.gardener.cloud/b", "true")
                .doesNotContainKey("name.seed.gardener.cloud/a");
    }

    @Test
    void maintenanceOperationIsCleanedUp() {
        ObjectNode updated = update(
                strategy,
                shoot("", SPEC, ""),
                shoot("'maintenance.gardener.cloud/operation':' a ;b; a'", SPEC, ""),
                "");
        assertThat(Trees.annotation(updated, "maintenance.gardener.cloud/operation"))
                .isEqualTo("a;b");
    }

    static Stream<Arguments> statusUpdates() {
        return Stream.of(
                Arguments.of("'lastOperation':{'type':'Migrate','state':'Succeeded'}", true),
                Arguments.of("'lastOperation':{'type':'Migrate','state':'Aborted'}", true),
                Arguments.of("'lastOperation':{'type':'Migrate','state':'Processing'}", false),
                Arguments.of("'lastOperation':{'type':'Reconcile','state':'Succeeded'}", false),
                Arguments.of(
                        "'credentials':{'rotation':{'etcdEncryptionKey':{'phase':'Prepared',"
                                + "'autoCompleteAfterPrepared':true}}}",
                        true),
                Arguments.of("'credentials':{'rotation':{'etcdEncryptionKey':{'phase':'Prepared'}}}", false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statusUpdates")
    void statusStrategyMovesGenerationOnlyInSpecialCases(String status, boolean moves) {
        ObjectNode updated = update(strategy, shoot("", SPEC, ""), shoot("", SPEC, status), "status");
        assertThat(ObjectTrees.generation(updated)).isEqualTo(moves ? 5 : 4);
    }

    @Test
    void statusSeedNameIsLabelled() {
        ObjectNode updated = update(
                strategy,
                shoot("", SPEC + ",'seedName':'a'", ""),
                shoot("", SPEC + ",'seedName':'a'", "'seedName':'b'"),
                "status");
        assertThat(ObjectTrees.labels(updated))
                .containsEntry("name.seed.gardener.cloud/a", "true")
                .containsEntry("name.seed.gardener.cloud/b", "true");
    }

    @Test
    void bindingClearsPendingCreationAndMovesGeneration() {
        String pending = "'lastOperation':{'type':'Create','state':'Pending'}";
        ObjectNode updated =
                update(strategy, shoot("", SPEC, pending), shoot("", SPEC + ",'seedName':'a'", pending), "binding");
        assertThat(updated.path("status").has("lastOperation")).isFalse();
        assertThat(ObjectTrees.generation(updated)).isEqualTo(5);
        assertThat(ObjectTrees.labels(updated)).containsEntry("name.seed.gardener.cloud/a", "true");

        String processing = "'lastOperation':{'type':'Create','state':'Processing'}";
        ObjectNode kept = update(
                strategy, shoot("", SPEC, processing), shoot("", SPEC + ",'seedName':'a'", processing), "binding");
        assertThat(kept.path("status").path("lastOperation").path("state").asText())
                .isEqualTo("Processing");

        ObjectNode same = update(
                strategy, shoot("", SPEC + ",'seedName':'a'", ""), shoot("", SPEC + ",'seedName':'a'", ""), "binding");
        assertThat(ObjectTrees.generation(same)).isEqualTo(4);
    }

    @Test
    void canonicalizeDropsLegacyDefaultsAndMaintainsLabels() {
        ObjectNode shoot = shoot(
                "",
                "'region':'eu','seedName':'s1','provider':{'type':'aws','workers':[{'name':'w',"
                        + "'controlPlane':{}}]},'kubernetes':{'clusterAutoscaler':{'maxEmptyBulkDelete':10},"
                        + "'kubeAPIServer':{'enableAnonymousAuthentication':false}},"
                        + "'addons':{'kubernetesDashboard':{'enabled':false}}",
                "");
        ObjectTrees.meta(shoot).putObject("labels").put("name.seed.gardener.cloud/stale", "true");
        create(strategy, shoot);
        assertThat(shoot.path("spec")
                        .path("kubernetes")
                        .path("clusterAutoscaler")
                        .has("maxEmptyBulkDelete"))
                .isFalse();
        assertThat(shoot.path("spec").path("kubernetes").path("kubeAPIServer").has("enableAnonymousAuthentication"))
                .isFalse();
        assertThat(shoot.path("spec").has("addons")).isFalse();
        assertThat(ObjectTrees.labels(shoot))
                .containsOnlyKeys("name.seed.gardener.cloud/s1", "shoot.gardener.cloud/self-hosted");
    }

    @Test
    void cloudProfileNameAndReferenceAreSynced() {
        ObjectNode shoot = shoot("", "'cloudProfileName':'aws','kubernetes':{'version':'1.31.1'}", "");
        create(strategy, shoot);
        assertThat(shoot.path("spec").path("cloudProfile").toString())
                .isEqualTo("{\"kind\":\"CloudProfile\",\"name\":\"aws\"}");

        ObjectNode fromRef = shoot("", "'cloudProfile':{'name':'gcp'},'kubernetes':{'version':'1.30.0'}", "");
        create(strategy, fromRef);
        assertThat(fromRef.path("spec").path("cloudProfileName").asText()).isEqualTo("gcp");
        assertThat(fromRef.path("spec").path("cloudProfile").path("kind").asText())
                .isEqualTo("CloudProfile");

        ObjectNode namespaced = shoot(
                "",
                "'cloudProfileName':'x','cloudProfile':{'kind':'NamespacedCloudProfile',"
                        + "'name':'p'},'kubernetes':{'version':'1.30.0'}",
                "");
        create(strategy, namespaced);
        assertThat(namespaced.path("spec").has("cloudProfileName")).isFalse();

        ObjectNode recent = shoot("", "'cloudProfile':{'name':'aws'},'kubernetes':{'version':'1.34.0'}", "");
        create(strategy, recent);
        assertThat(recent.path("spec").has("cloudProfileName")).isFalse();
        assertThat(recent.path("spec").path("cloudProfile").path("kind").asText())
                .isEqualTo("CloudProfile");
    }

    @Test
    void dnsProviderSecretNameAndCredentialsRefAreSynced() {
        ObjectNode shoot = shoot(
                "",
                "'kubernetes':{'version':'1.31.0'},'dns':{'providers':[{'secretName':'a'},"
                        + "{'credentialsRef':{'apiVersion':'v1','kind':'Secret','name':'b'}},"
                        + "{'credentialsRef':{'apiVersion':'security.gardener.cloud/v1alpha1','kind':'WorkloadIdentity','name':'c'}}]}",
                "");
        create(strategy, shoot);
        var providers = shoot.path("spec").path("dns").path("providers");
        assertThat(providers.get(0).path("credentialsRef").path("name").asText())
                .isEqualTo("a");
        assertThat(providers.get(1).path("secretName").asText()).isEqualTo("b");
        assertThat(providers.get(2).has("secretName")).isFalse();

        ObjectNode recent = shoot("", "'kubernetes':{'version':'1.35.0'},'dns':{'providers':[{'secretName':'a'}]}", "");
        create(strategy, recent);
        assertThat(recent.path("spec").path("dns").path("providers").get(0).has("credentialsRef"))
                .isFalse();
    }

    @Test
    void putNeedsResourceVersion() {
        assertThat(strategy.allowUnconditionalUpdate()).isFalse();
    }
}
