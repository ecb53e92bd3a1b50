package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * NamespacedCloudProfileValidator in the real server: an image of the profile's own must be a valid image (500,
 * Gardener's plain error), the merged {@code status.cloudProfileSpec} must be valid (500), and a sound profile is
 * stored (a missing parent is refused earlier in the chain, by the mutating ExtensionLabels: {@link MissingReferencesE2ETest}). {@link NamespacedCloudProfileAdmissionDisabledE2ETest} turns it off.
 */
@Tag("integration")
class NamespacedCloudProfileAdmissionE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static TestClient admin;
    private static Garden garden;

    @BeforeAll
    static void garden() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        admin = SERVER.admin();
        garden = GardenFixtures.createWithoutBinding(admin);
    }

    /** A NamespacedCloudProfile of the garden's namespace below the garden's CloudProfile (30-cloudprofile.yaml). */
    static ObjectNode profile(Garden g, String name) {
        ObjectNode profile = GardenFixtures.example("35-namespacedcloudprofile.yaml");
        ((ObjectNode) profile.get("metadata")).put("name", name).put("namespace", g.namespace());
        ObjectNode spec = ((ObjectNode) profile.get("spec"));
        spec.removeAll();
        spec.putObject("parent").put("kind", "CloudProfile").put("name", g.cloudProfile());
        return profile;
    }

    /** Extends the parent's latest Kubernetes version: its status would carry an expiring latest version. */
    static ObjectNode expiringLatestVersion(Garden g) {
        ObjectNode profile = profile(g, "expiring-latest");
        ((ObjectNode) profile.get("spec"))
                .putObject("kubernetes")
                .putArray("versions")
                .addObject()
                .put("version", "1.35.4")
                .put("expirationDate", "2099-01-01T00:00:00Z");
        return profile;
    }

    static String collection(Garden g) {
        return GardenFixtures.CORE + "/namespaces/" + g.namespace() + "/namespacedcloudprofiles";
    }

    @Test
    void theMergedStatusMustBeValid() {
        TestClient.Response resp = admin.post(collection(garden), expiringLatestVersion(garden));
        assertThat(resp.status()).as(resp.body()).isEqualTo(500);
        assertThat(resp.json().path("message").asText())
                .isEqualTo("error while validating merged NamespacedCloudProfile: "
                        + "[status.cloudProfileSpec.kubernetes.versions[].expirationDate: Invalid value: 2099-01-01 00:00:00 +0000 "
                        + "UTC: expiration date of latest kubernetes version ('1.35.4') must not be set]");
        assertThat(admin.get(collection(garden) + "/expiring-latest").status()).isEqualTo(404);
    }

    @Test
    void anImageOfItsOwnMustBeAValidImage() {
        ObjectNode profile = profile(garden, "own-image");
        ((ObjectNode) profile.get("spec"))
                .putArray("machineImages")
                .addObject()
                .put("name", "custom-os")
                .put("updateStrategy", "major")
                .putArray("versions")
                .addObject()
                .put("version", "1.0.0")
                .putArray("cri")
                .addObject()
                .put("name", "containerd");
        TestClient.Response resp = admin.post(collection(garden), profile);
        assertThat(resp.status()).as(resp.body()).isEqualTo(500);
        assertThat(resp.json().path("message").asText())
                .isEqualTo(
                        "spec.machineImages[0].versions[0].architectures: Required value: must provide at least one architecture");
    }

    @Test
    void aSoundProfileIsStored() {
        ObjectNode profile = profile(garden, "sound");
        ObjectNode spec = (ObjectNode) profile.get("spec");
        spec.putObject("kubernetes")
                .putArray("versions")
                .addObject()
                .put("version", "1.34.7")
                .put("expirationDate", "2099-01-01T00:00:00Z");
        spec.putArray("machineTypes")
                .addObject()
                .put("name", "custom-large")
                .put("cpu", "4")
                .put("gpu", "0")
                .put("memory", "16Gi")
                .put("architecture", "amd64");
        JsonNode created = GardenFixtures.created(admin, collection(garden), profile);
        assertThat(created.at("/spec/machineTypes/0/name").asText()).isEqualTo("custom-large");
    }
}
