package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code --disable-admission-plugins=NamespacedCloudProfileValidator}: the profile the merge would refuse is stored. */
@Tag("integration")
class NamespacedCloudProfileAdmissionDisabledE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(
            config -> config.disableAdmissionPlugins(List.of("NamespacedCloudProfileValidator")));

    @Test
    void theProfileWithAnExpiringLatestVersionIsStored() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        TestClient admin = SERVER.admin();
        Garden garden = GardenFixtures.createWithoutBinding(admin);
        JsonNode created = GardenFixtures.created(
                admin,
                NamespacedCloudProfileAdmissionE2ETest.collection(garden),
                NamespacedCloudProfileAdmissionE2ETest.expiringLatestVersion(garden));
        assertThat(created.at("/spec/kubernetes/versions/0/expirationDate").asText())
                .isEqualTo("2099-01-01T00:00:00Z");
    }
}
