package cloud.gardener.apiserver.e2e.patch;

import static cloud.gardener.apiserver.e2e.Fixtures.JSON_PATCH;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** JSON patch and merge patch rules of protocol section 6 (strategic merge and apply are later work). */
@Tag("integration")
class PatchTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "patch");
    }

    @Test
    void failingTestOperationIsInvalidWithTheGenericMessage() {
        JsonNode created = create(admin, shoots(ns), shootObject("p-test"));
        TestClient.Response resp = admin.patch(
                shoot(ns, "p-test"), JSON_PATCH, "[{\"op\":\"test\",\"path\":\"/spec/region\",\"value\":\"nowhere\"}]");
        JsonNode status = assertStatus(resp, 422, "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo("the server rejected our request due to an error in our request");
        assertThat(rv(admin.get(shoot(ns, "p-test")).json())).isEqualTo(rv(created));

        // removing a missing path fails the same way
        assertStatus(
                admin.patch(shoot(ns, "p-test"), JSON_PATCH, "[{\"op\":\"remove\",\"path\":\"/spec/nothing\"}]"),
                422,
                "Invalid");
    }

    @Test
    void moreThanTenThousandOperationsIsTooLarge() {
        create(admin, shoots(ns), shootObject("p-many"));
        StringBuilder ops = new StringBuilder("[");
        for (int i = 0; i < 10001; i++) {
            ops.append(i == 0 ? "" : ",").append("{\"op\":\"test\",\"path\":\"/kind\",\"value\":\"Shoot\"}");
        }
        JsonNode status = assertStatus(
                admin.patch(shoot(ns, "p-many"), JSON_PATCH, ops.append(']').toString()), 413, "RequestEntityTooLarge");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001");
    }

    @Test
    void mergePatchNullDeletesAndArraysAreReplaced() {
        create(admin, shoots(ns), shootObject("p-merge"));
        TestClient.Response first = admin.patch(
                shoot(ns, "p-merge"),
                MERGE,
                "{\"metadata\":{\"finalizers\":[\"a/b\",\"c/d\"],\"annotations\":{\"x\":\"1\",\"y\":\"2\"}}}");
        assertThat(first.status()).as(first.body()).isEqualTo(200);
        TestClient.Response second = admin.patch(
                shoot(ns, "p-merge"), MERGE, "{\"metadata\":{\"finalizers\":[\"c/d\"],\"annotations\":{\"x\":null}}}");
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json().path("metadata").path("finalizers")).hasSize(1);
        assertThat(second.json().path("metadata").path("annotations").has("x")).isFalse();
        assertThat(second.json().path("metadata").path("annotations").path("y").asText())
                .isEqualTo("2");
        admin.patch(shoot(ns, "p-merge"), MERGE, "{\"metadata\":{\"finalizers\":null}}");
    }

    @Test
    void badPatchBodiesAndImmutableFields() {
        JsonNode created = create(admin, shoots(ns), shootObject("p-bad"));
        assertStatus(admin.patch(shoot(ns, "p-bad"), JSON_PATCH, "{\"op\":\"add\"}"), 400, "BadRequest");
        assertStatus(admin.patch(shoot(ns, "p-bad"), MERGE, "{not json"), 400, "BadRequest");
        // the patched object is validated like a PUT
        TestClient.Response uid = admin.patch(shoot(ns, "p-bad"), MERGE, "{\"metadata\":{\"uid\":\"other\"}}");
        assertStatus(uid, 422, "Invalid");
        assertThat(uid.json().path("message").asText()).contains("metadata.uid").contains("field is immutable");
        // changing the kind through a patch is refused: the patched object does not decode into a Shoot
        JsonNode otherKind =
                assertStatus(admin.patch(shoot(ns, "p-bad"), MERGE, "{\"kind\":\"Seed\"}"), 422, "Invalid");
        assertThat(otherKind.path("message").asText())
                .startsWith(" \"\" is invalid: patch: Invalid value: ")
                .endsWith(": converting (github.com/gardener/gardener/pkg/apis/core/v1beta1) Seed to "
                        + "(github.com/gardener/gardener/pkg/apis/core) Shoot: unknown conversion");
        assertThat(rv(admin.get(shoot(ns, "p-bad")).json())).isEqualTo(rv(created));
    }

    @Test
    void contentTypeParametersAreIgnored() {
        create(admin, shoots(ns), shootObject("p-ct"));
        TestClient.Response resp =
                admin.patch(shoot(ns, "p-ct"), MERGE + "; charset=utf-8", "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
    }
}
