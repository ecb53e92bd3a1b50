package cloud.gardener.apiserver.e2e.crud;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A GET answered from the stored bytes (slices of them around the inserted resourceVersion) is byte for byte the
 * answer the decoding path writes for the same object: the pretty answer (always decoded) written compactly, over
 * HTTP/1.1 and HTTP/2, with the same content headers, and gzipped over 128 KiB to the same bytes.
 */
@Tag("integration")
class StoredAnswerBytesTest {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            ApiServerExtension.withStorage(EmbeddedStorage::new, Fixtures::withoutShootGardenChecks);

    private static final Map<String, String> GZIP = Map.of("Accept-Encoding", "gzip");
    private static String configMaps;

    @BeforeAll
    static void createConfigMaps() {
        TestClient admin = SERVER.admin();
        configMaps = "/api/v1/namespaces/" + Fixtures.createNamespace(admin, "stored-answers") + "/configmaps";
        for (Map.Entry<String, Integer> e :
                Map.of("small", 8 * 1024, "large", 200 * 1024).entrySet()) {
            TestClient.Response created = admin.post(configMaps, configMap(e.getKey(), e.getValue()));
            assertThat(created.status()).as(created.body()).isEqualTo(201);
        }
    }

    /** A ConfigMap of about {@code bytes}, with what JSON escapes in its metadata and data. */
    private static ObjectNode configMap(String name, int bytes) {
        ObjectNode obj = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode meta = obj.putObject("metadata").put("name", name);
        meta.putObject("labels").put("app", "x");
        meta.putObject("annotations").put("note", "\"quoted\" \u00e9 \u2028 </script>");
        ObjectNode data = obj.putObject("data");
        StringBuilder value = new StringBuilder();
        java.util.Random random = new java.util.Random(bytes);
        while (value.length() < bytes) {
            value.append(Long.toString(random.nextLong(), 36)).append(random.nextInt(8) == 0 ? "\n" : " ");
        }
        data.put("payload", value.toString());
        return obj;
    }

    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void theAnswerIsTheDecodedAnswerWithTheSameHeaders(HttpClient.Version version) {
        TestClient client = SERVER.admin().withVersion(version);
        for (String name : List.of("small", "large")) {
            HttpResponse<byte[]> compact = client.getBytes(configMaps + "/" + name, Map.of());
            HttpResponse<byte[]> pretty = client.getBytes(configMaps + "/" + name + "?pretty=true", Map.of());
            for (HttpResponse<byte[]> answer : List.of(compact, pretty)) {
                assertThat(answer.version()).isEqualTo(version);
                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
                assertThat(answer.headers().firstValue("X-Content-Type-Options"))
                        .hasValue("nosniff");
                assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
                assertThat(answer.headers().firstValue("Content-Length"))
                        .hasValue(Integer.toString(answer.body().length));
            }
            assertThat(compact.headers().map().keySet())
                    .as("header names")
                    .isEqualTo(pretty.headers().map().keySet());
            assertThat(pretty.body()).isNotEqualTo(compact.body());
            assertThat(text(compact.body())).as(name).isEqualTo(text(Json.toBytes(Json.readTree(pretty.body()))));
            assertThat(Json.readTree(compact.body())
                            .path("metadata")
                            .path("resourceVersion")
                            .asText())
                    .isNotEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void aLargeAnswerGzipsToTheSameBytes(HttpClient.Version version) throws IOException {
        TestClient client = SERVER.admin().withVersion(version);
        HttpResponse<byte[]> plain = client.getBytes(configMaps + "/large", Map.of());
        assertThat(plain.body().length).isGreaterThan(128 * 1024);
        HttpResponse<byte[]> gzipped = client.getBytes(configMaps + "/large", GZIP);
        assertThat(gzipped.version()).isEqualTo(version);
        assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(gzipped.body().length).isLessThan(plain.body().length);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
            assertThat(in.readAllBytes()).isEqualTo(plain.body());
        }
        // and the small one is not gzipped, its bytes as they are
        HttpResponse<byte[]> small = client.getBytes(configMaps + "/small", GZIP);
        assertThat(small.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(small.body())
                .isEqualTo(client.getBytes(configMaps + "/small", Map.of()).body());
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
