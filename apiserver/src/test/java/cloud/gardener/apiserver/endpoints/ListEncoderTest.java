package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.endpoints.ListBodies.Streamed;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ListEncoderTest {

    private static final int ITEM_DATA = 8 * 1024;

    private static ObjectNode head(boolean withContinue) {
        return ListBodies.head("42", withContinue ? "eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ" : null, 7);
    }

    /** An item as stored: bytes, as the store hands them out; decoding happens when the encoder asks. */
    private static byte[] stored(int i) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("kind", "ConfigMap");
        cm.put("apiVersion", "v1");
        ObjectNode meta = cm.putObject("metadata");
        meta.put("name", "cm-" + i);
        meta.put("namespace", "ns");
        meta.putObject("labels").put("app", "a<b>&\u00e9\u2028");
        meta.putNull("deletionTimestamp");
        cm.putObject("data").put("d", "x".repeat(ITEM_DATA)).put("n", "line\nnext \"quoted\"");
        cm.putArray("empty");
        cm.putObject("emptyObject");
        cm.put("number", 1.50);
        return Json.toBytes(cm);
    }

    private static List<byte[]> items(int n) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(stored(i));
        }
        return items;
    }

    /** The document encoded whole, as the list handler did before streaming. */
    private static byte[] whole(ObjectMapper mapper, boolean pretty, ObjectNode head, List<byte[]> items)
            throws Exception {
        ObjectNode list = head.deepCopy();
        ArrayNode array = (ArrayNode) list.get("items");
        items.forEach(b -> array.add(Json.readTree(b)));
        return pretty
                ? mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(list)
                : mapper.writeValueAsBytes(list);
    }

    private static Streamed streamed(
            ObjectMapper mapper, boolean pretty, ObjectNode head, List<byte[]> items, int chunkBytes) {
        return ListBodies.streamed(new ListEncoder<>(mapper, pretty, head, items, Json::readTree), chunkBytes);
    }

    @Test
    void compactJsonIsByteForByteTheWholeEncoding() throws Exception {
        List<byte[]> items = items(300);
        ObjectNode head = head(true);
        Streamed s = streamed(Json.MAPPER, false, head, items, 64 * 1024);
        assertThat(new String(s.bytes(), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(whole(Json.MAPPER, false, head, items), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(s.bytes()).isEqualTo(whole(Json.MAPPER, false, head, items));
        // memory bounded: no chunk is much larger than asked for (one item at most), however long the list
        assertThat(s.largestChunk()).isLessThan(64 * 1024 + 2 * ITEM_DATA);
        assertThat(s.chunks()).isGreaterThan(30);
    }

    @Test
    void indentedJsonAndYamlAreTheWholeEncodingToo() throws Exception {
        List<byte[]> items = items(40);
        ObjectNode head = head(false);
        assertThat(streamed(Json.MAPPER, true, head, items, 16 * 1024).bytes())
                .isEqualTo(whole(Json.MAPPER, true, head, items));
        assertThat(new String(
                        streamed(Json.YAML, false, head, items, 16 * 1024).bytes(),
                        java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(whole(Json.YAML, false, head, items), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void emptyListsAndOneChunkListsToo() throws Exception {
        for (ObjectMapper mapper : List.of(Json.MAPPER, Json.YAML)) {
            for (int n : new int[] {0, 1, 3}) {
                List<byte[]> items = items(n);
                Streamed s = streamed(mapper, false, head(n == 3), items, 1 << 30);
                assertThat(s.bytes()).isEqualTo(whole(mapper, false, head(n == 3), items));
                assertThat(s.chunks()).isEqualTo(1);
            }
        }
    }

    @Test
    void itemsAreMadeOnlyWhenTheirTurnComes() {
        List<byte[]> items = items(100);
        AtomicInteger made = new AtomicInteger();
        ListEncoder<byte[]> encoder = new ListEncoder<>(Json.MAPPER, false, head(false), items, b -> {
            made.incrementAndGet();
            JsonNode tree = Json.readTree(b);
            return tree;
        });
        encoder.next(20 * 1024);
        assertThat(made.get()).isBetween(1, 4);
        while (!encoder.done()) {
            encoder.next(20 * 1024);
        }
        assertThat(made.get()).isEqualTo(100);
    }

    /** An item as the store holds it: its bytes without resourceVersion, and its revision. */
    @SuppressWarnings("ArrayRecordComponent") // test data, never compared
    private record Stored(byte[] value, long revision) {}

    @Test
    void storedItemsWrittenAsStoredAreTheBytesOfTheirTrees() throws Exception {
        List<Stored> items = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            ObjectNode cm = (ObjectNode) Json.readTree(stored(i));
            ((ObjectNode) cm.get("metadata")).remove("deletionTimestamp");
            if (i == 7) {
                // not in the stored form the scan takes (apiVersion first): made as a tree, between raw ones
                ObjectNode reordered = JsonNodeFactory.instance.objectNode();
                reordered.put("apiVersion", "v1");
                reordered.setAll(cm);
                cm = reordered;
            }
            items.add(new Stored(Json.toBytes(cm), 100 + i));
        }
        AtomicInteger trees = new AtomicInteger();
        java.util.function.Function<Stored, JsonNode> tree = s -> {
            trees.incrementAndGet();
            ObjectNode obj = (ObjectNode) Json.readTree(s.value());
            ((ObjectNode) obj.get("metadata")).put("resourceVersion", Long.toString(s.revision()));
            return obj;
        };
        for (ObjectNode head : List.of(head(true), head(false))) {
            byte[] whole = Json.MAPPER.writeValueAsBytes(head.deepCopy()
                    .set(
                            "items",
                            JsonNodeFactory.instance
                                    .arrayNode()
                                    .addAll(items.stream().map(tree).toList())));
            trees.set(0);
            ListEncoder<Stored> encoder = new ListEncoder<>(Json.MAPPER, false, head, items, tree)
                    .withCompactItems(s -> StoredJsonAnswer.of(s.value(), s.revision(), "ConfigMap", "v1")
                            .orElse(null));
            Buffer all = Buffer.buffer();
            while (!encoder.done()) {
                all.appendBuffer(encoder.next(16 * 1024));
            }
            assertThat(new String(all.getBytes(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo(new String(whole, java.nio.charset.StandardCharsets.UTF_8));
            assertThat(trees.get()).isEqualTo(1);
        }
    }

    /**
     * Stored items handed over as slices (the stored bytes around the inserted resourceVersion) make the same bytes
     * as their trees, in chunks of any size, and the long slices go out as views of the stored arrays, not copies.
     */
    @Test
    void storedItemsAsSlicesAreTheirTreesBytesWithoutCopies() throws Exception {
        List<Stored> items = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ObjectNode cm = (ObjectNode) Json.readTree(stored(i));
            ((ObjectNode) cm.get("metadata")).remove("deletionTimestamp");
            items.add(new Stored(Json.toBytes(cm), 100 + i));
        }
        java.util.function.Function<Stored, JsonNode> tree = s -> {
            ObjectNode obj = (ObjectNode) Json.readTree(s.value());
            ((ObjectNode) obj.get("metadata")).put("resourceVersion", Long.toString(s.revision()));
            return obj;
        };
        ObjectNode head = head(true);
        byte[] whole = Json.MAPPER.writeValueAsBytes(head.deepCopy()
                .set(
                        "items",
                        JsonNodeFactory.instance
                                .arrayNode()
                                .addAll(items.stream().map(tree).toList())));
        for (int chunk : new int[] {1, 16 * 1024, 1 << 30}) {
            ListEncoder<Stored> encoder = new ListEncoder<>(Json.MAPPER, false, head, items, tree)
                    .withCompactSlices((s, out) -> {
                        StoredJsonAnswer.Insertion insertion = StoredJsonAnswer.insertion(
                                        s.value(), s.revision(), "ConfigMap", "v1")
                                .orElseThrow();
                        out.slice(s.value(), 0, insertion.at());
                        out.slice(insertion.field(), 0, insertion.field().length);
                        out.slice(s.value(), insertion.at(), s.value().length - insertion.at());
                        return true;
                    });
            Buffer all = Buffer.buffer();
            java.util.Set<byte[]> shared = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            while (!encoder.done()) {
                Buffer next = encoder.next(chunk);
                io.netty.buffer.ByteBuf buf = ((io.vertx.core.internal.buffer.BufferInternal) next).getByteBuf();
                while (!(buf instanceof io.netty.buffer.CompositeByteBuf) && buf.unwrap() != null) {
                    buf = buf.unwrap();
                }
                if (buf instanceof io.netty.buffer.CompositeByteBuf composite) {
                    for (int c = 0; c < composite.numComponents(); c++) {
                        io.netty.buffer.ByteBuf component = composite.component(c);
                        if (component.hasArray()) {
                            shared.add(component.array());
                        }
                    }
                }
                all.appendBuffer(next);
            }
            assertThat(new String(all.getBytes(), java.nio.charset.StandardCharsets.UTF_8))
                    .as("chunk " + chunk)
                    .isEqualTo(new String(whole, java.nio.charset.StandardCharsets.UTF_8));
            assertThat(items)
                    .as("every stored value goes out as it is")
                    .allSatisfy(s ->
                            assertThat(shared).anySatisfy(a -> assertThat(a).isSameAs(s.value())));
        }
    }
}
