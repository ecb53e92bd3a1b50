package cloud.gardener.apiserver.e2e.status;

import static cloud.gardener.apiserver.e2e.Fixtures.JSON_PATCH;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Status isolation both ways and shoots/binding (protocol sections 4.1 and 6.2). */
@Tag("integration")
class StatusSubresourceTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "status");
    }

    @Test
    void createDropsStatus() {
        ObjectNode body = shootObject("s-create");
        body.putObject("status").put("technicalID", "Forged");
        JsonNode created = create(admin, shoots(ns), body);
        // Go stores the zero status (the client's is dropped): no value the client sent survives.
        assertThat(created.path("status").path("technicalID").asText())
                .as(created.toString())
                .isEmpty();
    }

    @Test
    void mainResourceIgnoresStatus() {
        JsonNode created = create(admin, shoots(ns), shootObject("s-main"));
        TestClient.Response same = admin.put(shoot(ns, "s-main"), created);
        assertThat(same.json().path("metadata").path("resourceVersion").asText())
                .as("nothing changed, nothing written")
                .isEqualTo(created.path("metadata").path("resourceVersion").asText());
        // status sent to the main resource is dropped (Gardener declares no reset fields, so the writer's
        // managedFields entry still records the attempt, as upstream does)
        ObjectNode withStatus = created.deepCopy();
        withStatus.putObject("status").put("technicalID", "X");
        TestClient.Response put = admin.put(shoot(ns, "s-main"), withStatus);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("status").path("technicalID").asText()).isEmpty();

        TestClient.Response patch = admin.patch(shoot(ns, "s-main"), MERGE, "{\"status\":{\"technicalID\":\"Y\"}}");
        assertThat(patch.status()).as(patch.body()).isEqualTo(200);
        assertThat(patch.json().path("status").path("technicalID").asText()).isEmpty();
        assertThat(admin.get(shoot(ns, "s-main"))
                        .json()
                        .path("status")
                        .path("technicalID")
                        .asText())
                .isEmpty();
    }

    @Test
    void statusSubresourceChangesOnlyStatusWithoutGenerationBump() {
        // status.seedName: the status subresource may change it (status.technicalID is immutable once set)
        JsonNode created = create(admin, shoots(ns), shootObject("s-status"));
        ObjectNode body = created.deepCopy();
        body.putObject("status").put("seedName", "Ready");
        ((ObjectNode) body.get("spec")).put("region", "ignored");
        ((ObjectNode) body.get("metadata")).putObject("labels").put("from", "status");
        TestClient.Response put = admin.put(shoot(ns, "s-status") + "/status", body);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("status").path("seedName").asText()).isEqualTo("Ready");
        assertThat(put.json().path("spec").path("region").asText()).isEqualTo("eu-west-1");
        assertThat(put.json().path("metadata").path("generation").asLong()).isEqualTo(1);

        TestClient.Response patch = admin.patch(
                shoot(ns, "s-status") + "/status",
                MERGE,
                "{\"status\":{\"seedName\":\"Degraded\"},\"spec\":{\"region\":\"nope\"}}");
        assertThat(patch.status()).as(patch.body()).isEqualTo(200);
        assertThat(patch.json().path("status").path("seedName").asText()).isEqualTo("Degraded");
        assertThat(patch.json().path("spec").path("region").asText()).isEqualTo("eu-west-1");
        assertThat(patch.json().path("metadata").path("generation").asLong()).isEqualTo(1);

        TestClient.Response jsonPatch = admin.patch(
                shoot(ns, "s-status") + "/status",
                JSON_PATCH,
                "[{\"op\":\"replace\",\"path\":\"/status/seedName\",\"value\":\"Done\"}]");
        assertThat(jsonPatch.status()).as(jsonPatch.body()).isEqualTo(200);
        assertThat(jsonPatch.json().path("status").path("seedName").asText()).isEqualTo("Done");

        TestClient.Response get = admin.get(shoot(ns, "s-status") + "/status");
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.json().path("kind").asText()).isEqualTo("Shoot");
        assertThat(get.json().path("status").path("seedName").asText()).isEqualTo("Done");

        // and a later spec update through the main resource keeps the status
        TestClient.Response main = admin.patch(shoot(ns, "s-status"), MERGE, "{\"spec\":{\"purpose\":\"testing\"}}");
        assertThat(main.json().path("status").path("seedName").asText()).isEqualTo("Done");
        assertThat(main.json().path("metadata").path("generation").asLong()).isEqualTo(2);
    }

    @Test
    void bindingChangesOnlySeedName() {
        JsonNode created = create(admin, shoots(ns), shootObject("s-bind"));
        ObjectNode body = created.deepCopy();
        ((ObjectNode) body.get("spec")).put("seedName", "seed-1").put("region", "ignored");
        ((ObjectNode) body.get("metadata")).putObject("labels").put("ignored", "true");
        TestClient.Response put = admin.put(shoot(ns, "s-bind") + "/binding", body);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("spec").path("seedName").asText()).isEqualTo("seed-1");
        assertThat(put.json().path("spec").path("region").asText()).isEqualTo("eu-west-1");
        // the client's labels are not taken; the strategy labels the shoot with its seed
        assertThat(put.json().path("metadata").path("labels").has("ignored")).isFalse();
        assertThat(put.json()
                        .path("metadata")
                        .path("labels")
                        .path("name.seed.gardener.cloud/seed-1")
                        .asText())
                .isEqualTo("true");

        TestClient.Response patch = admin.patch(
                shoot(ns, "s-bind") + "/binding", MERGE, "{\"spec\":{\"seedName\":\"seed-2\",\"region\":\"ignored\"}}");
        assertThat(patch.status()).as(patch.body()).isEqualTo(200);
        assertThat(patch.json().path("spec").path("seedName").asText()).isEqualTo("seed-2");
        assertThat(patch.json().path("spec").path("region").asText()).isEqualTo("eu-west-1");
        assertThat(admin.get(shoot(ns, "s-bind"))
                        .json()
                        .path("spec")
                        .path("seedName")
                        .asText())
                .isEqualTo("seed-2");
    }
}
