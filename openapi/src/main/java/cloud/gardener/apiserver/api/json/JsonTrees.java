package cloud.gardener.apiserver.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Optional;

/**
 * Reading an object's JSON tree by paths of field names the way Go reads its typed struct: an absent string is
 * {@code ""}, an absent pointer is "not set", an absent bool is false. Nothing here throws on a malformed tree or a
 * null node.
 */
public final class JsonTrees {

    private JsonTrees() {}

    /** The node at {@code path}, or a missing node; never null. */
    public static JsonNode at(JsonNode node, String... path) {
        JsonNode current = node == null ? MissingNode.getInstance() : node;
        for (String field : path) {
            current = current.path(field);
        }
        return current;
    }

    /** Whether a Go pointer at {@code path} would be non-nil: the field is there and not null. */
    public static boolean isSet(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return !v.isMissingNode() && !v.isNull();
    }

    /** The scalar at {@code path} as text; {@code ""} when absent, null or not a scalar (Go's zero value). */
    public static String text(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return v.isValueNode() && !v.isNull() ? v.asText() : "";
    }

    /** The scalar at {@code path} as text when set (a non-nil {@code *string}, possibly empty). */
    public static Optional<String> optionalText(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return v.isValueNode() && !v.isNull() ? Optional.of(v.asText()) : Optional.empty();
    }

    /** The JSON string at {@code path}; {@code ""} for anything else (absent, null, a number, an object). */
    public static String string(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return v.isTextual() ? v.textValue() : "";
    }

    /** Whether the boolean at {@code path} is true (absent, null or not a boolean is false). */
    public static boolean isTrue(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return v.isBoolean() && v.booleanValue();
    }
}
