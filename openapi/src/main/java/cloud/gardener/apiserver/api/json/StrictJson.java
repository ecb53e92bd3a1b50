package cloud.gardener.apiserver.api.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses JSON into a tree while recording duplicate object keys (the later value wins, as in Go), so
 * that strict decoding can report every {@code duplicate field "metadata.name"} rather than failing on
 * the first.
 */
public final class StrictJson {

    /** A parsed document and the paths of duplicated keys, e.g. {@code metadata.name}, {@code spec.items[0].a}. */
    public record Parsed(JsonNode tree, List<String> duplicateFields) {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StrictJson() {}

    public static Parsed parse(byte[] json) throws IOException {
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(json)) {
            List<String> duplicates = new ArrayList<>();
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new IOException("unexpected end of JSON input");
            }
            JsonNode tree = read(parser, "", duplicates);
            if (parser.nextToken() != null) {
                throw new IOException("invalid character after top-level value");
            }
            return new Parsed(tree, List.copyOf(duplicates));
        }
    }

    private static JsonNode read(JsonParser p, String path, List<String> duplicates) throws IOException {
        switch (p.currentToken()) {
            case START_OBJECT -> {
                ObjectNode obj = NODES.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    String child = path.isEmpty() ? name : path + "." + name;
                    p.nextToken();
                    JsonNode value = read(p, child, duplicates);
                    if (obj.has(name)) {
                        duplicates.add(child);
                    }
                    obj.set(name, value);
                }
                return obj;
            }
            case START_ARRAY -> {
                ArrayNode arr = NODES.arrayNode();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    arr.add(read(p, path + "[" + i++ + "]", duplicates));
                }
                return arr;
            }
            case VALUE_STRING -> {
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(p.getDecimalValue());
            }
            case VALUE_TRUE -> {
                return NODES.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return NODES.booleanNode(false);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> {
                throw new IOException("unexpected token " + p.currentToken());
            }
        }
    }
}
