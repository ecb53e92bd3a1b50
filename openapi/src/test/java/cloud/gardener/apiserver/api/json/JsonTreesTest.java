package cloud.gardener.apiserver.api.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonTreesTest {

    private final JsonNode tree = Json.readTree(
            "{\"spec\":{\"name\":\"a\",\"empty\":\"\",\"nil\":null,\"replicas\":3,\"on\":true,\"off\":false,\"text\":\"true\",\"map\":{\"k\":\"v\"}}}"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));

    @Test
    void atNeverReturnsNull() {
        assertThat(JsonTrees.at(tree, "spec", "name").asText()).isEqualTo("a");
        assertThat(JsonTrees.at(tree, "spec", "absent", "deeper").isMissingNode())
                .isTrue();
        assertThat(JsonTrees.at(null, "spec").isMissingNode()).isTrue();
        assertThat(JsonTrees.at(tree)).isSameAs(tree);
    }

    @Test
    void isSetIsANonNilPointer() {
        assertThat(JsonTrees.isSet(tree, "spec", "empty")).isTrue();
        assertThat(JsonTrees.isSet(tree, "spec", "map")).isTrue();
        assertThat(JsonTrees.isSet(tree, "spec", "nil")).isFalse();
        assertThat(JsonTrees.isSet(tree, "spec", "absent")).isFalse();
        assertThat(JsonTrees.isSet(null)).isFalse();
    }

    @Test
    void textIsAnyScalarAndGosZeroValueOtherwise() {
        assertThat(JsonTrees.text(tree, "spec", "name")).isEqualTo("a");
        assertThat(JsonTrees.text(tree, "spec", "replicas")).isEqualTo("3");
        assertThat(JsonTrees.text(tree, "spec", "nil")).isEmpty();
        assertThat(JsonTrees.text(tree, "spec", "map")).isEmpty();
        assertThat(JsonTrees.text(tree, "spec", "absent")).isEmpty();
        assertThat(JsonTrees.text(null, "spec", "name")).isEmpty();
        assertThat(JsonTrees.optionalText(tree, "spec", "empty")).contains("");
        assertThat(JsonTrees.optionalText(tree, "spec", "nil")).isEqualTo(Optional.empty());
    }

    @Test
    void stringIsOnlyAJsonString() {
        assertThat(JsonTrees.string(tree, "spec", "name")).isEqualTo("a");
        assertThat(JsonTrees.string(tree, "spec", "replicas")).isEmpty();
        assertThat(JsonTrees.string(tree, "spec", "nil")).isEmpty();
    }

    @Test
    void isTrueOnlyForABooleanTrue() {
        assertThat(JsonTrees.isTrue(tree, "spec", "on")).isTrue();
        assertThat(JsonTrees.isTrue(tree, "spec", "off")).isFalse();
        assertThat(JsonTrees.isTrue(tree, "spec", "text")).isFalse();
        assertThat(JsonTrees.isTrue(tree, "spec", "absent")).isFalse();
    }
}
