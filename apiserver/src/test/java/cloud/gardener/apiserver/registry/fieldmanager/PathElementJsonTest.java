package cloud.gardener.apiserver.registry.fieldmanager;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.StoredFormSamples;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON of path elements and values written directly ({@link JsonValues#appendPlain}) is what the mapper writes:
 * for every key and set value of the field sets of every Shoot sample, and for values that need escaping or are not
 * plain.
 */
class PathElementJsonTest {

    private static final FieldType SHOOT = FieldType.ofRecord(Shoot.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void everyKeyAndValueOfEveryShootSamplesFieldSetIsWrittenAsTheMapperWritesIt() throws Exception {
        int keys = 0;
        int shoots = 0;
        for (ObjectNode sample : StoredFormSamples.all()) {
            if (!sample.path("kind").asText().equals("Shoot")) {
                continue;
            }
            shoots++;
            List<PathElement> elements = new ArrayList<>();
            collect(TypedValues.changedFields(null, sample, SHOOT), elements);
            for (PathElement pe : elements) {
                switch (pe.kind()) {
                    case KEY -> {
                        keys++;
                        assertThat(pe.serialize()).isEqualTo("k:" + pe.mappedKeyJson());
                    }
                    case VALUE -> assertThat(pe.serialize()).isEqualTo("v:" + Json.toJson(pe.value()));
                    default -> {}
                }
            }
        }
        assertThat(shoots).as("Shoot samples").isGreaterThan(5);
        assertThat(keys).as("keys of list items written").isGreaterThan(100);
    }

    @Test
    void valuesThatNeedEscapingOrAreNotPlainAreWrittenAsTheMapperWritesThem() {
        List<JsonNode> values = new ArrayList<>();
        for (char c = 0; c < 0x100; c++) {
            values.add(NODES.textNode("a" + c + "b"));
        }
        for (String s : List.of("", "\u2028", "\uD83D\uDE00", "</script>&", "name-1.x_Y")) {
            values.add(NODES.textNode(s));
        }
        values.add(NODES.numberNode(0));
        values.add(NODES.numberNode(-7));
        values.add(NODES.numberNode(Integer.MIN_VALUE));
        values.add(NODES.numberNode(Long.MAX_VALUE));
        values.add(NODES.numberNode((short) 3));
        values.add(NODES.numberNode(new BigInteger("123456789012345678901234567890")));
        values.add(NODES.numberNode(new BigDecimal("1.50")));
        values.add(NODES.numberNode(1e30));
        values.add(NODES.numberNode(0.5f));
        values.add(NODES.booleanNode(true));
        values.add(NODES.booleanNode(false));
        values.add(NODES.nullNode());
        values.add(NODES.missingNode());
        values.add(Json.readTree("{\"a\":[1,\"x\"],\"b\":{}}".getBytes(StandardCharsets.UTF_8)));
        values.add(Json.readTree("[]".getBytes(StandardCharsets.UTF_8)));
        values.add(NODES.binaryNode(new byte[] {1, 2}));
        for (JsonNode v : values) {
            assertThat(JsonValues.toJson(v)).as("%s", v).isEqualTo(Json.toJson(v));
            PathElement single = PathElement.key(List.of(new PathElement.KeyField("name", v)));
            assertThat(single.serialize()).as("%s", v).isEqualTo("k:" + single.mappedKeyJson());
            PathElement pair = PathElement.key(
                    List.of(new PathElement.KeyField("z\"", v), new PathElement.KeyField("a", NODES.textNode("x"))));
            assertThat(pair.serialize()).as("%s", v).isEqualTo("k:" + pair.mappedKeyJson());
            assertThat(PathElement.value(v).serialize()).isEqualTo("v:" + Json.toJson(v));
        }
        assertThat(JsonValues.toJson(null)).isEqualTo(Json.toJson(null));
        PathElement withNull = PathElement.key(List.of(new PathElement.KeyField("k", null)));
        assertThat(withNull.serialize())
                .isEqualTo("k:" + withNull.mappedKeyJson())
                .isEqualTo("k:{\"k\":null}");
        // a repeated name: the mapper's object keeps one, as the direct writing must
        PathElement repeated = PathElement.key(List.of(
                new PathElement.KeyField("k", NODES.textNode("1")),
                new PathElement.KeyField("k", NODES.textNode("2"))));
        assertThat(repeated.serialize()).isEqualTo("k:" + repeated.mappedKeyJson());
        // the usual key, written directly
        assertThat(PathElement.key(List.of(
                                new PathElement.KeyField("type", NODES.textNode("A")),
                                new PathElement.KeyField("port", NODES.numberNode(443))))
                        .serialize())
                .isEqualTo("k:{\"port\":443,\"type\":\"A\"}");
    }

    private static void collect(FieldSet set, List<PathElement> into) {
        into.addAll(set.members());
        for (Map.Entry<PathElement, FieldSet> child : set.children().entrySet()) {
            into.add(child.getKey());
            collect(child.getValue(), into);
        }
    }
}
