package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code --disable-admission-plugins=ShootValidator,ShootMutator}: the shoot the CloudProfile does not offer is
 * stored, and nothing is defaulted or annotated.
 */
@Tag("integration")
class ShootAdmissionDisabledE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.disableAdmissionPlugins(List.of("ShootValidator", "ShootMutator")));

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
    void theShootIsStoredUncheckedAndUnchanged(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "loose");
        // a version the CloudProfile lacks that a Shoot of this binding kind may name (a SecretBinding's is below 1.34)
        String missing = bindingKind.refusedFromKubernetes134() ? "1.33.99" : "1.99.0";
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", missing);
        ((ObjectNode) shoot.at("/spec/provider/workers/0/machine/image")).put("version", "15.4.20220818");
        JsonNode created = GardenFixtures.created(admin, garden.shoots(), shoot);
        assertThat(created.at("/spec/kubernetes/version").asText()).isEqualTo(missing);
        assertThat(created.at("/metadata/annotations/gardener.cloud~1created-by")
                        .isMissingNode())
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void withoutTheMutatorTheStaticValidationWantsAVersion(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "noversion");
        ((ObjectNode) shoot.at("/spec/kubernetes")).remove("version");
        TestClient.Response resp = admin.post(garden.shoots(), shoot);
        assertThat(resp.status()).as(resp.body()).isEqualTo(422);
        assertThat(resp.body())
                .contains("spec.kubernetes.version: Required value: kubernetes version must not be empty");
    }
}
