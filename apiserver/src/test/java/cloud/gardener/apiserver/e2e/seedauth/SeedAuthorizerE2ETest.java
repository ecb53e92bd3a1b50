package cloud.gardener.apiserver.e2e.seedauth;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.boundShootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The built-in SeedAuthorizer on the real server (standalone, no delegated SubjectAccessReview): a gardenlet
 * with a client certificate for seed-a works with Shoots scheduled on seed-a and is refused the others with
 * Kubernetes' 403, the authorizer's reason appended. The graph follows the store through its watch, also from a
 * Shoot to its binding and on to the credentials; the class runs once per {@link BindingKind}, each in a namespace of
 * its own. The built-in SeedRestriction admission plugin limits what the gardenlet creates.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(BindingKind.class)
@Tag("integration")
class SeedAuthorizerE2ETest {

    @RegisterExtension
    // The shoots are bound to seeds the tests never create: the Shoot garden checks are off.
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final String GARDENLET_A = "gardener.cloud:system:seed:seed-a";
    private static TestClient gardenlet;
    private static String namespace;

    @Parameter
    BindingKind bindingKind;

    /** Shoots on seed-a and seed-b, each bound by a binding of its own (named like the shoot) to credentials of its own. */
    @BeforeParameterizedClassInvocation
    static void scheduleShoots(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        namespace = Fixtures.createProjectNamespace(admin, "garden-seedauth");
        for (String[] shoot : new String[][] {{"shoot-a", "seed-a"}, {"shoot-b", "seed-b"}}) {
            bindingKind.create(admin, namespace, shoot[0], "aws");
            create(admin, shoots(namespace), onSeed(bindingKind, shoot[0], shoot[1]));
        }
        gardenlet = SERVER.client(GARDENLET_A, List.of("gardener.cloud:system:seeds"));
    }

    private static ObjectNode onSeed(BindingKind bindingKind, String name, String seed) {
        ObjectNode shoot = boundShootObject(name, bindingKind, name);
        ((ObjectNode) shoot.get("spec")).put("seedName", seed);
        return shoot;
    }

    /** The graph is fed asynchronously by a watch: wait until the response is the expected one. */
    private static TestClient.Response eventually(int status, Supplier<TestClient.Response> request)
            throws InterruptedException {
        TestClient.Response response = request.get();
        for (int i = 0; i < 100 && response.status() != status; i++) {
            Thread.sleep(100);
            response = request.get();
        }
        return response;
    }

    @Test
    void gardenletGetsAndUpdatesShootOnItsSeed() throws InterruptedException {
        TestClient.Response get = eventually(200, () -> gardenlet.get(shoot(namespace, "shoot-a")));
        assertThat(get.status()).as(get.body()).isEqualTo(200);

        ObjectNode shoot = (ObjectNode) get.json();
        ((ObjectNode) shoot.get("metadata")).putObject("labels").put("touched-by", "gardenlet");
        TestClient.Response update = gardenlet.put(shoot(namespace, "shoot-a"), shoot);
        assertThat(update.status()).as(update.body()).isEqualTo(200);
        assertThat(update.json()
                        .path("metadata")
                        .path("labels")
                        .path("touched-by")
                        .asText())
                .isEqualTo("gardenlet");

        TestClient.Response status = gardenlet.get(shoot(namespace, "shoot-a") + "/status");
        assertThat(status.status()).as(status.body()).isEqualTo(200);
    }

    @Test
    void gardenletIsForbiddenShootOnAnotherSeed() throws InterruptedException {
        eventually(200, () -> gardenlet.get(shoot(namespace, "shoot-a")));

        JsonNode status = assertStatus(gardenlet.get(shoot(namespace, "shoot-b")), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"shoot-b\" is forbidden: "
                        + "User \"" + GARDENLET_A
                        + "\" cannot get resource \"shoots\" in API group \"core.gardener.cloud\" "
                        + "in the namespace \"" + namespace + "\": no relationship found");
        assertThat(status.path("details").path("name").asText()).isEqualTo("shoot-b");

        TestClient.Response update =
                gardenlet.put(shoot(namespace, "shoot-b"), onSeed(bindingKind, "shoot-b", "seed-a"));
        assertStatus(update, 403, "Forbidden");
    }

