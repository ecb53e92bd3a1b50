package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared garden builds with every default admission plugin on, and two gardens do not collide. */
class GardenFixturesTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @BeforeAll
    static void examples() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
    }

    @Test
    void twoGardensEachAdmitTheirShoot() {
        TestClient admin = SERVER.admin();
        Garden first = GardenFixtures.create(admin);
        Garden second = GardenFixtures.create(admin);
        assertThat(first.namespace()).isNotEqualTo(second.namespace());
        for (Garden g : new Garden[] {first, second}) {
            TestClient.Response created = admin.post(g.shoots(), GardenFixtures.shoot(g, "crazy-botany"));
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            assertThat(admin.get(GardenFixtures.CORE + "/projects/" + g.project())
                    .status()).isEqualTo(200);
        }
    }
}
