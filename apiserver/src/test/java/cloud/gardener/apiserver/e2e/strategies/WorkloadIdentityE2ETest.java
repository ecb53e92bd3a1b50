package cloud.gardener.apiserver.e2e.strategies;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("integration")
class WorkloadIdentityE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createNamespace(admin, "wi");
    }

    private static String collection() {
        return "/apis/security.gardener.cloud/v1alpha1/namespaces/" + ns + "/workloadidentities";
    }

    private static ObjectNode identity(String name, String generateName) {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "security.gardener.cloud/v1alpha1").put("kind", "WorkloadIdentity");
        ObjectNode meta = obj.putObject("metadata");
        if (name != null) {
            meta.put("name", name);
        } else {
            meta.put("generateName", generateName);
        }
        obj.putObject("spec").putArray("audiences").add("gardener");
        obj.withObjectProperty("spec").putObject("targetSystem").put("type", "aws");
        return obj;
    }

    @Test
    void subjectNamesNamespaceNameAndUid() {
        JsonNode created = create(admin, collection(), identity("wi-1", null));
        String uid = created.path("metadata").path("uid").asText();
        assertThat(created.path("status").path("sub").asText())
                .isEqualTo("gardener.cloud:workloadidentity:" + ns + ":wi-1:" + uid);
        assertThat(created.path("metadata").has("generation")).isFalse();

        JsonNode generated = create(admin, collection(), identity(null, "wi-"));
        assertThat(generated.path("status").path("sub").asText())
                .isEqualTo("gardener.cloud:workloadidentity:" + ns
                        + ":" + generated.path("metadata").path("name").asText() + ":"
                        + generated.path("metadata").path("uid").asText());
    }

    @Test
    void putNeedsResourceVersion() {
        JsonNode created = create(admin, collection(), identity("wi-put", null));
        ObjectNode body = created.deepCopy();
        ((ObjectNode) body.get("metadata")).remove("resourceVersion");
        assertStatus(admin.put(collection() + "/wi-put", body), 422, "Invalid");
    }
}
