package cloud.gardener.apiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Answers are gzipped as kube-apiserver gzips them: only when longer than 128 KiB and asked for with
 * {@code Accept-Encoding: gzip} (then with {@code Vary: Accept-Encoding}); smaller answers and watch streams never.
 */
@Tag("integration")
class ResponseCompressionTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final Map<String, String> GZIP = Map.of("Accept-Encoding", "gzip");
    private static String secrets;

    @BeforeAll
    static void createSecrets() {
        TestClient admin = SERVER.admin();
        secrets = "/api/v1/namespaces/" + Fixtures.createNamespace(admin, "gzip") + "/secrets";
        assertThat(admin.post(secrets, secret("small", 8 * 1024)).status()).isEqualTo(201);
        assertThat(admin.post(secrets, secret("large", 200 * 1024)).status()).isEqualTo(201);
        assertThat(admin.post(secrets, secret("just-under", 127 * 1024)).status())
                .isEqualTo(201);
    }

    /** An opaque Secret whose one value is {@code bytes} of random-looking base64. */
    private static ObjectNode secret(String name, int bytes) {
        ObjectNode obj = Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        obj.putObject("metadata").put("name", name);
        byte[] value = new byte[bytes * 3 / 4];
        new java.util.Random(bytes).nextBytes(value);
        obj.putObject("data").put("blob", Base64.getEncoder().encodeToString(value));
        return obj;
    }

    @Test
    void anEightKilobyteAnswerIsNotGzipped() {
        HttpResponse<byte[]> answer = SERVER.admin().getBytes(secrets + "/small", GZIP);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(answer.headers().firstValue("Vary")).isEmpty();
        assertThat(Json.readTree(answer.body()).path("metadata").path("name").asText())
                .isEqualTo("small");
    }

    @Test
    void anAnswerJustUnderTheThresholdIsNotGzipped() {
        HttpResponse<byte[]> answer = SERVER.admin().getBytes(secrets + "/just-under", GZIP);
        assertThat(answer.body().length).isLessThanOrEqualTo(128 * 1024);
        assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
    }

    @Test
    void anAnswerOverTheThresholdIsGzippedWhenAskedFor() throws Exception {
        HttpResponse<byte[]> answer = SERVER.admin().getBytes(secrets + "/large", GZIP);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(answer.headers().allValues("Vary")).contains("Accept-Encoding");
        byte[] plain = new GZIPInputStream(new ByteArrayInputStream(answer.body())).readAllBytes();
        assertThat(plain.length).isGreaterThan(128 * 1024);
        assertThat(Json.readTree(plain).path("metadata").path("name").asText()).isEqualTo("large");
    }

    @Test
    void aListOverTheThresholdIsGzippedToo() {
        HttpResponse<byte[]> answer = SERVER.admin().getBytes(secrets, GZIP);
        assertThat(answer.headers().firstValue("Content-Encoding")).hasValue("gzip");
    }

    @Test
    void aLargeAnswerIsNotGzippedWithoutGzipInAcceptEncoding() {
        for (Map<String, String> headers : java.util.List.of(
                Map.<String, String>of(),
                Map.of("Accept-Encoding", "deflate, br"),
                Map.of("Accept-Encoding", "gzip;q=1.0"))) {
            HttpResponse<byte[]> answer = SERVER.admin().getBytes(secrets + "/large", headers);
            assertThat(answer.headers().firstValue("Content-Encoding"))
                    .as("%s", headers)
                    .isEmpty();
            assertThat(answer.body().length).isGreaterThan(128 * 1024);
        }
    }

    @Test
    void watchStreamsAreNotGzipped() {
        HttpResponse<Stream<String>> watch = SERVER.admin().openStream(secrets + "?watch=1&timeoutSeconds=1", GZIP);
        try (Stream<String> lines = watch.body()) {
            assertThat(watch.statusCode()).isEqualTo(200);
            assertThat(watch.headers().firstValue("Content-Encoding")).isEmpty();
            // the initial events (the large Secret among them) arrive as plain JSON lines
            assertThat(lines.filter(l -> l.contains("\"ADDED\"")).count()).isEqualTo(3);
        }
    }
}
