package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The whole server with two event loops and one client (one HTTP/2 connection): a burst of GETs and LISTs is
 * handled on both loops ({@link StreamSpread}), and every answer is what it is without the spread: status, body,
 * headers, the Status of a missing object, a gzipped list.
 */
@Tag("integration")
class Http2ReadsSpreadTest {

    private static final String NS = "spread-reads";
    private static final String OBJECTS = "/api/v1/namespaces/" + NS + "/configmaps";
    private static final int COUNT = 40;
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> config.eventLoops(2).spreadHttp2Reads(true));

    @BeforeAll
    static void objects() {
        TestClient admin = SERVER.admin();
        assertThat(admin.post("/api/v1/namespaces", Map.of("metadata", Map.of("name", NS)))
                        .status())
                .isEqualTo(201);
        // 4 KiB each: the list of them is above the compression threshold
        String data = "x".repeat(4096);
        for (int i = 0; i < COUNT; i++) {
            assertThat(admin.post(OBJECTS, Map.of("metadata", Map.of("name", "cm-" + i), "data", Map.of("v", data + i)))
                            .status())
                    .isEqualTo(201);
        }
    }

    @Test
    void aBurstOfReadsOnOneConnectionRunsOnBothLoopsAndEveryAnswerIsRight() throws Exception {
        TestClient client = SERVER.admin();
        // the connection, opened before the burst so that the burst shares it
        assertThat(client.get(OBJECTS + "/cm-0").status()).isEqualTo(200);
        Map<String, Long> before = SERVER.server().requestsByEventLoop();

        List<CompletableFuture<HttpResponse<byte[]>>> gets = new ArrayList<>();
        List<CompletableFuture<HttpResponse<byte[]>>> missing = new ArrayList<>();
        List<CompletableFuture<HttpResponse<byte[]>>> lists = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < COUNT; i++) {
                gets.add(client.bytesAsync("GET", OBJECTS + "/cm-" + i, Map.of()));
            }
            for (int i = 0; i < 8; i++) {
                missing.add(client.bytesAsync("GET", OBJECTS + "/none-" + i, Map.of()));
            }
            for (int i = 0; i < 4; i++) {
                lists.add(client.bytesAsync("GET", OBJECTS, Map.of("Accept-Encoding", "gzip")));
            }
        }

        for (int i = 0; i < gets.size(); i++) {
            HttpResponse<byte[]> response = gets.get(i).get(30, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(response.headers().firstValue("Audit-Id")).isPresent();
            JsonNode object = JSON.readTree(response.body());
            assertThat(object.path("metadata").path("name").asText()).isEqualTo("cm-" + (i % COUNT));
            assertThat(object.path("data").path("v").asText()).endsWith("x" + (i % COUNT));
        }
        for (CompletableFuture<HttpResponse<byte[]>> pending : missing) {
            HttpResponse<byte[]> response = pending.get(30, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(404);
            JsonNode status = JSON.readTree(response.body());
            assertThat(status.path("kind").asText()).isEqualTo("Status");
            assertThat(status.path("reason").asText()).isEqualTo("NotFound");
            assertThat(status.path("code").asInt()).isEqualTo(404);
        }
        for (CompletableFuture<HttpResponse<byte[]>> pending : lists) {
            HttpResponse<byte[]> response = pending.get(30, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
            byte[] plain;
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(response.body()))) {
                plain = in.readAllBytes();
            }
            JsonNode list = JSON.readTree(plain);
            assertThat(list.path("kind").asText()).isEqualTo("ConfigMapList");
            assertThat(list.path("items")).hasSize(COUNT);
        }

        Map<String, Long> after = SERVER.server().requestsByEventLoop();
        assertThat(after).hasSize(2);
        long total = 0;
        for (Map.Entry<String, Long> loop : after.entrySet()) {
            long ran = loop.getValue() - before.getOrDefault(loop.getKey(), 0L);
            assertThat(ran).as("reads handled on " + loop.getKey()).isPositive();
            total += ran;
        }
        assertThat(total).isEqualTo(gets.size() + missing.size() + lists.size());
    }
}
