package cloud.gardener.apiserver.endpoints;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.endpoints.negotiation.ConversionTarget;
import cloud.gardener.apiserver.endpoints.negotiation.Encoding;
import cloud.gardener.apiserver.endpoints.negotiation.OutputFormat;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.endpoints.tables.DefaultTableConvertor;
import cloud.gardener.apiserver.endpoints.tables.TableConvertor;
import cloud.gardener.apiserver.endpoints.tables.TableConvertors;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Every form a list answer takes is streamed with the bytes of the whole answer: the list itself in compact and
 * indented JSON, YAML and protobuf, its Table (each includeObject, printer and default convertors) and its
 * PartialObjectMetadataList in JSON, YAML and protobuf; empty lists, one item, and pages with continue token,
 * remainingItemCount and resourceVersion.
 */
class StreamedListFormsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-27T12:00:00Z"), ZoneOffset.UTC);
    /** A printer-based convertor (Name, Data, Age): rows are {@code []} when empty, remainingItemCount copied. */
    private static final TableConvertor CONFIG_MAPS =
            TableConvertors.forResource(new GroupResource("", "configmaps"), CLOCK);

    private static ObjectNode head(boolean page) {
        return ListBodies.head(
                "4711", page ? "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NDcxMSwic3RhcnQiOiJjbS0wMDBcdTAwMDAifQ" : null, 17);
    }

    /** A ConfigMap as stored, with what PartialObjectMetadata and the Table's cells read. */
    private static byte[] stored(int i) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("kind", "ConfigMap");
        cm.put("apiVersion", "v1");
        ObjectNode meta = cm.putObject("metadata");
        meta.put("name", "cm-%03d".formatted(i));
        meta.put("namespace", "ns");
        meta.put("uid", "6d9f0c52-0000-4000-8000-%012d".formatted(i));
        meta.put("resourceVersion", Integer.toString(100 + i));
        meta.put("creationTimestamp", "2026-11-2" + (i % 7) + "T10:00:00Z");
        meta.putObject("labels").put("app", "a<b>&\u00e9\u2028");
        meta.putObject("annotations").put("note", "line\nnext \"quoted\"");
        ObjectNode data = cm.putObject("data");
        data.put("d", "x".repeat(2048 + i));
        data.put("u", "\u00fc\u4e2d");
        return Json.toBytes(cm);
    }

    private static List<byte[]> items(int n) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(stored(i));
        }
        return items;
    }

    private static JsonNode decode(byte[] stored) {
        return Json.readTree(stored);
    }

    /** The list written whole, as {@link ObjectWriter#writeList} encodes it. */
    private static byte[] whole(
            OutputFormat format, TableConvertor tables, String include, List<byte[]> items, boolean page) {
        ObjectNode list = head(page);
        ArrayNode array = (ArrayNode) list.get("items");
        items.forEach(b -> array.add(decode(b)));
        return ObjectWriter.encode(format, ObjectWriter.convertedList(format, tables, include, list));
    }

    private static byte[] streamed(
            OutputFormat format, TableConvertor tables, String include, List<byte[]> items, boolean page, int chunk) {
        StreamedBody body = ObjectWriter.streamedList(
                format, tables, include, head(page), items, null, StreamedListFormsTest::decode, null, null);
        return ListBodies.streamed(body, chunk).bytes();
    }

    /** {@link #streamed}, its items after the first {@code perChunk} brought {@code perChunk} at a time. */
    private static byte[] streamedInChunks(
            OutputFormat format,
            TableConvertor tables,
            String include,
            List<byte[]> items,
            boolean page,
            int perChunk,
            int chunk) {
        int[] at = {Math.min(perChunk, items.size())};
        MoreItems<byte[]> more = () -> {
            List<byte[]> next = items.subList(at[0], Math.min(at[0] + perChunk, items.size()));
            at[0] += next.size();
            return Future.succeededFuture(next);
        };
        StreamedBody body = ObjectWriter.streamedList(
                format,
                tables,
                include,
                head(page),
                items.subList(0, at[0]),
                more,
                StreamedListFormsTest::decode,
                null,
                null);
        byte[] bytes = ListBodies.streamed(body, chunk).bytes();
        assertThat(at[0]).as("every item brought").isEqualTo(items.size());
        return bytes;
    }

    private static void assertSame(OutputFormat format, TableConvertor tables, String include) {
        for (int n : new int[] {0, 1, 3, 40}) {
            for (boolean page : new boolean[] {false, true}) {
                List<byte[]> items = items(n);
                byte[] expected = whole(format, tables, include, items, page);
                for (int chunk : new int[] {1, 8 * 1024, 1 << 30}) {
                    byte[] actual = streamed(format, tables, include, items, page, chunk);
                    String what = format + " include=" + include + " items=" + n + " page=" + page + " chunk=" + chunk;
                    if (format.encoding() == Encoding.PROTOBUF) {
                        assertThat(actual).as(what).isEqualTo(expected);
                        continue; // measured before it is written: brought whole (ObjectWriter#writeListStreamed)
                    }
                    assertThat(new String(actual, UTF_8)).as(what).isEqualTo(new String(expected, UTF_8));
                    for (int perChunk : new int[] {1, 7, 1000}) {
                        byte[] inChunks = streamedInChunks(format, tables, include, items, page, perChunk, chunk);
                        assertThat(new String(inChunks, UTF_8))
                                .as(what + " in chunks of " + perChunk + " items")
                                .isEqualTo(new String(expected, UTF_8));
                    }
                }
            }
        }
    }

    private static OutputFormat format(Encoding encoding, ConversionTarget target, boolean pretty) {
        return new OutputFormat(encoding, target, target == ConversionTarget.NONE ? null : "v1", pretty);
    }

    @Test
    void theListItselfInJsonYamlAndProtobuf() {
        assertSame(format(Encoding.JSON, ConversionTarget.NONE, false), CONFIG_MAPS, null);
        assertSame(format(Encoding.JSON, ConversionTarget.NONE, true), CONFIG_MAPS, null);
        assertSame(format(Encoding.YAML, ConversionTarget.NONE, false), CONFIG_MAPS, null);
        assertSame(format(Encoding.PROTOBUF, ConversionTarget.NONE, false), CONFIG_MAPS, null);
    }

    @Test
    void tableRowsMadeFromTheReadPartOfEachItemAreTheSameBytesButObjectRowsDecodeWhole() {
        List<byte[]> items = items(40);
        for (String include : new String[] {null, "", "Metadata", "Object", "None"}) {
            for (OutputFormat format : List.of(
                    format(Encoding.JSON, ConversionTarget.TABLE, false),
                    format(Encoding.JSON, ConversionTarget.TABLE, true),
                    format(Encoding.YAML, ConversionTarget.TABLE, false))) {
                byte[] expected = whole(format, CONFIG_MAPS, include, items, true);
                AtomicInteger parts = new AtomicInteger();
                StreamedBody body = ObjectWriter.streamedList(
                        format,
                        CONFIG_MAPS,
                        include,
                        head(true),
                        items,
                        null,
                        StreamedListFormsTest::decode,
                        null,
                        (stored, reads) -> {
                            parts.incrementAndGet();
                            return reads.read(stored).orElseThrow();
                        });
                byte[] actual = ListBodies.streamed(body, 8 * 1024).bytes();
                String what = format + " include=" + include;
                assertThat(new String(actual, UTF_8)).as(what).isEqualTo(new String(expected, UTF_8));
                assertThat(parts.get()).as(what).isEqualTo("Object".equals(include) ? 0 : items.size());
            }
        }
    }

    @Test
    void tablesForEachIncludeObjectAndConvertor() {
        for (String include : new String[] {null, "", "Metadata", "Object", "None"}) {
            assertSame(format(Encoding.JSON, ConversionTarget.TABLE, false), CONFIG_MAPS, include);
        }
        assertSame(format(Encoding.JSON, ConversionTarget.TABLE, true), CONFIG_MAPS, null);
        assertSame(format(Encoding.YAML, ConversionTarget.TABLE, false), CONFIG_MAPS, "Object");
        // the default convertor leaves an empty result's rows nil
        assertSame(format(Encoding.JSON, ConversionTarget.TABLE, false), DefaultTableConvertor.INSTANCE, null);
        assertSame(
                new OutputFormat(Encoding.JSON, ConversionTarget.TABLE, "v1beta1", false),
                DefaultTableConvertor.INSTANCE,
                "Metadata");
    }

    @Test
    void partialObjectMetadataListsInJsonYamlAndProtobuf() {
        assertSame(format(Encoding.JSON, ConversionTarget.PARTIAL_OBJECT_METADATA_LIST, false), CONFIG_MAPS, null);
        assertSame(format(Encoding.YAML, ConversionTarget.PARTIAL_OBJECT_METADATA_LIST, false), CONFIG_MAPS, null);
        assertSame(format(Encoding.PROTOBUF, ConversionTarget.PARTIAL_OBJECT_METADATA_LIST, false), CONFIG_MAPS, null);
    }

    @Test
    void emptyRowsAndItemsAreWhatGoWrites() {
        String defaultTable = new String(
                streamed(
                        format(Encoding.JSON, ConversionTarget.TABLE, false),
                        DefaultTableConvertor.INSTANCE,
                        null,
                        List.of(),
                        false,
                        1024),
                UTF_8);
        assertThat(defaultTable).contains("\"rows\":null");
        String printerTable = new String(
                streamed(
                        format(Encoding.JSON, ConversionTarget.TABLE, false), CONFIG_MAPS, null, List.of(), true, 1024),
                UTF_8);
        assertThat(printerTable).contains("\"rows\":[]").contains("\"remainingItemCount\":17");
        String partial = new String(
                streamed(
                        format(Encoding.JSON, ConversionTarget.PARTIAL_OBJECT_METADATA_LIST, false),
                        CONFIG_MAPS,
                        null,
                        List.of(),
                        false,
                        1024),
                UTF_8);
        assertThat(partial).contains("\"items\":null");
    }

    @Test
    void protobufListsDecodeToTheirItemsAndPageMetadata() throws Exception {
        byte[] body = streamed(
                format(Encoding.PROTOBUF, ConversionTarget.NONE, false), CONFIG_MAPS, null, items(40), true, 8 * 1024);
        ObjectNode list = ProtobufCodec.decode(body, new GroupVersionKind("", "v1", "ConfigMapList"));
        assertThat(list.path("items")).hasSize(40);
        assertThat(list.at("/items/39/metadata/name").asText()).isEqualTo("cm-039");
        assertThat(list.at("/metadata/resourceVersion").asText()).isEqualTo("4711");
        assertThat(list.at("/metadata/remainingItemCount").asLong()).isEqualTo(17);
        assertThat(list.at("/metadata/continue").asText()).startsWith("eyJ2Ijoi");
    }

    @Test
    void longProtobufListsAreMeasuredFirstThenEncodedAsTheyAreWritten() {
        // over the kept budget: each item is made once to measure it, once more when written, never all at once
        int n = 600;
        List<byte[]> items = items(n);
        AtomicInteger made = new AtomicInteger();
        StreamedBody body = ObjectWriter.streamedList(
                format(Encoding.PROTOBUF, ConversionTarget.NONE, false),
                CONFIG_MAPS,
                null,
                head(false),
                items,
                null,
                b -> {
                    made.incrementAndGet();
                    return decode(b);
                },
                null,
                null);
        Buffer first = body.next(64 * 1024);
        assertThat(made.get()).isBetween(n + 1, n + 40);
        assertThat(first.length()).isLessThan(64 * 1024 + 8 * 1024);
        Buffer all = Buffer.buffer().appendBuffer(first);
        while (!body.done()) {
            all.appendBuffer(body.next(64 * 1024));
        }
        assertThat(made.get()).isEqualTo(2 * n);
        assertThat(all.getBytes())
                .isEqualTo(whole(
                        format(Encoding.PROTOBUF, ConversionTarget.NONE, false), CONFIG_MAPS, null, items, false));
    }

    @Test
    void theNextItemsAreAskedForOnlyWhenThoseInHandAreEncoded() {
        List<byte[]> items = items(6);
        AtomicInteger asked = new AtomicInteger();
        MoreItems<byte[]> more = () -> {
            int n = asked.incrementAndGet();
            return Future.succeededFuture(n == 1 ? items.subList(3, 6) : List.of());
        };
        StreamedBody body = ObjectWriter.streamedList(
                format(Encoding.JSON, ConversionTarget.NONE, false),
                CONFIG_MAPS,
                null,
                head(false),
                items.subList(0, 3),
                more,
                StreamedListFormsTest::decode,
                null,
                null);
        Buffer first = body.next(1 << 30);
        assertThat(body.starved()).isTrue();
        assertThat(body.done()).isFalse();
        assertThat(asked.get()).as("nothing asked for while encoding").isZero();
        assertThat(first.toString()).contains("cm-002").doesNotContain("cm-003");
        assertThat(body.next(1 << 30).length()).as("starved: nothing more").isZero();
        body.fetch();
        assertThat(asked.get()).isEqualTo(1);
        assertThat(body.next(1 << 30).toString()).contains("cm-005");
        assertThat(body.starved()).isTrue();
        body.fetch();
        Buffer end = body.next(1 << 30);
        assertThat(body.done()).isTrue();
        assertThat(asked.get()).isEqualTo(2);
        assertThat(end.toString()).isEqualTo("]}");
    }

    @Test
    void aProtobufListIsNotEncodedFromChunks() {
        assertThatThrownBy(() -> ObjectWriter.streamedList(
                        format(Encoding.PROTOBUF, ConversionTarget.NONE, false),
                        CONFIG_MAPS,
                        null,
                        head(false),
                        items(1),
                        MoreItems.none(),
                        StreamedListFormsTest::decode,
                        null,
                        null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBadIncludeObjectFailsBeforeAnyByte() {
        assertThatThrownBy(() -> ObjectWriter.streamedList(
                        format(Encoding.JSON, ConversionTarget.TABLE, false),
                        CONFIG_MAPS,
                        "Everything",
                        head(false),
                        items(1),
                        null,
                        StreamedListFormsTest::decode,
                        null,
                        null))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400));
    }
}
