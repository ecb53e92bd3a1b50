package cloud.gardener.apiserver.e2e.strategies;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** ControllerDeployments are stored as core.gardener.cloud/v1 and served in v1beta1 and v1. */
@Tag("integration")
class ControllerDeploymentVersionsE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static final String BETA = "/apis/core.gardener.cloud/v1beta1/controllerdeployments";
    static final String V1 = "/apis/core.gardener.cloud/v1/controllerdeployments";
    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    private static ObjectNode beta(String name, String type, String providerConfig) throws Exception {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "core.gardener.cloud/v1beta1").put("kind", "ControllerDeployment");
        obj.putObject("metadata").put("name", name);
        obj.put("type", type);
        obj.set("providerConfig", Json.MAPPER.readTree(providerConfig));
        return obj;
    }

    /** What the store holds for the object (found by key suffix: the test's key prefix is the extension's). */
    private static JsonNode stored(String name) throws Exception {
        String suffix = "/core.gardener.cloud/controllerdeployments/" + name;
        ListPage page = SERVER.storage()
                .list(new ListRequest("/", 0, 0, null, so -> so.key().endsWith(suffix)))
                .toCompletionStage()
                .toCompletableFuture()
                .get();
        assertThat(page.items()).hasSize(1);
        return Json.MAPPER.readTree(new String(page.items().get(0).value(), StandardCharsets.UTF_8));
    }

    @Test
    void helmCreatedInV1beta1IsReadInV1() throws Exception {
        JsonNode created = create(
                admin,
                BETA,
                beta("cd-helm-beta-stored", "helm", "{\"chart\":\"H4sIAAAA\",\"values\":{\"replicas\":2}}"));
        assertThat(created.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(created.path("type").asText()).isEqualTo("helm");
        assertThat(created.path("providerConfig").path("chart").asText()).isEqualTo("H4sIAAAA");

        JsonNode v1 = admin.get(V1 + "/cd-helm-beta-stored").json();
        assertThat(v1.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1");
        assertThat(v1.path("helm").path("rawChart").asText()).isEqualTo("H4sIAAAA");
        assertThat(v1.path("helm").path("values").path("replicas").asInt()).isEqualTo(2);
        assertThat(v1.has("type")).isFalse();

        JsonNode stored = stored("cd-helm-beta-stored");
        assertThat(stored.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1");
        assertThat(stored.has("providerConfig")).isFalse();
    }

    @Test
    void helmCreatedInV1IsReadInV1beta1() throws Exception {
        ObjectNode v1 = Json.MAPPER.createObjectNode();
        v1.put("apiVersion", "core.gardener.cloud/v1").put("kind", "ControllerDeployment");
        v1.putObject("metadata").put("name", "helm-v1");
        v1.putObject("helm").putObject("ociRepository").put("ref", "registry.example.com/foo:1.0.0");
        create(admin, V1, v1);

        JsonNode beta = admin.get(BETA + "/helm-v1").json();
        assertThat(beta.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(beta.path("type").asText()).isEqualTo("helm");
        assertThat(beta.path("providerConfig").path("ociRepository").path("ref").asText())
                .isEqualTo("registry.example.com/foo:1.0.0");

        JsonNode list = admin.get(BETA).json();
        assertThat(list.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        // the items (not their managedFields entries, which keep the version each manager wrote in)
        for (JsonNode item : list.path("items")) {
            assertThat(item.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        }
    }

    @Test
    void customTypeRoundTripsThroughAnnotations() throws Exception {
        create(admin, BETA, beta("custom", "custom", "{\"foo\":\"bar\"}"));
        JsonNode v1 = admin.get(V1 + "/custom").json();
        assertThat(v1.path("metadata")
                        .path("annotations")
                        .path("migration.controllerdeployment.gardener.cloud/type")
                        .asText())
                .isEqualTo("custom");
        assertThat(v1.path("metadata")
                        .path("annotations")
                        .path("migration.controllerdeployment.gardener.cloud/providerConfig")
                        .asText())
                .isEqualTo("{\"foo\":\"bar\"}");

        JsonNode beta = admin.get(BETA + "/custom").json();
        assertThat(beta.path("type").asText()).isEqualTo("custom");
        assertThat(beta.path("providerConfig").path("foo").asText()).isEqualTo("bar");
        assertThat(beta.path("metadata").has("annotations")).isFalse();
    }

    @Test
    void patchesSpeakTheRequestVersion() throws Exception {
        create(admin, BETA, beta("patched", "helm", "{\"chart\":\"H4sIAAAA\",\"values\":{\"a\":1}}"));
        TestClient.Response patched =
                admin.patch(BETA + "/patched", MERGE, "{\"providerConfig\":{\"values\":{\"a\":2}}}");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        assertThat(patched.json()
                        .path("providerConfig")
                        .path("values")
                        .path("a")
                        .asInt())
                .isEqualTo(2);
        assertThat(patched.json().path("metadata").path("generation").asLong()).isEqualTo(2);

        TestClient.Response v1 = admin.patch(V1 + "/patched", MERGE, "{\"injectGardenKubeconfig\":true}");
        assertThat(v1.status()).as(v1.body()).isEqualTo(200);
        assertThat(v1.json().path("helm").path("values").path("a").asInt()).isEqualTo(2);
        assertThat(v1.json().path("metadata").path("generation").asLong())
                .as("not a deployment change")
                .isEqualTo(2);
    }
}