    @Test
    void listsNeedTheSeedLabelSelector() {
        String selector = "?labelSelector=" + q("name.seed.gardener.cloud/seed-a=true");

        TestClient.Response labelled = gardenlet.get("/apis/core.gardener.cloud/v1beta1/shoots" + selector);
        assertThat(labelled.status()).as(labelled.body()).isEqualTo(200);

        JsonNode status = assertStatus(gardenlet.get(shoots(namespace)), 403, "Forbidden");
        assertThat(status.path("message").asText()).endsWith(": must specify field or label selector for name seed-a");
    }

    @Test
    void newShootsOnTheSeedBecomeAccessibleThroughTheWatch() throws InterruptedException {
        bindingKind.create(SERVER.admin(), namespace, "shoot-c", "aws");
        create(SERVER.admin(), shoots(namespace), onSeed(bindingKind, "shoot-c", "seed-a"));

        TestClient.Response get = eventually(200, () -> gardenlet.get(shoot(namespace, "shoot-c")));
        assertThat(get.status()).as(get.body()).isEqualTo(200);
        TestClient.Response credentials =
                eventually(200, () -> gardenlet.get(bindingKind.credentialsPath(namespace, "shoot-c")));
        assertThat(credentials.status()).as(credentials.body()).isEqualTo(200);
    }

    /** Shoot to binding to credentials (Gardener's graph: Secret or WorkloadIdentity, binding, Shoot, Seed). */
    @Test
    void gardenletReadsTheBindingAndCredentialsOfAShootOnItsSeedOnly() throws InterruptedException {
        TestClient.Response binding =
                eventually(200, () -> gardenlet.get(bindingKind.bindingPath(namespace, "shoot-a")));
        assertThat(binding.status()).as(binding.body()).isEqualTo(200);
        assertThat(binding.json().path("kind").asText())
                .isEqualTo(bindingKind
                        .binding(namespace, "shoot-a", "aws")
                        .path("kind")
                        .asText());
        TestClient.Response credentials =
                eventually(200, () -> gardenlet.get(bindingKind.credentialsPath(namespace, "shoot-a")));
        assertThat(credentials.status()).as(credentials.body()).isEqualTo(200);

        JsonNode otherBinding =
                assertStatus(gardenlet.get(bindingKind.bindingPath(namespace, "shoot-b")), 403, "Forbidden");
        assertThat(otherBinding.path("message").asText()).endsWith(": no relationship found");
        JsonNode otherCredentials =
                assertStatus(gardenlet.get(bindingKind.credentialsPath(namespace, "shoot-b")), 403, "Forbidden");
        assertThat(otherCredentials.path("message").asText()).endsWith(": no relationship found");
    }

    @Test
    void seedRestrictionLetsTheGardenletCreateShootStatesOnlyForShootsOfItsSeed() {
        String collection = "/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/shootstates";

        TestClient.Response own = gardenlet.post(collection, shootState("shoot-a"));
        assertThat(own.status()).as(own.body()).isEqualTo(201);

        JsonNode status = assertStatus(gardenlet.post(collection, shootState("shoot-b")), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "shootstates.core.gardener.cloud \"shoot-b\" is forbidden: object does not belong to seed \"seed-a\"");
        // other users are not restricted
        assertThat(SERVER.admin().post(collection, shootState("shoot-b")).status())
                .isEqualTo(201);
    }

    private static ObjectNode shootState(String name) {
        ObjectNode state = cloud.gardener.apiserver.api.json.Json.MAPPER.createObjectNode();
        state.put("apiVersion", "core.gardener.cloud/v1beta1").put("kind", "ShootState");
        state.putObject("metadata").put("name", name);
        return state;
    }

    @Test
    void gardenletMayNotChangeOtherSeedsNorDeleteShoots() {
        // reading seeds is a global read for every authenticated user; changing another seed is not
        ObjectNode seed = cloud.gardener.apiserver.api.json.Json.MAPPER.createObjectNode();
        seed.put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Seed")
                .putObject("metadata")
                .put("name", "seed-b");
        JsonNode status =
                assertStatus(gardenlet.put("/apis/core.gardener.cloud/v1beta1/seeds/seed-b", seed), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .startsWith("seeds.core.gardener.cloud \"seed-b\" is forbidden: " + "User \"" + GARDENLET_A
                        + "\" cannot update resource \"seeds\"");
        assertStatus(gardenlet.delete(shoot(namespace, "shoot-a")), 403, "Forbidden");
        assertStatus(gardenlet.delete(bindingKind.bindingPath(namespace, "shoot-a")), 403, "Forbidden");
    }
}
