package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gardener-operator's namespace webhook: the garden namespace cannot be deleted while a Garden exists (403 with
 * Gardener's message), in this server's own namespace DELETE and through {@code /webhooks/validate-core-v1-namespace}.
 */
@Tag("integration")
class GardenNamespaceProtectionE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String GARDENS = "/apis/operator.gardener.cloud/v1alpha1/gardens";
    private static final String WEBHOOK = "/webhooks/validate-core-v1-namespace";
    private static final String FORBIDDEN = "namespaces \"garden\" is forbidden: deletion of namespace \"garden\" is "
            + "forbidden while a Garden resource exists - delete it first before deleting the namespace";

    private static String namespace(String name) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}";
    }

    private static ObjectNode review(String operation, String name) {
        ObjectNode review = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "admission.k8s.io/v1")
                .put("kind", "AdmissionReview");
        ObjectNode request = review.putObject("request").put("uid", "u-" + operation);
        request.putObject("kind").put("group", "").put("version", "v1").put("kind", "Namespace");
        request.putObject("resource").put("group", "").put("version", "v1").put("resource", "namespaces");
        request.put("name", name).put("operation", operation);
        request.putObject("userInfo")
                .put("username", "system:admin")
                .putArray("groups")
                .add("system:masters");
        ObjectNode ns = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", name);
        request.set(operation.equals("DELETE") ? "oldObject" : "object", ns);
        return review;
    }

    private static JsonNode answer(TestClient admin, ObjectNode review) {
        TestClient.Response r = admin.post(WEBHOOK, review);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("response").path("uid").asText())
                .isEqualTo(review.path("request").path("uid").asText());
        return r.json().path("response");
    }

    @Test
    void gardenNamespaceIsProtectedOnlyWhileAGardenExists() {
        TestClient admin = SERVER.admin();
        assertThat(admin.post("/api/v1/namespaces", namespace("garden")).status())
                .isEqualTo(201);
        assertThat(admin.post("/api/v1/namespaces", namespace("other")).status())
                .isEqualTo(201);
        assertThat(answer(admin, review("DELETE", "garden")).path("allowed").asBoolean())
                .isTrue();
        ObjectNode garden =
                (ObjectNode) Examples.read("operator/20-garden.yaml", "Garden").deepCopy();
        TestClient.Response created = admin.post(GARDENS, garden);
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        TestClient.Response refused = admin.delete("/api/v1/namespaces/garden");
        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
        assertThat(refused.json().path("reason").asText()).isEqualTo("Forbidden");
        assertThat(refused.json().path("message").asText()).isEqualTo(FORBIDDEN);
        JsonNode denied = answer(admin, review("DELETE", "garden"));
        assertThat(denied.path("allowed").asBoolean()).isFalse();
        assertThat(denied.path("status").path("code").asInt()).isEqualTo(403);
        assertThat(denied.path("status").path("reason").asText()).isEqualTo("Forbidden");
        assertThat(denied.path("status").path("message").asText()).isEqualTo(FORBIDDEN);
        assertThat(answer(admin, review("UPDATE", "garden")).path("allowed").asBoolean())
                .isTrue();
        assertThat(admin.delete("/api/v1/namespaces/other").status())
                .as("other namespaces are not guarded")
                .isEqualTo(200);

        String name = created.json().path("metadata").path("name").asText();
        admin.patch(
                GARDENS + "/" + name,
                "application/merge-patch+json",
                "{\"metadata\":{\"finalizers\":null,"
                        + "\"annotations\":{\"confirmation.gardener.cloud/deletion\":\"true\"}}}");
        assertThat(admin.delete(GARDENS + "/" + name).status()).isEqualTo(200);
        assertThat(answer(admin, review("DELETE", "garden")).path("allowed").asBoolean())
                .isTrue();
        TestClient.Response deleted = admin.delete("/api/v1/namespaces/garden");
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
    }
}
