package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link ModelCodec} (planned per class, no reflection per call) answers exactly as {@link LegacyModelCodec} (the codec
 * before) did: the same JSON text for every record, the same records and unknown-field paths for every tree, and the
 * same exception and message for every bad value. Inputs: random records of every modelled kind and every record they
 * reach, Gardener's example manifests (the shared conformance data), the repository's examples and openapi's Shoot
 * test data, and each of those with every field, in turn, replaced by a value of every JSON type (or an unknown field
 * added).
 *
 * <p>Seeded: set {@code -Dequivalence.seed=N} to replay a failure; each failure message names the seed.
 */
class ModelCodecEquivalenceTest {

    private static final long SEED = Long.getLong("equivalence.seed", new Random().nextLong());
    /**
     * Bad values tried per fixture, chosen at random (the Shoot with every field has some 9,000: all of them take a
     * minute); {@code -Dequivalence.mutations=N} tries more.
     */
    private static final int FIXTURE_MUTATIONS = Integer.getInteger("equivalence.mutations", 300);

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What every field is replaced by, in turn: each JSON type, in and out of range, and the edge cases. */
    private static final List<JsonNode> REPLACEMENTS = List.of(
            NODES.nullNode(),
            NODES.textNode(""),
            NODES.textNode("x"),
            NODES.textNode(" 1Gi "),
            NODES.textNode("2025-01-01T10:00:00Z"),
            NODES.textNode("1h30m"),
            NODES.textNode("aGVsbG8="),
            NODES.textNode("25%"),
            NODES.numberNode(0),
            NODES.numberNode(7),
            NODES.numberNode(-3),
            NODES.numberNode(1L << 40),
            NODES.numberNode(new BigInteger("123456789012345678901234567890")),
            NODES.numberNode(new BigDecimal("1.50")),
            NODES.numberNode(2.0),
            NODES.booleanNode(true),
            NODES.booleanNode(false),
            NODES.arrayNode(),
            NODES.arrayNode().add(NODES.nullNode()).add(1).add("a").add(NODES.objectNode()),
            NODES.objectNode(),
            NODES.objectNode().put("zz", 1).putNull("name"));

