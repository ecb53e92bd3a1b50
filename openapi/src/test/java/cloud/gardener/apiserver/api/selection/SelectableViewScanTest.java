package cloud.gardener.apiserver.api.selection;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The byte scan of {@link SelectableView#read} gives what Jackson's parser gives ({@link SelectableView#parsed}), for
 * every sample object (the repository's examples, Gardener's, openapi's Shoots) in every view (each resource's
 * selectable fields, and paths of the sample itself), compact as stored, indented, and with managedFields; and where
 * the bytes are broken or odd it either gives the parser's answer or leaves them to the parser.
 */
class SelectableViewScanTest {

    @Test
    void theScanReadsEverySampleAsTheParserDoes() throws IOException {
        List<ResourceType> types = new ArrayList<>(StandardResources.gardener());
        types.addAll(StandardResources.coreV1());
        int scanned = 0;
        int reads = 0;
        for (Map.Entry<String, ObjectNode> sample : samples().entrySet()) {
            List<SelectableView> views = views(sample.getValue(), types);
            for (byte[] bytes : forms(sample.getValue())) {
                for (SelectableView view : views) {
                    reads++;
                    ObjectNode fast = view.scanned(bytes);
                    ObjectNode parsed = view.parsed(bytes);
                    assertThat(fast).as(sample.getKey()).isNotNull();
                    assertThat(fast.toString()).as(sample.getKey()).isEqualTo(parsed.toString());
                    assertThat(fast).as(sample.getKey()).isEqualTo(parsed);
                    assertThat(view.read(bytes)).isEqualTo(parsed);
                    scanned++;
                }
            }
        }
        assertThat(reads).as("reads compared").isGreaterThan(1000);
        assertThat(scanned).isEqualTo(reads);
    }

    /**
     * Every Shoot sample broken or changed at many places (cut short, a byte replaced by one JSON treats specially):
     * where the scan answers, its answer is the parser's, and the parser did not fail; otherwise {@code read} is the
     * parser's answer or error.
     */
    @Test
    void brokenOrOddBytesAreReadAsTheParserReadsThem() throws IOException {
        byte[] replacements = {'}', ']', ',', ':', '"', '\\', 'x', '0', '-', ' ', 0x01, (byte) 0xC3, (byte) 0x80};
        SelectableView shoots = new SelectableView(
                StandardResources.gardener().stream()
                        .filter(t -> t.kind().equals("Shoot"))
                        .findFirst()
                        .orElseThrow(),
                List.of("spec.kubernetes.version", "status.lastOperation"));
        SelectableView metadata = SelectableView.of(List.of("metadata"));
        int answered = 0;
        int left = 0;
        for (Map.Entry<String, ObjectNode> sample : samples().entrySet()) {
            if (!sample.getValue().path("kind").asText().equals("Shoot")) {
                continue;
            }
            byte[] stored = Json.toBytes(withManagedFields(sample.getValue()));
            for (int at = 0; at < stored.length; at += 23) {
                List<byte[]> variants = new ArrayList<>();
                variants.add(java.util.Arrays.copyOf(stored, at));
                for (byte r : replacements) {
                    byte[] changed = stored.clone();
                    changed[at] = r;
                    variants.add(changed);
                }
                for (byte[] bytes : variants) {
                    for (SelectableView view : List.of(shoots, metadata)) {
                        ObjectNode fast = view.scanned(bytes);
                        String parsed = outcome(view, bytes);
                        if (fast != null) {
                            answered++;
                            assertThat(fast.toString())
                                    .as(sample.getKey() + " changed at " + at)
                                    .isEqualTo(parsed);
                        } else {
                            left++;
                        }
                        assertThat(readOutcome(view, bytes)).isEqualTo(parsed);
                    }
                }
            }
        }
        assertThat(answered).as("changed bytes the scan read").isGreaterThan(1000);
        assertThat(left).as("changed bytes left to the parser").isGreaterThan(1000);
    }

    @Test
    void escapesNumbersAndSpaceAreReadAsTheParserReadsThem() {
        SelectableView view = SelectableView.of(List.of(
                "metadata.name", "metadata.labels", "spec.n", "spec.s", "spec.t", "spec.nested.a", "\u00e9", "e\"q"));
        for (String json : List.of(
                "{\"metadata\":{\"name\":\"a\\u2028\\u00e9\\\"\",\"labels\":{\"k\\n\":\"v\\\\\"}},\"spec\":{\"n\":"
                        + "1.50,\"s\":\"\u00e9\\/\",\"t\":true,\"x\":[1,-0.0,1e5,1E-5,123456789012345678901234567890,"
                        + "null,false,{\"\":[]}],\"nested\":{\"a\":null}}}",
                " \t\r\n{ \"spec\" : { \"n\" : -12 , \"t\" : false , \"s\" : \"x\" } , \"metadata\" : { } } ",
                "{\"\u00e9\":1,\"e\\\"q\":2,\"metadata\":{\"name\":\"\u00e9\"}}",
                "{\"metadata\":{\"name\":\"a\"},\"metadata\":{\"name\":\"b\"},\"spec\":{}}",
                "{\"metadata\":{\"labels\":{\"a\":\"1\",\"b\":\"2\",\"a\":\"3\"}}}",
                "{\"metadata\":{\"labels\":{ \"a\" : \"1\" , \"b\" : 2 }}}",
                "{\"metadata\":{\"labels\":{\"a\":\"1\",\"b\":{\"c\":\"d\"}}}}",
                "{\"metadata\":{\"labels\":{\"a\":\"1\",\"b\":null}}}",
                "{\"metadata\":{\"labels\":{\"a\\u0041\":\"1\"}}}",
                "{\"metadata\":{\"labels\":{\"a\":\"1\",}}}",
                "{\"metadata\":{\"labels\":{\"a\":\"1\"",
                "{\"metadata\":{\"labels\":{}}}",
                "{\"spec\":{\"x\":\"\\ud83d\\ude00 \uD83D\uDE00\",\"n\":[{\"a\":{}}]}}",
                "{\"spec\":{\"x\":01}}",
                "{\"spec\":{\"x\":1.}}",
                "{\"spec\":{\"x\":tru}}",
                "{\"spec\":{\"x\":\"\\q\"}}",
                "{\"spec\":{\"x\":[1,]}}",
                "{\"spec\":{\"x\":{\"a\" 1}}}",
                "{\"spec\":{\"x\":{\"a\":1,}}}",
                "{\"spec\":{\"x\":'a'}}",
                "[]",
                "",
                "  ",
                "\"metadata\"",
                "{}",
                "{\"metadata\":null}")) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            String parsed = outcome(view, bytes);
            ObjectNode fast = view.scanned(bytes);
            if (fast != null) {
                assertThat(fast.toString()).as(json).isEqualTo(parsed);
            }
            assertThat(readOutcome(view, bytes)).as(json).isEqualTo(parsed);
        }
        // plain JSON with escapes in values, numbers and space is the scan's to read
        assertThat(view.scanned((" \t\r\n{ \"spec\" : { \"n\" : -12 , \"t\" : false , \"s\" : \"x\" } , "
                                + "\"metadata\" : { \"labels\" : { \"a\\n\" : \"\\u00e9\" } } } ")
                        .getBytes(StandardCharsets.UTF_8)))
                .isNotNull();
    }

    /** The parser's answer, or its error, as text. */
    private static String outcome(SelectableView view, byte[] bytes) {
        try {
            return view.parsed(bytes).toString();
        } catch (UncheckedIOException e) {
            return "error: " + e.getMessage();
        }
    }

    /** {@link SelectableView#read}'s answer, or its error, as text. */
    private static String readOutcome(SelectableView view, byte[] bytes) {
        try {
            return view.read(bytes).toString();
        } catch (UncheckedIOException e) {
            return "error: " + e.getMessage();
        }
    }

    /** The sample compact (as stored), indented, and compact with managedFields. */
    private static List<byte[]> forms(ObjectNode sample) throws IOException {
        return List.of(
                Json.toBytes(sample),
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(sample),
                Json.toBytes(withManagedFields(sample)));
    }

    /** The sample with a managedFields entry whose fieldsV1 is the sample's spec (a large nested object). */
    private static ObjectNode withManagedFields(ObjectNode sample) {
        ObjectNode copy = sample.deepCopy();
        ObjectNode meta = copy.withObjectProperty("metadata");
        ArrayNode managed = meta.putArray("managedFields");
        ObjectNode entry = managed.addObject()
                .put("manager", "kubectl")
                .put("operation", "Update")
                .put("fieldsType", "FieldsV1");
        entry.set("fieldsV1", sample.path("spec").deepCopy());
        return copy;
    }

    /** Each resource's selectable view, and views of the sample's own paths (two levels down, some three). */
    private static List<SelectableView> views(ObjectNode sample, List<ResourceType> types) {
        List<SelectableView> views = new ArrayList<>();
        types.forEach(t -> views.add(new SelectableView(t)));
        List<String> paths = new ArrayList<>();
        collect(sample, "", 3, paths);
        List<String> everyOther = new ArrayList<>();
        for (int i = 0; i < paths.size(); i += 2) {
            everyOther.add(paths.get(i));
        }
        views.add(SelectableView.of(paths));
        views.add(SelectableView.of(everyOther));
        views.add(SelectableView.of(List.of("metadata", "status")));
        return views;
    }

    private static void collect(JsonNode node, String prefix, int depth, List<String> into) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String path = prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey();
            if (depth > 1 && field.getValue().isObject() && !field.getValue().isEmpty()) {
                collect(field.getValue(), path, depth - 1, into);
            } else {
                into.add(path);
            }
        }
    }

    /** Every object document: openapi's Shoots, the repository's examples, Gardener's examples. */
    private static Map<String, ObjectNode> samples() throws IOException {
        Map<String, ObjectNode> docs = new LinkedHashMap<>();
        for (String name : List.of("shoot-all-fields.yaml", "shoot-status.yaml")) {
            try (InputStream in = SelectableViewScanTest.class.getResourceAsStream(
                    "/cloud/gardener/apiserver/api/core/v1beta1/" + name)) {
                assertThat(in).as(name).isNotNull();
                docs.put(name, (ObjectNode) Json.readTree(Json.toBytes(Json.YAML.readTree(in))));
            }
        }
        // as a body is read: JSON's own number and string nodes
        GardenerExamples.documentsUnder(List.of(Path.of("../examples"), GardenerExamples.DIR))
                .forEach((name, doc) -> docs.put(name, (ObjectNode) Json.readTree(Json.toBytes(doc))));
        assertThat(docs.values().stream().filter(d -> d.path("kind").asText().equals("Shoot")))
                .as("Shoot samples")
                .hasSizeGreaterThan(5);
        return docs;
    }
}
