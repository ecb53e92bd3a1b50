package cloud.gardener.apiserver.api.defaults;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Table-driven defaulting tests: a case is an input manifest (YAML) and the fields expected after defaulting, as
 * JSON pointers with YAML values (or {@link #ABSENT}). Objects go through the same steps as in the server: decoded
 * and encoded by the kind's model (when it has one), defaulted, and made canonical again.
 */
final class DefaultingTable {

    static final String ABSENT = "<absent>";

    /** One row of a table. */
    record Case(String name, String input, List<String[]> expectations) {

        @Override
        public String toString() {
            return name;
        }
    }

    private DefaultingTable() {}

    /** A case; {@code pointerValuePairs} alternate a JSON pointer and its expected YAML value (or ABSENT). */
    static Case row(String name, String input, String... pointerValuePairs) {
        if (pointerValuePairs.length % 2 != 0) {
            throw new IllegalArgumentException("pointer without a value in " + name);
        }
        List<String[]> expectations = new ArrayList<>();
        for (int i = 0; i < pointerValuePairs.length; i += 2) {
            expectations.add(new String[] {pointerValuePairs[i], pointerValuePairs[i + 1]});
        }
        return new Case(name, input, expectations);
    }

    static ObjectNode yaml(String text) {
        try {
            return (ObjectNode) Json.YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Defaults a manifest as the server does: through the model of {@code gvk} when there is one. Also checks that
     * every field the defaulter set is one the model knows (a misspelt default would otherwise vanish silently).
     */
    static ObjectNode served(GroupVersionKind gvk, Defaulter defaulter, ObjectNode manifest) {
        Optional<Class<?>> model = ResourceModels.of(gvk);
        ObjectNode tree = model.map(m -> ModelCodec.canonical(manifest, m)).orElse(manifest.deepCopy());
        defaulter.apply(tree);
        if (model.isPresent()) {
            assertThat(ModelCodec.decode(tree, model.get()).unknownFields())
                    .as("fields the %s defaults set that its model does not know", gvk.kind())
                    .isEmpty();
            tree = ModelCodec.canonical(tree, model.get());
        }
        return tree;
    }

    /** The GroupVersionKind a manifest declares. */
    static GroupVersionKind gvkOf(String manifest) {
        ObjectNode tree = yaml(manifest);
        String apiVersion = tree.path("apiVersion").asText();
        int slash = apiVersion.indexOf('/');
        return new GroupVersionKind(
                slash < 0 ? "" : apiVersion.substring(0, slash),
                apiVersion.substring(slash + 1),
                tree.path("kind").asText());
    }

    static void assertCase(GroupVersionKind gvk, Defaulter defaulter, Case c) {
        assertFields(served(gvk, defaulter, yaml(c.input())), c.expectations());
    }

    static void assertFields(JsonNode actual, List<String[]> expectations) {
        for (String[] expectation : expectations) {
            JsonNode value = actual.at(JsonPointer.compile(expectation[0]));
            if (expectation[1].equals(ABSENT)) {
                assertThat(value.isMissingNode())
                        .as("%s should be absent but is %s", expectation[0], value)
                        .isTrue();
            } else {
                assertThat(value.isMissingNode())
                        .as("%s is absent in %s", expectation[0], actual)
                        .isFalse();
                // Compared as written JSON: 0.5 and 0.50, -1 and -1.0 are the same default.
                assertThat(Json.toJson(value))
                        .as(expectation[0])
                        .isEqualTo(Json.toJson(normalize(yamlValue(expectation[1]))));
            }
        }
    }

    private static JsonNode yamlValue(String text) {
        try {
            return Json.YAML.readTree("v: " + text).get("v");
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode normalize(JsonNode node) {
        if (node.isBigDecimal()) {
            return JsonTree.goFloat(node.decimalValue().toPlainString());
        }
        return node;
    }
}
