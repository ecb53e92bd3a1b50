package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The shared gardens build with every default admission plugin on: two gardens do not collide, and what an example
 * refers to is created as Gardener requires it and removed again, also after a refusal.
 */
@Tag("integration")
class GardenFixturesTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @BeforeAll
    static void examples() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void twoGardensEachAdmitTheirShoot(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden first = GardenFixtures.create(admin, bindingKind);
        Garden second = GardenFixtures.create(admin, bindingKind);
        assertThat(first.namespace()).isNotEqualTo(second.namespace());
        for (Garden g : new Garden[] {first, second}) {
            TestClient.Response created = admin.post(g.shoots(), GardenFixtures.shoot(g, "crazy-botany"));
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            assertThat(admin.get(GardenFixtures.CORE + "/projects/" + g.project())
                            .status())
                    .isEqualTo(200);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aManagedSeedExampleGetsItsScheduledShootAndLeavesNothingBehind(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        GardenFixtures.createExampleNamespacesAndSecrets(admin);
        List<String> paths = GardenFixtures.createReferencedBy(
                admin, GardenFixtures.documents("provider-local/managedseeds/managedseed.yaml"), bindingKind);
        TestClient.Response shoot = admin.get(GardenFixtures.CORE + "/namespaces/garden/shoots/managedseed");
        assertThat(shoot.status()).as(shoot.body()).isEqualTo(200);
        JsonNode spec = shoot.json().path("spec");
        assertThat(spec.path("seedName").asText()).isEqualTo("local");
        assertThat(spec.path("dns").path("domain").asText())
                .isEqualTo("managedseed.garden.external.local.gardener.cloud");
        assertThat(spec.path("kubernetes")
                        .path("verticalPodAutoscaler")
                        .path("enabled")
                        .asBoolean())
                .isTrue();
        assertThat(spec.path(bindingKind.shootField()).asText()).isEqualTo("local");
        assertThat(paths)
                .contains(
                        GardenFixtures.CORE + "/seeds/local",
                        GardenFixtures.CORE + "/namespaces/garden/shoots/managedseed",
                        bindingKind.bindingPath("garden", "local"));

        GardenFixtures.remove(admin, paths);
        for (String path : paths) {
            assertThat(admin.get(path).status()).as(path).isEqualTo(404);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aRefusedPrerequisiteRemovesWhatWasCreatedBeforeIt(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        ObjectNode taken = GardenFixtures.example("30-cloudprofile.yaml");
        ((ObjectNode) taken.get("metadata")).put("name", "local");
        GardenFixtures.created(admin, GardenFixtures.CORE + "/cloudprofiles", taken);
        try {
            assertThatThrownBy(() -> GardenFixtures.createReferencedBy(
                            admin, GardenFixtures.documents("90-shoot.yaml"), bindingKind))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("AlreadyExists");
            for (String path :
                    List.of("/projects/dev", "/projects/local", "/projects/garden", "/cloudprofiles/cloudprofile1")) {
                assertThat(admin.get(GardenFixtures.CORE + path).status())
                        .as(path)
                        .isEqualTo(404);
            }
        } finally {
            GardenFixtures.remove(admin, List.of(GardenFixtures.CORE + "/cloudprofiles/local"));
        }
    }
}
