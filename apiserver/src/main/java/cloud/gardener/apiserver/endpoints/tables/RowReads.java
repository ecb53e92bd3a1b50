package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The top-level fields of an object a table row is made from ({@link TableConvertor#rowReads}): {@code kind},
 * {@code apiVersion} and {@code metadata} (the row's PartialObjectMetadata, its name and age), the fields the
 * kind's cells read, each whole, and the fields whose cells read only their keys or length ({@code len()} of a map
 * or slice), kept with null values. Reading these from an object's JSON bytes skips everything else (a
 * ConfigMap's values, a Shoot's spec where the cells do not look), so a Table of a large list does not build every
 * object's tree; the cells made from this part are those made from the whole object.
 */
public final class RowReads {

    /** Field names are not interned: a ConfigMap's data keys would fill the JVM's intern table for nothing. */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    private static final Set<String> ALWAYS = Set.of("kind", "apiVersion", "metadata");

    private final Set<String> whole;
    private final Set<String> counted;

    private RowReads(Set<String> whole, Set<String> counted) {
        this.whole = whole;
        this.counted = counted;
    }

    /** Only {@code kind}, {@code apiVersion} and {@code metadata}. */
    public static RowReads metadata() {
        return of(List.of(), List.of());
    }

    /**
     * Metadata and the given top-level fields.
     *
     * @param whole   the top-level fields the cells read (besides metadata), kept as they are
     * @param counted the top-level fields the cells read only the keys or length of: a map keeps its keys (with null
     *                values), a list its length (of nulls); another value is kept as it is
     */
    public static RowReads of(List<String> whole, List<String> counted) {
        return new RowReads(Set.copyOf(whole), Set.copyOf(counted));
    }

    /**
     * The fields of the object in {@code json}, in their order there; empty when the bytes are not a JSON object
     * (or not JSON at all), for the caller to decode them whole (which reports the error).
     */
    public Optional<ObjectNode> read(byte[] json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            p.setCodec(Json.MAPPER);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            ObjectNode out = Json.MAPPER.createObjectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (ALWAYS.contains(name) || whole.contains(name)) {
                    out.set(name, p.readValueAsTree());
                } else if (counted.contains(name)) {
                    out.set(name, counted(p, value));
                } else {
                    p.skipChildren();
                }
            }
            // whatever follows the object is left to decoding whole, which rejects it
            return p.currentToken() == JsonToken.END_OBJECT && p.nextToken() == null
                    ? Optional.of(out)
                    : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A map's keys with null values, a list of as many nulls, another value as it is. */
    private static JsonNode counted(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            ObjectNode keys = Json.MAPPER.createObjectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                p.skipChildren();
                keys.putNull(key);
            }
            return keys;
        }
        if (value == JsonToken.START_ARRAY) {
            ArrayNode nulls = Json.MAPPER.createArrayNode();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                p.skipChildren();
                nulls.addNull();
            }
            return nulls;
        }
        return p.readValueAsTree();
    }
}
