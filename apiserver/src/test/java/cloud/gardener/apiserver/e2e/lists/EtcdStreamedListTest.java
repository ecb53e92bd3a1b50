package cloud.gardener.apiserver.e2e.lists;

import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A LIST etcd serves (the watch cache is off here; with it, etcd serves the consistent lists whose range the cache does
 * not hold at etcd's revisions) is read in chunks ({@value #CHUNK} values here, so that a few objects make several
 * chunks and a JSON answer longer than the compression threshold), each read when the last was written: its answer is
 * the bytes of the same list read as one page (a limit above the object count), but for the list's own
 * resourceVersion, in JSON and in protobuf, with a label selector (a Table's Age cells move between two answers; its
 * chunks are StreamedListFormsTest's); a LIST with a limit is still one page with its continue token.
 */
@Tag("integration")
class EtcdStreamedListTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(
                    config -> Fixtures.withoutShootGardenChecks(config).watchCache(WatchCacheSettings.disabled()))
            .withEtcdListChunk(EtcdStreamedListTest.CHUNK);

    private static final int CHUNK = 25;
    /** Five chunks, about 200 KB of JSON: streamed (more than ResponseCompression.THRESHOLD_BYTES). */
    private static final int OBJECTS = 5 * CHUNK - 3;

    private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
    private static String configMaps;

    @BeforeAll
    static void fill() {
        String ns = createNamespace(SERVER.admin(), "streamed-list");
        configMaps = "/api/v1/namespaces/" + ns + "/configmaps";
        for (int i = 0; i < OBJECTS; i++) {
            ObjectNode cm = Json.MAPPER.createObjectNode();
            cm.put("apiVersion", "v1").put("kind", "ConfigMap");
            ObjectNode meta = cm.putObject("metadata");
            meta.put("name", "cm-%05d".formatted(i));
            meta.putObject("labels").put("tenth", Boolean.toString(i % 10 == 0));
            cm.putObject("data").put("value", "v".repeat(1500) + i);
            create(SERVER.admin(), configMaps, cm);
        }
    }

    private static byte[] get(String path, String accept) {
        HttpResponse<byte[]> resp = SERVER.admin().getBytes(path, Map.of("Accept", accept));
        assertThat(resp.statusCode())
                .as(new String(resp.body(), StandardCharsets.UTF_8))
                .isEqualTo(200);
        return resp.body();
    }

    /** The list read in chunks and the same list read as one page. */
    private static void assertSameAsWhole(String query, String accept, int expected) {
        String path = configMaps + query;
        String onePage = path + (query.isEmpty() ? "?" : "&") + "limit=" + (OBJECTS + 1);
        byte[] streamed = get(path, accept);
        byte[] whole = get(onePage, accept);
        String listRv = listResourceVersion(get(path, "application/json"));
        String wholeRv = listResourceVersion(get(onePage, "application/json"));
        String what = accept + " " + query;
        assertThat(new String(without(streamed, listRv), StandardCharsets.ISO_8859_1))
                .as(what)
                .isEqualTo(new String(without(whole, wholeRv), StandardCharsets.ISO_8859_1));
        if (accept.equals("application/json")) {
            assertThat(Json.readTree(streamed).path("items")).as(what).hasSize(expected);
        }
    }

    private static String listResourceVersion(byte[] json) {
        return Json.readTree(json).path("metadata").path("resourceVersion").asText();
    }

    /** The answer without its list's resourceVersion (the first occurrence of the value, before any item). */
    private static byte[] without(byte[] body, String resourceVersion) {
        String text = new String(body, StandardCharsets.ISO_8859_1);
        Matcher m = Pattern.compile(Pattern.quote(resourceVersion)).matcher(text);
        assertThat(m.find()).as("the list's resourceVersion " + resourceVersion).isTrue();
        return (text.substring(0, m.start()) + "RV" + text.substring(m.end())).getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aConsistentListReadInChunksIsTheWholeListsBytes() {
        assertSameAsWhole("", "application/json", OBJECTS);
        assertSameAsWhole("", PROTOBUF, OBJECTS);
        // cm-00000, cm-00010, ...
        assertSameAsWhole("?labelSelector=" + q("tenth=true"), "application/json", (OBJECTS + 9) / 10);
    }

    @Test
    void aListWithALimitIsOnePageWithItsContinuation() {
        int first = 2 * CHUNK + 5;
        JsonNode page = Json.readTree(get(configMaps + "?limit=" + first, "application/json"));
        assertThat(page.path("items")).hasSize(first);
        assertThat(page.at("/metadata/remainingItemCount").asLong()).isEqualTo(OBJECTS - first);
        String token = page.at("/metadata/continue").asText();
        JsonNode rest =
                Json.readTree(get(configMaps + "?limit=" + OBJECTS + "&continue=" + q(token), "application/json"));
        assertThat(rest.path("items")).hasSize(OBJECTS - first);
        assertThat(rest.at("/items/0/metadata/name").asText()).isEqualTo("cm-%05d".formatted(first));
        assertThat(rest.at("/metadata/continue").isMissingNode()).isTrue();
    }
}
