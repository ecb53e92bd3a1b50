package cloud.gardener.apiserver.e2e.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Legacy and aggregated discovery (protocol section 2). */
@Tag("integration")
class DiscoveryTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String V2 = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    private static final String V2BETA1 = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
    private static final List<String> ALL_VERBS =
            List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    private static JsonNode find(JsonNode array, String field, String value) {
        for (JsonNode n : array) {
            if (value.equals(n.path(field).asText())) {
                return n;
            }
        }
        throw new AssertionError(field + "=" + value + " not in " + array);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String storageVersionHash(String gvk) throws Exception {
        byte[] sum = MessageDigest.getInstance("SHA-256").digest(gvk.getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder().encodeToString(Arrays.copyOf(sum, 8));
    }

    @Test
    void legacyGroupList() {
        TestClient.Response resp = admin.get("/apis");
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.header("Content-Type")).isEqualTo("application/json");
        JsonNode list = resp.json();
        assertThat(list.path("kind").asText()).isEqualTo("APIGroupList");
        assertThat(list.path("apiVersion").asText()).isEqualTo("v1");
        JsonNode core = find(list.path("groups"), "name", "core.gardener.cloud");
        assertThat(core.path("preferredVersion").path("groupVersion").asText())
                .isEqualTo("core.gardener.cloud/v1beta1");
        assertThat(core.path("versions").get(0).path("version").asText()).isEqualTo("v1beta1");
        assertThat(core.path("versions").get(0).path("groupVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        find(list.path("groups"), "name", "seedmanagement.gardener.cloud");
    }

    @Test
    void aggregatedDiscoveryWithEtag() {
        TestClient.Response resp = admin.get("/apis", Map.of("Accept", V2 + "," + V2BETA1 + ",application/json"));
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.header("Content-Type")).isEqualTo(V2);
        String etag = resp.header("ETag");
        assertThat(etag).matches("\"[0-9A-F]+\"");
        assertThat(resp.header("Vary")).isEqualTo("Accept");
        assertThat(resp.header("Cache-Control")).isEqualTo("public");
        JsonNode doc = resp.json();
        assertThat(doc.path("kind").asText()).isEqualTo("APIGroupDiscoveryList");
        assertThat(doc.path("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2");
        JsonNode core = null;
        for (JsonNode item : doc.path("items")) {
            if (item.path("metadata").path("name").asText().equals("core.gardener.cloud")) {
                core = item;
            }
        }
        assertThat(core).as("core.gardener.cloud group").isNotNull();
        JsonNode v1beta1 = core.path("versions").get(0);
        assertThat(v1beta1.path("version").asText()).isEqualTo("v1beta1");
        assertThat(v1beta1.path("freshness").asText()).isEqualTo("Current");
        JsonNode shoots = find(v1beta1.path("resources"), "resource", "shoots");
        assertThat(shoots.path("scope").asText()).isEqualTo("Namespaced");
        assertThat(shoots.path("singularResource").asText()).isEqualTo("shoot");
        assertThat(shoots.path("responseKind").path("kind").asText()).isEqualTo("Shoot");
        assertThat(shoots.path("responseKind").path("group").asText()).isEqualTo("core.gardener.cloud");
        assertThat(shoots.path("responseKind").path("version").asText()).isEqualTo("v1beta1");
        assertThat(texts(shoots.path("verbs"))).isEqualTo(ALL_VERBS);
        assertThat(texts(shoots.path("categories"))).containsExactly("all");
        JsonNode status = find(shoots.path("subresources"), "subresource", "status");
        assertThat(texts(status.path("verbs"))).containsExactly("get", "patch", "update");
        assertThat(status.path("responseKind").isObject()).isTrue();
        JsonNode cloudProfiles = find(v1beta1.path("resources"), "resource", "cloudprofiles");
        assertThat(cloudProfiles.path("scope").asText()).isEqualTo("Cluster");

        TestClient.Response cached = admin.get("/apis", Map.of("Accept", V2, "If-None-Match", etag));
        assertThat(cached.status()).isEqualTo(304);
        assertThat(cached.body()).isEmpty();
        assertThat(admin.get("/apis", Map.of("Accept", V2, "If-None-Match", "\"stale\""))
                        .status())
                .isEqualTo(200);

        TestClient.Response beta = admin.get("/apis", Map.of("Accept", V2BETA1));
        assertThat(beta.status()).isEqualTo(200);
        assertThat(beta.header("Content-Type")).isEqualTo(V2BETA1);
        assertThat(beta.json().path("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2beta1");

        // JSON first: the legacy document
        assertThat(admin.get("/apis", Map.of("Accept", "application/json," + V2))
                        .json()
                        .path("kind")
                        .asText())
                .isEqualTo("APIGroupList");
    }

    @Test
    void groupAndResourceLists() throws Exception {
        JsonNode group = admin.get("/apis/core.gardener.cloud").json();
        assertThat(group.path("kind").asText()).isEqualTo("APIGroup");
        assertThat(group.path("name").asText()).isEqualTo("core.gardener.cloud");
        assertThat(group.path("versions").get(0).path("version").asText()).isEqualTo("v1beta1");
        assertThat(group.path("preferredVersion").path("version").asText()).isEqualTo("v1beta1");

        TestClient.Response resp = admin.get("/apis/core.gardener.cloud/v1beta1");
        assertThat(resp.status()).isEqualTo(200);
        JsonNode list = resp.json();
        assertThat(list.path("kind").asText()).isEqualTo("APIResourceList");
        assertThat(list.path("groupVersion").asText()).isEqualTo("core.gardener.cloud/v1beta1");
        JsonNode shoots = find(list.path("resources"), "name", "shoots");
        assertThat(shoots.path("singularName").asText()).isEqualTo("shoot");
        assertThat(shoots.path("namespaced").asBoolean()).isTrue();
        assertThat(shoots.path("kind").asText()).isEqualTo("Shoot");
        assertThat(texts(shoots.path("verbs"))).isEqualTo(ALL_VERBS);
        assertThat(shoots.path("storageVersionHash").asText())
                .isEqualTo(storageVersionHash("core.gardener.cloud/v1beta1/Shoot"));
        for (JsonNode r : list.path("resources")) {
            List<String> verbs = texts(r.path("verbs"));
            assertThat(verbs).as(r.path("name").asText()).isSorted();
        }
        JsonNode status = find(list.path("resources"), "name", "shoots/status");
        assertThat(status.path("singularName").asText()).isEmpty();
        assertThat(status.path("kind").asText()).isEqualTo("Shoot");
        assertThat(texts(status.path("verbs"))).containsExactly("get", "patch", "update");
        assertThat(status.has("storageVersionHash")).isFalse();
        JsonNode binding = find(list.path("resources"), "name", "shoots/binding");
        assertThat(texts(binding.path("verbs"))).containsExactly("get", "patch", "update");
        JsonNode profiles = find(list.path("resources"), "name", "cloudprofiles");
        assertThat(profiles.path("namespaced").asBoolean()).isFalse();
        assertThat(texts(profiles.path("shortNames"))).contains("cprofile");
        assertThat(profiles.has("categories")).as("omitted when empty").isFalse();
        find(list.path("resources"), "name", "cloudprofiles/status");
    }

    @Test
    void legacyCoreGroup() {
        JsonNode versions = admin.get("/api").json();
        assertThat(versions.path("kind").asText()).isEqualTo("APIVersions");
        assertThat(texts(versions.path("versions"))).containsExactly("v1");
        JsonNode list = admin.get("/api/v1").json();
        assertThat(list.path("kind").asText()).isEqualTo("APIResourceList");
        assertThat(list.path("groupVersion").asText()).isEqualTo("v1");
        JsonNode namespaces = find(list.path("resources"), "name", "namespaces");
        assertThat(namespaces.path("namespaced").asBoolean()).isFalse();
        assertThat(texts(namespaces.path("verbs")))
                .doesNotContain("deletecollection")
                .contains("create", "watch");
        assertThat(texts(find(list.path("resources"), "name", "namespaces/finalize")
                        .path("verbs")))
                .containsExactly("update");
    }

    @Test
    void unknownDiscoveryPaths() {
        assertThat(admin.get("/apis/nope.example.com").status()).isEqualTo(404);
        assertThat(admin.get("/apis/core.gardener.cloud/v7").status()).isEqualTo(404);
    }
}
