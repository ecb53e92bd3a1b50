package cloud.gardener.apiserver.e2e.strategies;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Shoot's strategy over HTTP: operation annotations, seedName, binding, conditional PUT. */
@Tag("integration")
class ShootStrategyE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "strategies");
    }

    /** A shoot static validation accepts (the shared fixture predates validation). */
    static ObjectNode validShoot(String name) {
        try {
            return (ObjectNode) Json.MAPPER.readTree("""
                    {"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot","metadata":{"name":"%s"},
                     "spec":{"cloudProfileName":"aws","region":"eu-west-1","credentialsBindingName":"creds",
                      "provider":{"type":"aws","workers":[{"name":"w1","minimum":1,"maximum":2,
                        "machine":{"type":"m5.large","image":{"name":"gardenlinux","version":"1.0.0"}},
                        "volume":{"type":"gp2","size":"20Gi"}}]},
                      "kubernetes":{"version":"1.31.1"},
                      "networking":{"type":"calico","nodes":"10.250.0.0/16"}}}
                    """.formatted(name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void setLastOperation(String name, String type, String state) {
        TestClient.Response status = admin.patch(
                shoot(ns, name) + "/status",
                MERGE,
                "{\"status\":{\"lastOperation\":{\"type\":\"" + type + "\",\"state\":\"" + state + "\","
                        + "\"description\":\"d\",\"lastUpdateTime\":\"2024-01-01T00:00:00Z\",\"progress\":100}}}");
        assertThat(status.status()).as(status.body()).isEqualTo(200);
    }

    @Test
    void reconcileAnnotationIsConsumedAndMovesTheGeneration() {
        create(admin, shoots(ns), validShoot("op"));
        setLastOperation("op", "Reconcile", "Succeeded");

        TestClient.Response annotated = admin.patch(
                shoot(ns, "op"),
                MERGE,
                "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":\"reconcile\"}}}");
        assertThat(annotated.status()).as(annotated.body()).isEqualTo(200);
        assertThat(annotated.json().path("metadata").path("generation").asLong())
                .isEqualTo(2);
        assertThat(annotated.json().path("metadata").path("annotations").has("gardener.cloud/operation"))
                .isFalse();

        TestClient.Response label = admin.patch(shoot(ns, "op"), MERGE, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
        assertThat(label.json().path("metadata").path("generation").asLong())
                .as("metadata only")
                .isEqualTo(2);

        TestClient.Response rotation = admin.patch(
                shoot(ns, "op"),
                MERGE,
                "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":\"rotate-ca-start\"}}}");
        assertThat(rotation.json().path("metadata").path("generation").asLong()).isEqualTo(3);
        assertThat(rotation.json()
                        .path("metadata")
                        .path("annotations")
                        .path("gardener.cloud/operation")
                        .asText())
                .as("kept for gardenlet")
                .isEqualTo("rotate-ca-start");
        // while gardenlet has not removed it, every write moves the generation again (as in Gardener)
        TestClient.Response again = admin.patch(shoot(ns, "op"), MERGE, "{\"metadata\":{\"labels\":{\"c\":\"d\"}}}");
        assertThat(again.json().path("metadata").path("generation").asLong()).isEqualTo(4);
    }

    @Test
    void operationAnnotationsAreValidatedOnTheMainResourceAndBindingButNotOnStatus() {
        create(admin, shoots(ns), validShoot("rot"));
        String unknown = "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":\"foo\"}}}";
        JsonNode refused = assertStatus(admin.patch(shoot(ns, "rot"), MERGE, unknown), 422, "Invalid");
        assertThat(refused.path("details").path("causes").get(0).path("field").asText())
                .isEqualTo("metadata.annotations[gardener.cloud/operation]");
        assertThat(refused.path("details").path("causes").get(0).path("reason").asText())
                .isEqualTo("FieldValueNotSupported");

        String caStart = "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":\"rotate-ca-start\"}}}";
        JsonNode notReady = assertStatus(admin.patch(shoot(ns, "rot"), MERGE, caStart), 422, "Invalid");
        assertThat(notReady.path("message").asText())
                .isEqualTo("Shoot.core.gardener.cloud \"rot\" is invalid: "
                        + "metadata.annotations[gardener.cloud/operation]: Forbidden: cannot start CA rotation if shoot was "
                        + "not yet created successfully or is not ready for reconciliation");

        setLastOperation("rot", "Reconcile", "Succeeded");
        TestClient.Response started = admin.patch(shoot(ns, "rot"), MERGE, caStart);
        assertThat(started.status()).as(started.body()).isEqualTo(200);
        // gardenlet reports the rotation while the annotation is still there: the status strategy does not judge it
        TestClient.Response preparing = admin.patch(
                shoot(ns, "rot") + "/status",
                MERGE,
                "{\"status\":{\"credentials\":{\"rotation\":{\"certificateAuthorities\":{\"phase\":\"Preparing\"}}}}}");
        assertThat(preparing.status()).as(preparing.body()).isEqualTo(200);
        // the main resource and the binding subresource do: the annotation no longer fits the rotation's phase
        assertStatus(admin.patch(shoot(ns, "rot"), MERGE, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}"), 422, "Invalid");
        JsonNode binding = assertStatus(
                admin.patch(shoot(ns, "rot") + "/binding", MERGE, "{\"spec\":{\"seedName\":\"seed-a\"}}"),
                422,
                "Invalid");
        assertThat(binding.path("message").asText())
                .contains("metadata.annotations[gardener.cloud/operation]: "
                        + "Forbidden: cannot start CA rotation if .status.credentials.rotation.certificateAuthorities.phase "
                        + "is not 'Completed'");
        TestClient.Response removed = admin.patch(
                shoot(ns, "rot"), MERGE, "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":null}}}");
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    }

    @Test
    void reconcileWithoutLastOperationStays() {
        create(admin, shoots(ns), validShoot("fresh"));
        TestClient.Response annotated = admin.patch(
                shoot(ns, "fresh"),
                MERGE,
                "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":\"reconcile\"}}}");
        assertThat(annotated.json().path("metadata").path("generation").asLong())
                .isEqualTo(1);
        assertThat(annotated
                        .json()
                        .path("metadata")
                        .path("annotations")
                        .path("gardener.cloud/operation")
                        .asText())
                .isEqualTo("reconcile");
    }

    @Test
    void bindingSetsTheSeedAndClearsAPendingCreation() {
        // Setting it on the main resource is ShootValidator's to refuse (e2e/admission/ShootAdmissionE2ETest).
        create(admin, shoots(ns), validShoot("sched"));
        setLastOperation("sched", "Create", "Pending");

        TestClient.Response bound =
                admin.patch(shoot(ns, "sched") + "/binding", MERGE, "{\"spec\":{\"seedName\":\"seed-a\"}}");
        assertThat(bound.status()).as(bound.body()).isEqualTo(200);
        JsonNode shoot = bound.json();
        assertThat(shoot.path("spec").path("seedName").asText()).isEqualTo("seed-a");
        assertThat(shoot.path("metadata").path("generation").asLong()).isEqualTo(2);
        assertThat(shoot.path("status").has("lastOperation"))
                .as("Create/Pending is cleared")
                .isFalse();
        assertThat(shoot.path("metadata")
                        .path("labels")
                        .path("name.seed.gardener.cloud/seed-a")
                        .asText())
                .isEqualTo("true");
    }

    @Test
    void putWithoutResourceVersionIsInvalid() {
        JsonNode created = create(admin, shoots(ns), validShoot("cond"));
        ObjectNode body = created.deepCopy();
        ((ObjectNode) body.get("metadata")).remove("resourceVersion");
        ((ObjectNode) body.get("spec")).put("region", "eu-2");
        JsonNode status = assertStatus(admin.put(shoot(ns, "cond"), body), 422, "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo("Shoot.core.gardener.cloud \"cond\" is invalid: "
                        + "metadata.resourceVersion: Invalid value: 0x0: must be specified for an update");

        TestClient.Response withRv = admin.put(shoot(ns, "cond"), created.deepCopy());
        assertThat(withRv.status()).as(withRv.body()).isEqualTo(200);
    }

    @Test
    void cloudProfileReferenceIsFilledFromTheName() {
        JsonNode created = create(admin, shoots(ns), validShoot("cpfl"));
        assertThat(created.path("spec").path("cloudProfile").path("name").asText())
                .isEqualTo("aws");
        assertThat(created.path("spec").path("cloudProfile").path("kind").asText())
                .isEqualTo("CloudProfile");
    }
}
