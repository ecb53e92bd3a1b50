package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ShootMutator and ShootValidator in the real server, on the garden of Gardener's example manifests: a Shoot that
 * fits its CloudProfile is admitted with the mutations (created-by, defaulted Kubernetes version and machine image);
 * one with a Kubernetes version, machine type or region the CloudProfile lacks is refused as Gardener refuses it.
 */
@Tag("integration")
class ShootAdmissionE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static TestClient admin;
    private static Map<BindingKind, Garden> gardens;

    @BeforeAll
    static void garden() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        admin = SERVER.admin();
        gardens = GardenFixtures.createForEachBindingKind(admin);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aFittingShootIsAdmittedWithTheMutations(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        JsonNode created = GardenFixtures.created(admin, garden.shoots(), GardenFixtures.shoot(garden, "botany"));
        JsonNode annotations = created.path("metadata").path("annotations");
        assertThat(annotations.path("gardener.cloud/created-by").asText()).isEqualTo("admin");
        assertThat(annotations.path("shoot.gardener.cloud/tasks").asText())
                .isEqualTo(
                        "deployInfrastructure,deployDNSRecordInternal,deployDNSRecordExternal,deployDNSRecordIngress");
        // 30-cloudprofile.yaml: 1.35.4 is the latest supported version (1.33.11 the latest a SecretBinding-bound Shoot
        // may have); gardenlinux 15.4.20220818 the latest image
        String version = GardenFixtures.kubernetesVersion(garden);
        assertThat(created.at("/spec/kubernetes/version").asText()).isEqualTo(version);
        assertThat(created.at("/spec/provider/workers/0/machine/image/version").asText())
                .isEqualTo("15.4.20220818");
        assertThat(created.at("/spec/provider/workers/0/machine/architecture").asText())
                .isEqualTo("amd64");
        assertThat(created.at("/spec/maintenance/autoRotation/credentials/etcdEncryptionKey/rotationPeriod")
                        .asText())
                .isEqualTo("672h0m0s");
        assertThat(admin.get(garden.shoot("botany"))
                        .json()
                        .at("/spec/kubernetes/version")
                        .asText())
                .isEqualTo(version);
        assertThat(created.at("/spec/" + bindingKind.shootField()).asText()).isEqualTo(garden.binding());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aKubernetesVersionTheCloudProfileLacksIsForbidden(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "kversion");
        // a version a Shoot of this binding kind may name (a SecretBinding's is below 1.34)
        String missing = bindingKind.refusedFromKubernetes134() ? "1.33.99" : "1.99.0";
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", missing);
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"kversion\" is forbidden: "
                        + "spec.kubernetes.version: Unsupported value: \"" + missing
                        + "\": supported values: \"1.35.4\", "
                        + "\"1.34.7\", \"1.33.11\"");
        assertThat(admin.get(garden.shoot("kversion")).status()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aLiveMigrationIsForbiddenWhileItsFeatureGateIsOff(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "live");
        shoot.withObjectProperty("metadata")
                .withObjectProperty("annotations")
                .put("migration.gardener.cloud/live-migrate", "true");
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"live\" is forbidden: "
                        + "metadata.annotations[migration.gardener.cloud/live-migrate]: Forbidden: the "
                        + "\"LiveControlPlaneMigration\" feature gate is disabled in gardener-apiserver");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aMachineTypeTheCloudProfileLacksIsForbidden(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "mtype");
        ((ObjectNode) shoot.at("/spec/provider/workers/0/machine")).put("type", "m9.huge");
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "shoots.core.gardener.cloud \"mtype\" is forbidden: "
                                + "spec.provider.workers[0].machine.type: Unsupported value: \"m9.huge\": supported values: \"m5.large\"");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aRegionTheCloudProfileLacksIsForbidden(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "region");
        ((ObjectNode) shoot.get("spec")).put("region", "mars-1");
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .startsWith("shoots.core.gardener.cloud \"region\" is forbidden: ")
                .contains("spec.region: Unsupported value: \"mars-1\": supported values: \"europe-central-1\"");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aVersionThatCannotBeDefaultedIsForbiddenByTheMutator(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "kminor");
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", "1.20");
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .contains("spec.kubernetes.version: Invalid value: \"1.20\": couldn't "
                        + "find a suitable version for 1.20.");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aNameTooLongWithTheProjectIsInvalid(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        String name = "n".repeat(21 - garden.project().length() + 1);
        JsonNode status =
                Fixtures.assertStatus(admin.post(garden.shoots(), GardenFixtures.shoot(garden, name)), 422, "Invalid");
        List<String> fields = new ArrayList<>();
        status.path("details")
                .path("causes")
                .forEach(c -> fields.add(c.path("field").asText()));
        assertThat(fields).containsExactly("name");
        assertThat(status.path("message").asText())
                .contains("the length of the shoot name and the project name must "
                        + "not exceed 21 characters (project: " + garden.project() + "; shoot: " + name + ")");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void theSeedIsSetOnlyThroughTheBindingSubresource(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        GardenFixtures.created(admin, garden.shoots(), GardenFixtures.shoot(garden, "sched"));
        String patch = "{\"spec\":{\"seedName\":\"" + garden.seed() + "\"}}";
        JsonNode refused =
                Fixtures.assertStatus(admin.patch(garden.shoot("sched"), Fixtures.MERGE, patch), 403, "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"sched\" is forbidden: "
                        + "spec.seedName 'nil' cannot be changed to '" + garden.seed()
                        + "' by patching the shoot, please use the "
                        + "shoots/binding subresource");

        TestClient.Response bound = admin.patch(garden.shoot("sched") + "/binding", Fixtures.MERGE, patch);
        assertThat(bound.status()).as(bound.body()).isEqualTo(200);
        assertThat(bound.json().at("/spec/seedName").asText()).isEqualTo(garden.seed());

        JsonNode again =
                Fixtures.assertStatus(admin.patch(garden.shoot("sched") + "/binding", Fixtures.MERGE, patch), 500, "");
        assertThat(again.path("message").asText())
                .isEqualTo("update of binding rejected, shoot is already assigned to " + "the same seed");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aShootBeyondItsBindingsQuotaIsForbidden(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode quota = GardenFixtures.example("60-quota.yaml");
        ((ObjectNode) quota.get("metadata")).put("namespace", garden.namespace());
        ((ObjectNode) quota.at("/spec/metrics")).put("cpu", "4");
        GardenFixtures.created(admin, GardenFixtures.CORE + "/namespaces/" + garden.namespace() + "/quotas", quota);
        bindingKind.create(
                admin,
                garden.namespace(),
                "quota-account",
                GardenFixtures.PROVIDER,
                binding -> binding.putArray("quotas")
                        .addObject()
                        .put("name", "trial-quota")
                        .put("namespace", garden.namespace()));

        ObjectNode shoot = bindingKind.bind(GardenFixtures.shoot(garden, "quota"), "quota-account");
        // 90-shoot.yaml's worker: at most 5 m5.large machines of 2 CPUs each
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"quota\" is forbidden: "
                        + "quota limits exceeded. Unable to allocate further cpu ");
        ((ObjectNode) shoot.at("/spec/provider/workers/0")).put("minimum", 1).put("maximum", 2);
        GardenFixtures.created(admin, garden.shoots(), shoot);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void kubectlShowsTheRefusal(BindingKind bindingKind) throws Exception {
        Garden garden = gardens.get(bindingKind);
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        ObjectNode shoot = GardenFixtures.shoot(garden, "kubectl");
        String missing = bindingKind.refusedFromKubernetes134() ? "1.33.99" : "1.99.0";
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", missing);
        Kubectl.Result result = kubectl.runWithInput(Json.YAML.writeValueAsString(shoot), "create", "-f", "-");
        assertThat(result.exitCode()).as(result.describe()).isNotZero();
        assertThat(result.stderr())
                .contains("shoots.core.gardener.cloud \"kubectl\" is forbidden: "
                        + "spec.kubernetes.version: Unsupported value: \"" + missing + "\"");
    }
}
