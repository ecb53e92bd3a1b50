package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Garden admission in the real server: one Garden at a time (400), confirmed deletion (403 until the
 * annotation is set) and the static validation (422); and the same rules as gardener-operator's webhook,
 * answering AdmissionReviews on a non-resource path.
 */
@Tag("integration")
class GardenAdmissionE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String GARDENS = "/apis/operator.gardener.cloud/v1alpha1/gardens";
    private static final String WEBHOOK = "/webhooks/validate-operator-gardener-cloud-v1alpha1-garden";
    private static final String ONLY_ONE =
            "there can be only one operator.gardener.cloud/v1alpha1.Garden resource in the system at a time";
    private static final String NOT_CONFIRMED =
            "must have a \"confirmation.gardener.cloud/deletion\" annotation to delete";

    private final TestClient admin = SERVER.admin();

    /** The Garden of the shared example, under another name. */
    private static ObjectNode garden(String name) {
        ObjectNode garden =
                (ObjectNode) Examples.read("operator/20-garden.yaml", "Garden").deepCopy();
        ((ObjectNode) garden.get("metadata")).put("name", name);
        return garden;
    }

    @AfterEach
    void removeGardens() {
        for (JsonNode g : admin.get(GARDENS).json().path("items")) {
            String path = GARDENS + "/" + g.path("metadata").path("name").asText();
            admin.patch(
                    path,
                    "application/merge-patch+json",
                    "{\"metadata\":{\"finalizers\":null,\"annotations\":"
                            + "{\"confirmation.gardener.cloud/deletion\":\"true\"}}}");
            admin.delete(path);
        }
    }

    @Test
    void onlyOneGardenMayExist() {
        assertThat(admin.post(GARDENS, garden("local")).status()).isEqualTo(201);

        TestClient.Response second = admin.post(GARDENS, garden("other"));
        assertThat(second.status()).as(second.body()).isEqualTo(400);
        assertThat(second.json().path("reason").asText()).isEqualTo("BadRequest");
        assertThat(second.json().path("message").asText()).isEqualTo(ONLY_ONE);
        assertThat(admin.get(GARDENS + "/other").status()).isEqualTo(404);
    }

    @Test
    void operatorFinalizerIsRefusedOnCreation() {
        ObjectNode garden = garden("local");
        ((ObjectNode) garden.get("metadata")).putArray("finalizers").add("gardener.cloud/operator");
        TestClient.Response created = admin.post(GARDENS, garden);
        assertThat(created.status()).as(created.body()).isEqualTo(400);
        assertThat(created.json().path("message").asText())
                .isEqualTo("finalizer \"gardener.cloud/operator\" cannot be added on creation");
    }

    @Test
    void deletionNeedsConfirmation() {
        assertThat(admin.post(GARDENS, garden("local")).status()).isEqualTo(201);

        TestClient.Response refused = admin.delete(GARDENS + "/local");
        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
        assertThat(refused.json().path("reason").asText()).isEqualTo("Forbidden");
        assertThat(refused.json().path("message").asText())
                .isEqualTo("gardens.operator.gardener.cloud \"local\" is forbidden: " + NOT_CONFIRMED);
        assertThat(admin.get(GARDENS + "/local").status()).isEqualTo(200);

        assertThat(admin.patch(
                                GARDENS + "/local",
                                "application/merge-patch+json",
                                "{\"metadata\":{\"annotations\":{\"confirmation.gardener.cloud/deletion\":\"true\"}}}")
                        .status())
                .isEqualTo(200);
        assertThat(admin.delete(GARDENS + "/local").status()).isIn(200, 202);
        assertThat(admin.get(GARDENS + "/local").status()).isEqualTo(404);
    }

    @Test
    void extensionTypesMustBeRegisteredOperatorExtensions() {
        String extensions = "/apis/operator.gardener.cloud/v1alpha1/extensions";
        ObjectNode foobar = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "operator.gardener.cloud/v1alpha1")
                .put("kind", "Extension");
        foobar.putObject("metadata").put("name", "extension-foobar");
        foobar.putObject("spec")
                .putArray("resources")
                .addObject()
                .put("kind", "Extension")
                .put("type", "foobar")
                .putArray("clusterCompatibility")
                .add("garden");
        TestClient.Response registered = admin.post(extensions, foobar);
        assertThat(registered.status()).as(registered.body()).isEqualTo(201);
        try {
            ObjectNode garden = garden("local");
            garden.withObjectProperty("spec").putArray("extensions").addObject().put("type", "barfoo");
            TestClient.Response refused = admin.post(GARDENS, garden);
            assertThat(refused.status()).as(refused.body()).isEqualTo(422);
            assertThat(refused.json()
                            .path("details")
                            .path("causes")
                            .get(0)
                            .path("field")
                            .asText())
                    .isEqualTo("spec.extensions[0].type");
            assertThat(refused.json()
                            .path("details")
                            .path("causes")
                            .get(0)
                            .path("message")
                            .asText())
                    .isEqualTo("Unsupported value: \"barfoo\": supported values: \"foobar\"");

            ((ObjectNode) garden.at("/spec/extensions/0")).put("type", "foobar");
            assertThat(admin.post(GARDENS, garden).status()).isEqualTo(201);
        } finally {
            // as in Gardener, a Garden naming an unregistered type cannot even be annotated: remove it first
            removeGardens();
            admin.delete(extensions + "/extension-foobar");
        }
    }

    @Test
    void staticValidationAnswers422WithCauses() {
        ObjectNode garden = garden("local");
        garden.withObjectProperty("spec")
                .withObjectProperty("virtualCluster")
                .withObjectProperty("kubernetes")
                .put("version", "1.31.0");
        TestClient.Response created = admin.post(GARDENS, garden);
        assertThat(created.status()).as(created.body()).isEqualTo(422);
        assertThat(created.json()
                        .path("details")
                        .path("causes")
                        .get(0)
                        .path("field")
                        .asText())
                .isEqualTo("spec.virtualCluster.kubernetes.version");
        assertThat(created.json()
                        .path("details")
                        .path("causes")
                        .get(0)
                        .path("reason")
                        .asText())
                .isEqualTo("FieldValueNotSupported");
    }

    @Test
    void deprecatedKubeAPIServerSettingsAreWarnedAbout() {
        ObjectNode garden = garden("local");
        garden.withObjectProperty("spec")
                .withObjectProperty("virtualCluster")
                .withObjectProperty("kubernetes")
                .putObject("kubeAPIServer")
                .put("enableAnonymousAuthentication", false);
        TestClient.Response created = admin.post(GARDENS, garden);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("Warning"))
                .startsWith("299 - \"you are setting the "
                        + "spec.virtualCluster.kubernetes.kubeAPIServer.enableAnonymousAuthentication field.");
    }

    // ---- the webhook

    private static ObjectNode review(String uid, String operation, ObjectNode object, ObjectNode oldObject) {
        ObjectNode review = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "admission.k8s.io/v1")
                .put("kind", "AdmissionReview");
        ObjectNode request = review.putObject("request").put("uid", uid);
        request.putObject("kind")
                .put("group", "operator.gardener.cloud")
                .put("version", "v1alpha1")
                .put("kind", "Garden");
        request.putObject("resource")
                .put("group", "operator.gardener.cloud")
                .put("version", "v1alpha1")
                .put("resource", "gardens");
        request.put(
                        "name",
                        (object != null ? object : oldObject)
                                .path("metadata")
                                .path("name")
                                .asText())
                .put("operation", operation);
        request.putObject("userInfo")
                .put("username", "system:admin")
                .putArray("groups")
                .add("system:masters");
        request.set("object", object);
        request.set("oldObject", oldObject);
        request.put("dryRun", false);
        return review;
    }

    private JsonNode answer(ObjectNode review) {
        TestClient.Response r = admin.post(WEBHOOK, review);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode body = r.json();
        assertThat(body.path("apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
        assertThat(body.path("kind").asText()).isEqualTo("AdmissionReview");
        assertThat(body.path("response").path("uid").asText())
                .isEqualTo(review.path("request").path("uid").asText());
        return body.path("response");
    }

    @Test
    void webhookAllowsTheFirstGardenAndRefusesASecond() throws IOException {
        JsonNode first = answer(review("6f3c0c4e-1", "CREATE", garden("local"), null));
        assertThat(first.path("allowed").asBoolean()).isTrue();
        assertThat(first.path("status")).isEqualTo(Json.MAPPER.readTree("{\"metadata\":{},\"code\":200}"));

        assertThat(admin.post(GARDENS, garden("local")).status()).isEqualTo(201);
        JsonNode second = answer(review("6f3c0c4e-2", "CREATE", garden("other"), null));
        assertThat(second.path("allowed").asBoolean()).isFalse();
        assertThat(second.path("status"))
                .isEqualTo(Json.MAPPER.readTree("{\"metadata\":{},\"status\":\"Failure\"," + "\"message\":\"" + ONLY_ONE
                        + "\",\"reason\":\"BadRequest\",\"code\":400}"));
    }

    @Test
    void webhookDeniesAnUnconfirmedDelete() throws IOException {
        JsonNode refused = answer(review("a1", "DELETE", null, garden("local")));
        assertThat(refused.path("allowed").asBoolean()).isFalse();
        assertThat(refused.path("status"))
                .isEqualTo(Json.MAPPER.readTree("{\"metadata\":{},\"message\":"
                        + Json.MAPPER.writeValueAsString(NOT_CONFIRMED) + ",\"reason\":\"Forbidden\",\"code\":403}"));

        ObjectNode confirmed = garden("local");
        confirmed
                .withObjectProperty("metadata")
                .putObject("annotations")
                .put("confirmation.gardener.cloud/deletion", "true");
        assertThat(answer(review("a2", "DELETE", null, confirmed))
                        .path("allowed")
                        .asBoolean())
                .isTrue();
    }

    @Test
    void webhookRejectsInvalidUpdatesWithCausesAndWarnsAboutDeprecatedSettings() {
        ObjectNode old = garden("local");
        ObjectNode changed = garden("local");
        changed.withObjectProperty("spec")
                .withObjectProperty("virtualCluster")
                .withObjectProperty("kubernetes")
                .put("version", "1.32.0")
                .putObject("kubeAPIServer")
                .put("enableAnonymousAuthentication", true);
        JsonNode response = answer(review("u1", "UPDATE", changed, old));
        assertThat(response.path("allowed").asBoolean()).isFalse();
        JsonNode status = response.path("status");
        assertThat(status.path("code").asInt()).isEqualTo(422);
        assertThat(status.path("reason").asText()).isEqualTo("Invalid");
        assertThat(status.path("details").path("kind").asText()).isEqualTo("Garden");
        assertThat(status.path("details").path("group").asText()).isEqualTo("operator.gardener.cloud");
        assertThat(status.path("details").path("causes").get(0).path("field").asText())
                .isEqualTo("spec.virtualCluster.kubernetes.version");
        assertThat(status.path("message").asText()).contains("kubernetes version downgrade is not supported");
        assertThat(response.path("warnings").get(0).asText())
                .startsWith("you are setting the "
                        + "spec.virtualCluster.kubernetes.kubeAPIServer.enableAnonymousAuthentication field.");
    }

    @Test
    void webhookAnswersMalformedRequestsWithoutType() {
        TestClient.Response wrongType = admin.send("POST", WEBHOOK, "{}", Map.of("Content-Type", "text/plain"));
        assertThat(wrongType.status()).isEqualTo(200);
        assertThat(wrongType.json().has("kind")).isFalse();
        assertThat(wrongType.json().path("response").path("allowed").asBoolean())
                .isFalse();
        assertThat(wrongType.json().path("response").path("status").path("code").asInt())
                .isEqualTo(400);
        assertThat(wrongType
                        .json()
                        .path("response")
                        .path("status")
                        .path("message")
                        .asText())
                .isEqualTo("contentType=text/plain, expected application/json");
    }

    @Test
    void webhookNeedsAnAuthorizedCaller() {
        TestClient user = SERVER.client("alice", List.of("system:authenticated"));
        TestClient.Response r = user.post(WEBHOOK, review("x", "CREATE", garden("local"), null));
        assertThat(r.status()).as(r.body()).isEqualTo(403);
        assertThat(r.json().path("kind").asText()).isEqualTo("Status");
        assertThat(r.json().path("message").asText())
                .contains("\"/webhooks/validate-operator-gardener-cloud-v1alpha1-garden\"");
    }
}