    @TestFactory
    Stream<DynamicTest> randomRecordsOfEveryReachableRecordEncodeAndDecodeAsBefore() {
        return RoundTripPropertyTest.reachableRecords(
                        RoundTripPropertyTest.kinds().values())
                .stream()
                .map(c -> DynamicTest.dynamicTest(c.getName(), () -> {
                    Random random = new Random(SEED ^ c.getName().hashCode());
                    for (int i = 0; i < 4; i++) {
                        Object record = new RandomRecords(random, 4).record(c);
                        String where = c.getName() + " #" + i + " (-Dequivalence.seed=" + SEED + ")";
                        ObjectNode encoded = assertEncodesAsBefore(record, where);
                        assertDecodesAsBefore(encoded, c, where);
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyKindWithBadValuesAndUnknownFieldsDecodesAsBefore() {
        return RoundTripPropertyTest.kinds().entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Random random = new Random(SEED ^ e.getKey().hashCode());
                    Object record = new RandomRecords(random, 4).record(e.getValue());
                    ObjectNode tree = ModelCodec.encode(record);
                    assertMutationsDecodeAsBefore(
                            tree, e.getValue(), random, 80, e.getKey() + " (-Dequivalence.seed=" + SEED + ")");
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureAndEveryBadValueInItDecodesAsBefore() throws IOException {
        return fixtures().entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    ObjectNode doc = (ObjectNode) e.getValue();
                    Class<?> type = model(doc);
                    assertThat(type).as("a model for %s", e.getKey()).isNotNull();
                    Decoded<?> decoded = assertDecodesAsBefore(doc, type, e.getKey());
                    assertEncodesAsBefore(decoded.value(), e.getKey());
                    assertMutationsDecodeAsBefore(
                            doc,
                            type,
                            new Random(SEED),
                            FIXTURE_MUTATIONS,
                            e.getKey() + " (-Dequivalence.seed=" + SEED + ")");
                }));
    }

    @Test
    void theFixturesIncludeTheShootsAndGardenersExamples() throws IOException {
        Map<String, JsonNode> fixtures = fixtures();
        assertThat(fixtures.keySet())
                .anyMatch(k -> k.startsWith("shoot-all-fields.yaml"))
                .anyMatch(k -> k.startsWith("shoot-status.yaml"))
                .anyMatch(k -> k.startsWith("50-shoot.yaml"));
        if (Files.isDirectory(GardenerExamples.DIR)) {
            assertThat(fixtures.keySet()).anyMatch(k -> k.startsWith("90-shoot.yaml"));
        }
    }

    @Test
    void unknownFieldsAndBadValuesAreReportedWithTheirPaths() {
        JsonNode in = Json.readTree(("{'spec':{'name':'w','zz':1,'parts':[{'name':'a','qq':2},{'name':'b'}],"
                        + "'labels':{'k':'v'},'primary':{'name':'p','rr':{}}},'top':true}")
                .replace('\'', '"')
                .getBytes(StandardCharsets.UTF_8));
        Decoded<?> decoded = ModelCodec.decode(in, cloud.gardener.apiserver.api.model.sample.Widget.class);
        assertThat(decoded.unknownFields()).containsExactly("spec.parts[0].qq", "spec.primary.rr", "spec.zz", "top");

        ((ObjectNode) in.get("spec").get("parts").get(1)).put("name", 5);
        assertThat(outcome(() -> ModelCodec.decode(in, cloud.gardener.apiserver.api.model.sample.Widget.class)))
                .isEqualTo(DecodeException.class.getName()
                        + ": json: cannot unmarshal number into Go struct field Part.spec.parts.name of type string");
    }

    // ------------------------------------------------------------------------------------------ assertions

    private static ObjectNode assertEncodesAsBefore(Object record, String where) {
        ObjectNode expected = LegacyModelCodec.encode(record);
        ObjectNode actual = ModelCodec.encode(record);
        assertThat(actual.toString()).as("encoding %s", where).isEqualTo(expected.toString());
        assertThat(actual).as("encoding %s", where).isEqualTo(expected);
        return actual;
    }

    private static Decoded<?> assertDecodesAsBefore(JsonNode tree, Class<?> type, String where) {
        String before = tree.toString();
        String expected = outcome(() -> LegacyModelCodec.decode(tree, type));
        String actual = outcome(() -> ModelCodec.decode(tree, type));
        assertThat(actual).as("decoding %s from %s", where, before).isEqualTo(expected);
        assertThat(tree.toString()).as("the input is left as it was").isEqualTo(before);
        try {
            Decoded<?> a = ModelCodec.decode(tree, type);
            Decoded<?> b = LegacyModelCodec.decode(tree, type);
            assertThat(a.value()).as("decoding %s from %s", where, before).isEqualTo(b.value());
            assertThat(a.unknownFields()).isEqualTo(b.unknownFields());
            if (a.value() != null) {
                assertEncodesAsBefore(a.value(), where + " decoded");
            }
            return a;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Every field and element of {@code tree} (or up to {@code limit} of them, chosen at random), replaced in turn by
     * each of {@link #REPLACEMENTS}, and each object with an unknown field added: both codecs answer the same.
     */
    private static void assertMutationsDecodeAsBefore(
            JsonNode tree, Class<?> type, Random random, int limit, String where) {
        List<Slot> slots = new ArrayList<>();
        collect(tree, slots);
        List<Runnable> cases = new ArrayList<>();
        for (Slot slot : slots) {
            for (JsonNode replacement : REPLACEMENTS) {
                cases.add(() -> {
                    JsonNode original = slot.get();
                    slot.set(replacement);
                    try {
                        assertDecodesAsBefore(tree, type, where + " with " + slot + " = " + replacement);
                    } finally {
                        slot.set(original);
                    }
                });
            }
            if (slot.get().isObject()) {
                ObjectNode object = (ObjectNode) slot.get();
                cases.add(() -> {
                    object.put("unknownField", 1);
                    try {
                        assertDecodesAsBefore(tree, type, where + " with an unknown field in " + slot);
                    } finally {
                        object.remove("unknownField");
                    }
                });
            }
        }
        if (cases.size() > limit) {
            java.util.Collections.shuffle(cases, random);
            cases = cases.subList(0, limit);
        }
        cases.forEach(Runnable::run);
    }

    /** A place in a tree: an object's field or an array's element. */
    private record Slot(JsonNode parent, String field, int index, String path) {
        JsonNode get() {
            return field != null ? parent.get(field) : parent.get(index);
        }

        void set(JsonNode value) {
            if (field != null) {
                ((ObjectNode) parent).set(field, value);
            } else {
                ((ArrayNode) parent).set(index, value);
            }
        }

        @Override
        public String toString() {
            return path;
        }
    }

    private static void collect(JsonNode node, List<Slot> into) {
        collect(node, "", into);
    }

    private static void collect(JsonNode node, String path, List<Slot> into) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String p = path + "." + name;
                into.add(new Slot(node, name, -1, p));
                collect(node.get(name), p, into);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String p = path + "[" + i + "]";
                into.add(new Slot(node, null, i, p));
                collect(node.get(i), p, into);
            }
        }
    }

    private static String outcome(Supplier<Decoded<?>> decode) {
        try {
            Decoded<?> d = decode.get();
            return "decoded, unknown " + d.unknownFields() + ": "
                    + (d.value() == null ? "null" : LegacyModelCodec.encode(d.value()));
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    // ------------------------------------------------------------------------------------------ fixtures

    /** Every object document with a model: openapi's Shoots, the repository's examples, Gardener's examples. */
    private static Map<String, JsonNode> fixtures() throws IOException {
        Map<String, JsonNode> docs = new LinkedHashMap<>();
        for (String name : List.of("shoot-all-fields.yaml", "shoot-status.yaml")) {
            try (InputStream in = ModelCodecEquivalenceTest.class.getResourceAsStream(
                    "/cloud/gardener/apiserver/api/core/v1beta1/" + name)) {
                assertThat(in).as(name).isNotNull();
                docs.put(name, Json.YAML.readTree(in));
            }
        }
        GardenerExamples.documentsUnder(List.of(Path.of("../examples"), GardenerExamples.DIR))
                .forEach((name, doc) -> {
                    if (model(doc) != null) {
                        docs.put(name, doc);
                    }
                });
        return docs;
    }

    private static Class<?> model(JsonNode doc) {
        String apiVersion = doc.path("apiVersion").asText("");
        int slash = apiVersion.indexOf('/');
        GroupVersionKind gvk = new GroupVersionKind(
                slash < 0 ? "" : apiVersion.substring(0, slash),
                apiVersion.substring(slash + 1),
                doc.path("kind").asText(""));
        return ResourceModels.of(gvk).orElse(null);
    }
}
