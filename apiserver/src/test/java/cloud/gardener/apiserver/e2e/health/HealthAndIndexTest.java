package cloud.gardener.apiserver.e2e.health;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Health endpoints, /version, the index and the common response headers (sections 0, 1.1, 9.3, 9.4). */
@Tag("integration")
class HealthAndIndexTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static TestClient anonymous;

    @BeforeAll
    static void client() {
        anonymous = SERVER.anonymous();
    }

    @Test
    void healthEndpointsWithoutCredentials() {
        for (String path : List.of("/healthz", "/livez", "/readyz")) {
            TestClient.Response resp = anonymous.get(path);
            assertThat(resp.status()).as(path).isEqualTo(200);
            assertThat(resp.body()).isEqualTo("ok");
            assertThat(resp.header("Content-Type")).isEqualTo("text/plain; charset=utf-8");
            assertThat(resp.header("X-Content-Type-Options")).isEqualTo("nosniff");
        }
        TestClient.Response verbose = anonymous.get("/livez?verbose");
        assertThat(verbose.status()).isEqualTo(200);
        assertThat(verbose.body())
                .startsWith("[+]ping ok\n[+]log ok\n")
                .contains("[+]etcd ok\n")
                .endsWith("livez check passed\n");
        TestClient.Response ready = anonymous.get("/readyz?verbose=1");
        assertThat(ready.body()).contains("""
                                          [+]etcd-readiness ok
                                          [+]informer-sync ok
                                          [+]poststarthook/bootstrap-garden-cluster ok
                                          [+]shutdown ok
                                          """).endsWith("readyz check passed\n");
        assertThat(anonymous.get("/readyz/informer-sync").body()).isEqualTo("ok");

        assertThat(anonymous.get("/readyz/etcd").body()).isEqualTo("ok");
        assertThat(anonymous.get("/healthz/ping").body()).isEqualTo("ok");
        TestClient.Response excluded = anonymous.get("/livez?exclude=etcd&verbose");
        assertThat(excluded.body()).contains("[+]etcd excluded: ok\n").endsWith("livez check passed\n");
        TestClient.Response unknownExclude = anonymous.get("/livez?exclude=nope&verbose");
        assertThat(unknownExclude.body())
                .contains("warn: some health checks cannot be excluded: no matches for \"nope\"");
        assertThat(anonymous.get("/livez/nope").status()).isEqualTo(404);
    }

    @Test
    void version() {
        TestClient.Response resp = SERVER.admin().get("/version");
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.header("Content-Type")).isEqualTo("application/json");
        JsonNode v = resp.json();
        assertThat(v.path("major").asText()).isNotEmpty();
        assertThat(v.path("minor").asText()).isNotEmpty();
        assertThat(v.path("gitVersion").asText()).startsWith("v");
        assertThat(v.has("platform")).isTrue();
    }

    @Test
    void indexListsPathsAndAnswersUnknownPathsWith404() {
        TestClient admin = SERVER.admin();
        TestClient.Response root = admin.get("/");
        assertThat(root.status()).isEqualTo(200);
        List<String> paths = new ArrayList<>();
        root.json().path("paths").forEach(p -> paths.add(p.asText()));
        assertThat(paths)
                .isSorted()
                .contains(
                        "/apis",
                        "/healthz",
                        "/livez",
                        "/readyz",
                        "/version",
                        "/openapi/v2",
                        "/apis/core.gardener.cloud",
                        "/apis/core.gardener.cloud/v1beta1");
        TestClient.Response unknown = admin.get("/no/such/path");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("paths")).isEqualTo(root.json().path("paths"));
    }

    @Test
    void auditIdAndCacheControl() {
        TestClient admin = SERVER.admin();
        TestClient.Response echoed = admin.get("/apis", Map.of("Audit-Id", "my-audit-id"));
        assertThat(echoed.header("Audit-Id")).isEqualTo("my-audit-id");
        TestClient.Response generated = admin.get("/apis");
        // minted as kube-apiserver mints them: a version 4 UUID, another for every request
        assertThat(generated.header("Audit-Id"))
                .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
                .isNotEqualTo(admin.get("/apis").header("Audit-Id"));
        assertThat(generated.header("Cache-Control")).isEqualTo("no-cache, private");
        assertThat(anonymous.get("/healthz").header("Cache-Control")).isEqualTo("no-cache, private");
        // errors too
        TestClient.Response forbidden = anonymous.get("/apis");
        assertThat(forbidden.header("Audit-Id")).isNotBlank();
        assertThat(forbidden.header("Cache-Control")).isEqualTo("no-cache, private");
        assertThat(admin.get("/apis/core.gardener.cloud/v1beta1/cloudprofiles/missing")
                        .header("Cache-Control"))
                .isEqualTo("no-cache, private");
    }

    @Test
    void prettyPrintingForCurl() {
        TestClient admin = SERVER.admin();
        TestClient.Response curl =
                admin.get("/apis/core.gardener.cloud/v1beta1/cloudprofiles", Map.of("User-Agent", "curl/8.5.0"));
        assertThat(curl.body()).contains("\n  ");
        TestClient.Response plain =
                admin.get("/apis/core.gardener.cloud/v1beta1/cloudprofiles", Map.of("User-Agent", "kubectl/v1.32.0"));
        assertThat(plain.body()).doesNotContain("\n");
        assertThat(admin.get(
                                "/apis/core.gardener.cloud/v1beta1/cloudprofiles?pretty=true",
                                Map.of("User-Agent", "kubectl/v1.32.0"))
                        .body())
                .contains("\n  ");
    }
}
