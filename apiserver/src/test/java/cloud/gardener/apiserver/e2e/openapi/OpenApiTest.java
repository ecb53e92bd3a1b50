package cloud.gardener.apiserver.e2e.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** /openapi/v2 and /openapi/v3 with ETags and hash redirects (protocol section 3.1). */
@Tag("integration")
class OpenApiTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String GV = "apis/core.gardener.cloud/v1beta1";

    static TestClient admin;

    @BeforeAll
    static void client() {
        admin = SERVER.admin();
    }

    @Test
    void v2JsonWithEtag() {
        TestClient.Response resp = admin.get("/openapi/v2", Map.of("Accept", "application/json"));
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.header("Content-Type")).isEqualTo("application/json");
        assertThat(resp.header("Vary")).isEqualTo("Accept");
        assertThat(resp.header("Last-Modified")).isNotBlank();
        String etag = resp.header("ETag");
        assertThat(etag).matches("\"[0-9A-F]{128}\"");
        JsonNode doc = resp.json();
        assertThat(doc.path("swagger").asText()).isEqualTo("2.0");
        assertThat(doc.path("paths").has("/apis/core.gardener.cloud/v1beta1/namespaces/{namespace}/shoots"))
                .isTrue();
        assertThat(doc.path("definitions").has("com.github.gardener.gardener.pkg.apis.core.v1beta1.Shoot"))
                .isTrue();

        TestClient.Response cached = admin.get("/openapi/v2", Map.of("If-None-Match", etag));
        assertThat(cached.status()).isEqualTo(304);
        assertThat(cached.body()).isEmpty();
        // an empty Accept and */* are JSON too
        assertThat(admin.get("/openapi/v2", Map.of("Accept", "*/*")).status()).isEqualTo(200);
        assertThat(admin.get("/openapi/v2").header("ETag")).isEqualTo(etag);
    }

    @Test
    void v2UnservedTypesAreNotAcceptable() {
        TestClient.Response html = admin.get("/openapi/v2", Map.of("Accept", "text/html"));
        assertThat(html.status()).isEqualTo(406);
        assertThat(html.body()).isEmpty();
        TestClient.Response proto = admin.get(
                "/openapi/v2", Map.of("Accept", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"));
        // protobuf OpenAPI is not served (yet): 406, or the protobuf document once it is
        if (proto.status() == 200) {
            assertThat(proto.header("Content-Type"))
                    .isEqualTo("application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
        } else {
            assertThat(proto.status()).isEqualTo(406);
        }
        // protobuf first, JSON as the fallback: JSON
        TestClient.Response fallback = admin.get(
                "/openapi/v2",
                Map.of(
                        "Accept",
                        "application/com.github.proto-openapi.spec.v2@v1.0+protobuf;q=0.9,application/json;q=0.8"));
        assertThat(fallback.status()).isEqualTo(200);
    }

    @Test
    void v3RootAndHashRedirects() {
        TestClient.Response root = admin.get("/openapi/v3");
        assertThat(root.status()).isEqualTo(200);
        assertThat(root.header("Content-Type")).isEqualTo("application/json");
        assertThat(root.header("ETag")).isNotBlank();
        String url =
                root.json().path("paths").path(GV).path("serverRelativeURL").asText();
        assertThat(url).matches("/openapi/v3/apis/core\\.gardener\\.cloud/v1beta1\\?hash=[0-9A-F]{128}");
        String hash = url.substring(url.indexOf("hash=") + 5);

        TestClient.Response wrong = admin.get("/openapi/v3/" + GV + "?hash=WRONG");
        assertThat(wrong.status()).isEqualTo(301);
        assertThat(wrong.header("Location")).isEqualTo("/openapi/v3/" + GV + "?hash=" + hash);

        TestClient.Response right = admin.get(url, Map.of("Accept", "application/json"));
        assertThat(right.status()).isEqualTo(200);
        assertThat(right.header("Cache-Control")).isEqualTo("public, immutable");
        assertThat(right.header("Expires")).isNotBlank();
        assertThat(right.header("ETag")).isEqualTo("\"" + hash + "\"");
        JsonNode doc = right.json();
        assertThat(doc.path("openapi").asText()).startsWith("3.");
        assertThat(doc.path("components")
                        .path("schemas")
                        .has("com.github.gardener.gardener.pkg.apis.core.v1beta1.Shoot"))
                .isTrue();

        TestClient.Response unhashed = admin.get("/openapi/v3/" + GV);
        assertThat(unhashed.status()).isEqualTo(200);
        assertThat(unhashed.header("Cache-Control")).isEqualTo("no-cache, private");
        assertThat(admin.get("/openapi/v3/" + GV, Map.of("If-None-Match", "\"" + hash + "\""))
                        .status())
                .isEqualTo(304);
        assertThat(admin.get("/openapi/v3/" + GV, Map.of("Accept", "text/html")).status())
                .isEqualTo(406);
        assertThat(admin.get("/openapi/v3/apis/nope.example.com/v1").status()).isEqualTo(404);
    }

    @Test
    void openApiNeedsAuthorization() {
        assertThat(SERVER.anonymous().get("/openapi/v2").status()).isEqualTo(403);
        assertThat(SERVER.anonymous().get("/openapi/v3").status()).isEqualTo(403);
    }
}
