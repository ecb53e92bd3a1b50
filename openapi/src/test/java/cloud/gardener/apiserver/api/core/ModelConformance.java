package cloud.gardener.apiserver.api.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Assertions every typed kind must pass: lossless example round trips and complete, well-named schemas. */
public final class ModelConformance {

    private ModelConformance() {}

    /**
     * Decodes {@code doc} as {@code type} with no unknown field, and checks that encoding keeps every key and value of
     * the manifest and that the encoded form is already canonical. Returns the encoded form.
     */
    public static ObjectNode assertRoundTrips(JsonNode doc, Class<?> type, String source) {
        Decoded<?> decoded = ModelCodec.decode(doc, type);
        assertThat(decoded.unknownFields())
                .as("unknown fields of %s in %s", type.getSimpleName(), source)
                .isEmpty();
        ObjectNode encoded = ModelCodec.encode(decoded.value());
        assertThat(JsonSubset.missing(doc, encoded))
                .as("%s in %s after a round trip: %s", type.getSimpleName(), source, encoded)
                .isEmpty();
        assertThat(ModelCodec.canonical(encoded, type))
                .as("canonical form of %s is stable", type.getSimpleName())
                .isEqualTo(encoded);
        return encoded;
    }

    /**
     * Builds the schema of a top-level kind (or list) in {@code dialect}: it is named {@code prefix + simple name},
     * documented, carries kind, apiVersion and metadata, and every reference it reaches has a definition.
     */
    public static Map<String, ObjectNode> assertKindSchema(Class<?> kind, String prefix, ModelSchemas.Dialect dialect) {
        ModelSchemas schemas = new ModelSchemas(dialect);
        assertThat(schemas.add(kind)).isEqualTo(prefix + kind.getSimpleName());
        ObjectNode schema = schemas.definitions().get(prefix + kind.getSimpleName());
        assertThat(schema.path("description").asText()).as(kind.getSimpleName()).isNotEmpty();
        assertThat(schema.path("properties").fieldNames())
                .toIterable()
                .as(kind.getSimpleName())
                .contains("kind", "apiVersion", "metadata");
        List<String> dangling = new ArrayList<>();
        schemas.definitions().values().forEach(d -> collectDangling(d, schemas.definitions(), dangling));
        assertThat(dangling)
                .as("references without a definition from %s", kind.getSimpleName())
                .isEmpty();
        return schemas.definitions();
    }

    private static void collectDangling(JsonNode node, Map<String, ObjectNode> defs, List<String> dangling) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                String name = ref.asText().substring(ref.asText().lastIndexOf('/') + 1);
                if (!defs.containsKey(name)) {
                    dangling.add(name);
                }
            }
        }
        if (node.isContainerNode()) {
            node.elements().forEachRemaining(child -> collectDangling(child, defs, dangling));
        }
    }
}
