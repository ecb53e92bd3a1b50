package cloud.gardener.apiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Answers are gzipped as kube-apiserver gzips them: only when longer than 128 KiB and asked for with
 * {@code Accept-Encoding: gzip} (then with {@code Vary: Accept-Encoding}); smaller answers and watch streams never.
 * Over HTTP/2 the decision is per stream: Vert.x 5.0.5 switched a whole connection to plain data frames after its
 * first uncompressed answer, so a later large answer said {@code gzip} over plain bytes (kubectl: "gzip: invalid
 * header" on the OpenAPI documents it fetches after discovery); the tests below send several answers on one
 * connection, in turn and at once.
 */
@Tag("integration")
class ResponseCompressionTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final Map<String, String> GZIP = Map.of("Accept-Encoding", "gzip");
    private static String secrets;
    /** Answers over the threshold: a Secret, a list, the OpenAPI v2 and v3 documents. */
    private static List<String> largeAnswers;

    @BeforeAll
    static void createSecrets() {
        TestClient admin = SERVER.admin();
        secrets = "/api/v1/namespaces/" + Fixtures.createNamespace(admin, "gzip") + "/secrets";
        assertThat(admin.post(secrets, secret("small", 8 * 1024)).status()).isEqualTo(201);
        assertThat(admin.post(secrets, secret("large", 200 * 1024)).status()).isEqualTo(201);
        assertThat(admin.post(secrets, secret("just-under", 127 * 1024)).status())
                .isEqualTo(201);
        largeAnswers =
                List.of(secrets + "/large", secrets, "/openapi/v2", "/openapi/v3/apis/core.gardener.cloud/v1beta1");
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
        for (Map<String, String> headers : List.of(
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

    /** Every large answer, after small ones on the same connection, is gzip bytes that gunzip to the plain answer. */
    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void largeAnswersAfterSmallOnesOnOneConnectionAreGzipped(HttpClient.Version version) throws Exception {
        TestClient client = SERVER.admin().withVersion(version);
        for (String path : largeAnswers) {
            small(client, version);
            // no Accept-Encoding at all: nothing to negotiate, also answered plain
            HttpResponse<byte[]> plain = client.getBytes(path, Map.of());
            assertThat(plain.version()).isEqualTo(version);
            assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
            assertThat(plain.body().length).as(path).isGreaterThan(128 * 1024);
            assertGzipOf(client.getBytes(path, GZIP), plain.body(), path);
            small(client, version);
        }
    }

    /** Small and large answers at once on one HTTP/2 connection: each stream is compressed or not on its own. */
    @Test
    void concurrentStreamsOnOneConnectionAreEachCompressedOrNot() throws Exception {
        TestClient client = SERVER.admin().withVersion(HttpClient.Version.HTTP_2);
        Map<String, byte[]> plain = new java.util.LinkedHashMap<>();
        for (String path : largeAnswers) {
            plain.put(path, client.getBytes(path, Map.of()).body());
        }
        for (int round = 0; round < 3; round++) {
            List<CompletableFuture<HttpResponse<byte[]>>> smalls = new ArrayList<>();
            Map<String, CompletableFuture<HttpResponse<byte[]>>> larges = new java.util.LinkedHashMap<>();
            for (String path : largeAnswers) {
                smalls.add(client.bytesAsync("GET", secrets + "/small", GZIP));
                larges.put(path, client.bytesAsync("GET", path, GZIP));
                smalls.add(client.bytesAsync("GET", secrets + "/small", Map.of()));
            }
            for (CompletableFuture<HttpResponse<byte[]>> s : smalls) {
                HttpResponse<byte[]> answer = s.get(30, TimeUnit.SECONDS);
                assertThat(answer.version()).isEqualTo(HttpClient.Version.HTTP_2);
                assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
                assertThat(Json.readTree(answer.body())
                                .path("metadata")
                                .path("name")
                                .asText())
                        .isEqualTo("small");
            }
            for (Map.Entry<String, CompletableFuture<HttpResponse<byte[]>>> e : larges.entrySet()) {
                assertGzipOf(e.getValue().get(30, TimeUnit.SECONDS), plain.get(e.getKey()), e.getKey());
            }
        }
    }

    /** A stored object's GET and HEAD carry the same content headers over either protocol (HTTP/2's lower case). */
    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void storedObjectGetAndHeadCarryTheContentHeaders(HttpClient.Version version) {
        TestClient client = SERVER.admin().withVersion(version);
        HttpResponse<byte[]> get = client.getBytes(secrets + "/small", Map.of());
        HttpResponse<byte[]> head = client.bytes("HEAD", secrets + "/small", Map.of());
        for (HttpResponse<byte[]> answer : List.of(get, head)) {
            assertThat(answer.version()).isEqualTo(version);
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(answer.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
            // asked without Accept-Encoding: no encoding named, not even for the bodiless HEAD
            assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
        }
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValue("Content-Length")).hasValue(Integer.toString(get.body().length));
    }

    /** A 304 has no body and so no encoding; HEAD says what GET would, without a body. */
    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void openApiNotModifiedAndHeadAreNotEncoded(HttpClient.Version version) {
        TestClient client = SERVER.admin().withVersion(version);
        for (String path : List.of("/openapi/v2", "/openapi/v3/apis/core.gardener.cloud/v1beta1")) {
            small(client, version);
            HttpResponse<byte[]> full = client.getBytes(path, GZIP);
            assertThat(full.headers().firstValue("Content-Encoding")).hasValue("gzip");
            String etag = full.headers().firstValue("ETag").orElseThrow();
            Map<String, String> conditional = Map.of("Accept-Encoding", "gzip", "If-None-Match", etag);
            HttpResponse<byte[]> notModified = client.getBytes(path, conditional);
            assertThat(notModified.statusCode()).as(path).isEqualTo(304);
            assertThat(notModified.body()).isEmpty();
            assertThat(notModified.headers().firstValue("Content-Encoding")).isEmpty();
            assertThat(notModified.headers().firstValue("ETag")).hasValue(etag);
            HttpResponse<byte[]> head = client.bytes("HEAD", path, GZIP);
            assertThat(head.statusCode()).as(path).isEqualTo(200);
            assertThat(head.body()).isEmpty();
            assertThat(head.headers().firstValue("ETag")).hasValue(etag);
            // the large answer after them on the same connection is still gzip bytes
            assertThat(gunzip(client.getBytes(path, GZIP).body())).isEqualTo(gunzip(full.body()));
        }
    }

    /**
     * The reproducer: {@code kubectl explain} reads discovery (small answers, not compressed) and then the OpenAPI v3
     * document of the group (large, gzipped) on the same HTTP/2 connection; with the connection-wide switch it failed
     * with "gzip: invalid header". Run with the default kubectl and the oldest one installed beside it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "1.27"})
    void kubectlExplainReadsTheGzippedOpenApiDocuments(String minor) throws Exception {
        Kubectl.assumeInstalled();
        Optional<Path> binary = minor.isEmpty() ? Kubectl.onPath() : Kubectl.version(minor);
        Assumptions.assumeTrue(binary.isPresent(), "kubectl." + minor + " not installed");
        Kubectl kubectl = Kubectl.forBinary(binary.orElseThrow(), SERVER.adminKubeconfig());
        // Go's transport asks for gzip and gunzips itself (so no Content-Encoding reaches kubectl's own logs)
        Kubectl.Result explain = kubectl.run("explain", "shoots.spec.kubernetes");
        assertThat(explain.succeeded()).as(explain.describe()).isTrue();
        assertThat(explain.stdout()).contains("KIND:", "Shoot", "kubernetes");
        Kubectl.Result raw = kubectl.run("get", "--raw", "/openapi/v2");
        assertThat(raw.succeeded()).as(raw.describe()).isTrue();
        assertThat(Json.readTree(raw.stdout().getBytes(StandardCharsets.UTF_8))
                        .path("swagger")
                        .asText())
                .isEqualTo("2.0");
    }

    private void small(TestClient client, HttpClient.Version version) {
        HttpResponse<byte[]> answer = client.getBytes(secrets + "/small", GZIP);
        assertThat(answer.version()).isEqualTo(version);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
    }

    private static void assertGzipOf(HttpResponse<byte[]> answer, byte[] plain, String path) throws IOException {
        assertThat(answer.statusCode()).as(path).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Encoding")).as(path).hasValue("gzip");
        assertThat(answer.headers().allValues("Vary")).as(path).contains("Accept-Encoding");
        assertThat(answer.body().length).as(path).isLessThan(plain.length);
        assertThat(gunzip(answer.body())).as(path).isEqualTo(plain);
    }

    private static byte[] gunzip(byte[] gzip) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new AssertionError("not gzip: " + e.getMessage(), e);
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
