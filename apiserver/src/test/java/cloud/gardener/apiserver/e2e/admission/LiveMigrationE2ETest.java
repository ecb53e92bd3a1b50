package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
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
 * {@code --feature-gates=LiveControlPlaneMigration=true}: ShootValidator judges the
 * {@code migration.gardener.cloud/live-migrate} annotation instead of refusing it outright (as the default server of
 * {@link ShootAdmissionE2ETest} does): never on creation, and a move through {@code shoots/binding} only when the
 * prerequisites hold; without the annotation the move is the classic migration.
 */
@Tag("integration")
class LiveMigrationE2ETest {

    private static final String LIVE_MIGRATE = "migration.gardener.cloud/live-migrate";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(
            config -> config.featureGates(FeatureGates.parse(List.of("LiveControlPlaneMigration=true"))));

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
    void theAnnotationIsRefusedOnCreation(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        ObjectNode shoot = GardenFixtures.shoot(garden, "livenew");
        shoot.withObjectProperty("metadata").withObjectProperty("annotations").put(LIVE_MIGRATE, "true");
        JsonNode status = Fixtures.assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"livenew\" is forbidden: "
                        + "metadata.annotations[migration.gardener.cloud/live-migrate]: Forbidden: annotation must not be set on "
                        + "shoot creation");
    }

    /**
     * Three seeds with a reported gardenlet version in europe-1, europe-2 and asia-1, and the scheduler's region
     * ConfigMap for the garden's CloudProfile: a highly available shoot moves to the near region, not to the far one.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void theRegionConfigMapDecidesHowFarTheControlPlaneMoves(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        for (String[] seed : new String[][] {{"e1", "europe-1"}, {"e2", "europe-2"}, {"as", "asia-1"}}) {
            seedIn(garden, garden.seed() + "-" + seed[0], seed[1]);
        }
        ObjectNode regions =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode meta = regions.putObject("metadata")
                .put("name", "scheduler-region-config-" + garden.project())
                .put("namespace", "garden");
        meta.putObject("labels").put("scheduling.gardener.cloud/purpose", "region-config");
        meta.putObject("annotations").put("scheduling.gardener.cloud/cloudprofiles", garden.cloudProfile());
        regions.putObject("data").put("europe-1", "europe-2: 50\nasia-1: 999\n");
        GardenFixtures.created(admin, "/api/v1/namespaces/garden/configmaps", regions);

        for (String name : new String[] {"near", "far"}) {
            ObjectNode shoot = GardenFixtures.shoot(garden, name);
            shoot.withObjectProperty("spec")
                    .putObject("controlPlane")
                    .putObject("highAvailability")
                    .putObject("failureTolerance")
                    .put("type", "node");
            GardenFixtures.created(admin, garden.shoots(), shoot);
            TestClient.Response bound = admin.patch(
                    garden.shoot(name) + "/binding",
                    Fixtures.MERGE,
                    "{\"spec\":{\"seedName\":\"" + garden.seed() + "-e1\"}}");
            assertThat(bound.status()).as(bound.body()).isEqualTo(200);
            TestClient.Response annotated = admin.patch(
                    garden.shoot(name),
                    Fixtures.MERGE,
                    "{\"metadata\":{\"annotations\":{\"" + LIVE_MIGRATE + "\":\"true\"}}}");
            assertThat(annotated.status()).as(annotated.body()).isEqualTo(200);
        }

        TestClient.Response near = admin.patch(
                garden.shoot("near") + "/binding",
                Fixtures.MERGE,
                "{\"spec\":{\"seedName\":\"" + garden.seed() + "-e2\"}}");
        assertThat(near.status()).as(near.body()).isEqualTo(200);
        JsonNode far = Fixtures.assertStatus(
                admin.patch(
                        garden.shoot("far") + "/binding",
                        Fixtures.MERGE,
                        "{\"spec\":{\"seedName\":\"" + garden.seed() + "-as\"}}"),
                403,
                "Forbidden");
        assertThat(far.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"far\" is forbidden: "
                        + "spec.seedName: Forbidden: distance 999 from source region europe-1 to destination region asia-1 "
                        + "exceeds threshold 180");
    }

    /** A seed like the garden's in another region, whose gardenlet reports its version. */
    private static void seedIn(Garden garden, String name, String region) {
        ObjectNode seed = admin.get(GardenFixtures.CORE + "/seeds/" + garden.seed())
                .json()
                .deepCopy();
        seed.remove("status");
        seed.putObject("metadata").put("name", name);
        ((ObjectNode) seed.at("/spec/provider")).put("region", region);
        ((ObjectNode) seed.at("/spec/ingress"))
                .put("domain", "ingress-" + name + "." + garden.project() + ".example.com");
        ObjectNode created = (ObjectNode) GardenFixtures.created(admin, GardenFixtures.CORE + "/seeds", seed)
                .deepCopy();
        created.putObject("status")
                .putObject("gardener")
                .put("name", "gardenlet")
                .put("version", "v1.150.0");
        TestClient.Response reported = admin.put(GardenFixtures.CORE + "/seeds/" + name + "/status", created);
        assertThat(reported.status()).as(reported.body()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aMoveWithoutThePrerequisitesIsRefused(BindingKind bindingKind) {
        Garden garden = gardens.get(bindingKind);
        // a second seed like the garden's, with the same internal domain, so that only the live migration rules speak
        JsonNode source =
                admin.get(GardenFixtures.CORE + "/seeds/" + garden.seed()).json();
        ObjectNode destination = source.deepCopy();
        destination.remove("status");
        destination.putObject("metadata").put("name", garden.seed() + "-b");
        ((ObjectNode) destination.at("/spec/ingress")).put("domain", "ingress-b." + garden.project() + ".example.com");
        GardenFixtures.created(admin, GardenFixtures.CORE + "/seeds", destination);

        GardenFixtures.created(admin, garden.shoots(), GardenFixtures.shoot(garden, "live"));
        TestClient.Response bound = admin.patch(
                garden.shoot("live") + "/binding",
                Fixtures.MERGE,
                "{\"spec\":{\"seedName\":\"" + garden.seed() + "\"}}");
        assertThat(bound.status()).as(bound.body()).isEqualTo(200);
        TestClient.Response annotated = admin.patch(
                garden.shoot("live"),
                Fixtures.MERGE,
                "{\"metadata\":{\"annotations\":{\"" + LIVE_MIGRATE + "\":\"true\"}}}");
        assertThat(annotated.status()).as(annotated.body()).isEqualTo(200);

        JsonNode refused = Fixtures.assertStatus(
                admin.patch(
                        garden.shoot("live") + "/binding",
                        Fixtures.MERGE,
                        "{\"spec\":{\"seedName\":\"" + garden.seed() + "-b\"}}"),
                403,
                "Forbidden");
        assertThat(refused.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"live\" is forbidden: "
                        + "[spec.seedName: Forbidden: shoot control plane must be configured for high availability to perform a "
                        + "live control plane migration, spec.seedName: Forbidden: gardenlet version not reported for source "
                        + "seed \"" + garden.seed()
                        + "\", spec.seedName: Forbidden: gardenlet version not reported for "
                        + "destination seed \"" + garden.seed() + "-b\"]");
        assertThat(admin.get(garden.shoot("live")).json().at("/spec/seedName").asText())
                .isEqualTo(garden.seed());

        // without the annotation the same move is the classic migration, which both seeds' backups allow
        TestClient.Response plain = admin.patch(
                garden.shoot("live"),
                Fixtures.MERGE,
                "{\"metadata\":{\"annotations\":{\"" + LIVE_MIGRATE + "\":null}}}");
        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        TestClient.Response moved = admin.patch(
                garden.shoot("live") + "/binding",
                Fixtures.MERGE,
                "{\"spec\":{\"seedName\":\"" + garden.seed() + "-b\"}}");
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        assertThat(moved.json().at("/spec/seedName").asText()).isEqualTo(garden.seed() + "-b");
    }
}
