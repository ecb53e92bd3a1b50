package cloud.gardener.apiserver.registry.fieldmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link TypedValues#changedFields} is the union of what {@link TypedValues#compare} finds modified and added. */
class TypedValuesChangedFieldsTest {

    private static final FieldType SHOOT = FieldType.ofRecord(Shoot.class);

    private static JsonNode json(String text) {
        return text == null ? null : Json.readTree(text.getBytes(StandardCharsets.UTF_8));
    }

    record Pair(String name, String left, String right, FieldType type) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Pair> pairs() {
        String shoot = """
                {"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot",
                 "metadata":{"name":"s","labels":{"a":"1"},"annotations":{}},
                 "spec":{"region":"r","provider":{"type":"aws","workers":[{"name":"w1","maximum":2},
                   {"name":"w2","zones":["z1","z2"]}]},"kubernetes":{"version":"1.33.0"},
                   "tolerations":[{"key":"k1"},{"key":"k1"}],"networking":{"ipFamilies":["IPv4"]}}}""";
        return List.of(
                new Pair("a create from nothing", null, shoot, SHOOT),
                new Pair("a create from the empty object", """
                        {"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot","metadata":{"creationTimestamp":null},
                         "spec":{"provider":{"type":"","workers":null},"region":""},"status":{}}""", shoot, SHOOT),
                new Pair("the same object", shoot, shoot, SHOOT),
                new Pair(
                        "a changed value, an added item, a removed field",
                        shoot,
                        shoot.replace("\"r\"", "\"r2\"")
                                .replace("{\"name\":\"w1\",\"maximum\":2}", "{\"name\":\"w0\"},{\"name\":\"w1\"}"),
                        SHOOT),
                new Pair(
                        "duplicates on both sides, changed",
                        shoot,
                        shoot.replace(
                                "[{\"key\":\"k1\"},{\"key\":\"k1\"}]",
                                "[{\"key\":\"k1\"},{\"key\":\"k1\",\"value\":\"v\"}]"),
                        SHOOT),
                new Pair(
                        "duplicates on the left only",
                        shoot,
                        shoot.replace("[{\"key\":\"k1\"},{\"key\":\"k1\"}]", "[{\"key\":\"k1\",\"value\":\"v\"}]"),
                        SHOOT),
                new Pair(
                        "duplicates on the right only",
                        shoot.replace("[{\"key\":\"k1\"},{\"key\":\"k1\"}]", "[{\"key\":\"k1\"}]"),
                        shoot,
                        SHOOT),
                new Pair(
                        "a map that becomes a scalar, nulls and empty maps",
                        shoot,
                        shoot.replace("\"kubernetes\":{\"version\":\"1.33.0\"}", "\"kubernetes\":null,\"dns\":{}")
                                .replace("\"labels\":{\"a\":\"1\"}", "\"labels\":{\"a\":null}"),
                        SHOOT),
                new Pair(
                        "untyped values",
                        "{\"a\":{\"b\":[1,2],\"c\":\"x\"},\"d\":[{\"e\":1}]}",
                        "{\"a\":{\"b\":[1,3],\"c\":{\"f\":1}},\"d\":[{\"e\":2}],\"g\":[]}",
                        FieldType.UNTYPED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void theChangedFieldsAreTheModifiedAndTheAddedOnes(Pair pair) {
        JsonNode left = json(pair.left());
        JsonNode right = json(pair.right());
        Comparison c = TypedValues.compare(left, right, pair.type());

        FieldSet changed = TypedValues.changedFields(left, right, pair.type());

        assertThat(changed).isEqualTo(c.modified().union(c.added()));
        assertThat(changed.toFieldsV1()).isEqualTo(c.modified().union(c.added()).toFieldsV1());
    }

    @Test
    void itemsThatCannotBeToldApartFailAsTheComparisonFails() {
        JsonNode left = json("{\"spec\":{\"provider\":{\"workers\":[{\"maximum\":1}]}}}");
        JsonNode right = json("{\"spec\":{\"provider\":{\"workers\":[]}}}");

        assertThatThrownBy(() -> TypedValues.compare(left, right, SHOOT)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TypedValues.changedFields(left, right, SHOOT))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
