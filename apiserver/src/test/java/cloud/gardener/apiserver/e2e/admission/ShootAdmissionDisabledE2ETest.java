package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --disable-admission-plugins=ShootValidator,ShootMutator}: the shoot the CloudProfile does not offer is
 * stored, and nothing is defaulted or annotated.
 */
class ShootAdmissionDisabledE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.withAdmission(List.of(),
            List.of("ShootValidator", "ShootMutator"), Map.of()));

    private static TestClient admin;
    private static Garden garden;

    @BeforeAll
    static void garden() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        admin = SERVER.admin();
        garden = GardenFixtures.create(admin);
    }

    @Test
    void theShootIsStoredUncheckedAndUnchanged() {
        ObjectNode shoot = GardenFixtures.shoot(garden, "loose");
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", "1.99.0");
        ((ObjectNode) shoot.at("/spec/provider/workers/0/machine/image")).put("version", "15.4.20220818");
        JsonNode created = GardenFixtures.created(admin, garden.shoots(), shoot);
        assertThat(created.at("/spec/kubernetes/version").asText()).isEqualTo("1.99.0");
        assertThat(created.at("/metadata/annotations/gardener.cloud~1created-by").isMissingNode()).isTrue();
    }

    @Test
    void withoutTheMutatorTheStaticValidationWantsAVersion() {
        TestClient.Response resp = admin.post(garden.shoots(), GardenFixtures.shoot(garden, "noversion"));
        assertThat(resp.status()).as(resp.body()).isEqualTo(422);
        assertThat(resp.body()).contains("spec.kubernetes.version: Required value: kubernetes version must not be empty");
    }
}
