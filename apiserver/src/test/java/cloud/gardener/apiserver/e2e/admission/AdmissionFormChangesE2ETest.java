package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.model.FormChanges;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How many times a Shoot is decoded into its record on a create through every default admission plugin, once the
 * objects the plugins look up are known: the plugins read the admitted Shoot as records the request shares
 * ({@code Attributes.object(Class)}), and the looked-up objects' records are kept with the cache's trees, so the
 * count stays that of the handlers and the store, plus a decode after each mutating plugin that changed the Shoot.
 */
@Tag("integration")
class AdmissionFormChangesE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @BeforeAll
    static void examples() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
    }

    @AfterEach
    void stop() {
        FormChanges.stop();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aShootCreateDecodesTheShootAFewTimesWhateverThePluginsRead(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden garden = GardenFixtures.create(admin, bindingKind);
        TestClient.Response first = admin.post(garden.shoots(), GardenFixtures.shoot(garden, "first"));
        assertThat(first.status()).as(first.body()).isEqualTo(201);

        FormChanges.Tally tally = FormChanges.start();
        TestClient.Response second = admin.post(garden.shoots(), GardenFixtures.shoot(garden, "second"));
        FormChanges.stop();

        assertThat(second.status()).as(second.body()).isEqualTo(201);
        System.out.println("form changes of a Shoot create through admission: " + tally);
        assertThat(tally.of(FormChanges.Change.TREE_TO_RECORD))
                .as(tally.toString())
                .isLessThanOrEqualTo(99);
    }
}
