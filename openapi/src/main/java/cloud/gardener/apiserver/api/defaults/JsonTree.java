package cloud.gardener.apiserver.api.defaults;

import cloud.gardener.apiserver.api.model.values.Duration;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * "Set when absent" on a JSON tree, in Go's terms: a nil pointer is a missing or {@code null} member; an empty
 * string, slice or map ({@code len(x) == 0}) is also missing, {@code null}, {@code ""}, {@code []} or
 * <code>{}</code>. Members of the wrong JSON type are left alone (the model's decoding rejects them before
 * defaulting; for kinds without a model, defaulting must not turn a bad value into a different one).
 */
final class JsonTree {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTree() {}

    /** Go's {@code x == nil} for a pointer member. */
    static boolean absent(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        return child == null || child.isNull();
    }

    /** Go's {@code len(x) == 0} for a string, slice or map member. */
    static boolean empty(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        return child == null
                || child.isNull()
                || (child.isTextual() && child.textValue().isEmpty())
                || (child.isContainerNode() && child.isEmpty());
    }

    /**
     * The object member {@code name}, created empty when absent (Go's {@code if x == nil { x = &T{} }}, or the
     * zero value of a non-pointer struct). A member that is not an object yields a detached node, so edits
     * through it change nothing.
     */
    static ObjectNode object(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        if (child == null || child.isNull()) {
            return parent.putObject(name);
        }
        return child.isObject() ? (ObjectNode) child : NODES.objectNode();
    }

    /** The object member {@code name} if present (Go's {@code if x != nil}). */
    static Optional<ObjectNode> existing(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        return child != null && child.isObject() ? Optional.of((ObjectNode) child) : Optional.empty();
    }

    /** The object at a path of members, if every step is present. */
    static Optional<ObjectNode> existing(ObjectNode root, String... path) {
        Optional<ObjectNode> node = Optional.of(root);
        for (String step : path) {
            node = node.flatMap(n -> existing(n, step));
        }
        return node;
    }

    /** The object elements of the array member {@code name}; none when it is absent. */
    static List<ObjectNode> objects(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        List<ObjectNode> items = new ArrayList<>();
        if (child != null && child.isArray()) {
            child.forEach(item -> {
                if (item.isObject()) {
                    items.add((ObjectNode) item);
                }
            });
        }
        return items;
    }

    /** The array member {@code name}, created empty when absent; a non-array member yields a detached node. */
    static ArrayNode array(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        if (child == null || child.isNull()) {
            return parent.putArray(name);
        }
        return child.isArray() ? (ArrayNode) child : NODES.arrayNode();
    }

    /** A string member's value; {@code ""} when absent or not a string (Go's zero value). */
    static String text(ObjectNode parent, String name) {
        JsonNode child = parent.get(name);
        return child != null && child.isTextual() ? child.textValue() : "";
    }

    static void setIfAbsent(ObjectNode parent, String name, JsonNode value) {
        if (absent(parent, name)) {
            parent.set(name, value);
        }
    }

    static void setIfAbsent(ObjectNode parent, String name, String value) {
        setIfAbsent(parent, name, NODES.textNode(value));
    }

    static void setIfAbsent(ObjectNode parent, String name, boolean value) {
        setIfAbsent(parent, name, NODES.booleanNode(value));
    }

    static void setIfAbsent(ObjectNode parent, String name, long value) {
        setIfAbsent(parent, name, NODES.numberNode(value));
    }

    static void setIfEmpty(ObjectNode parent, String name, JsonNode value) {
        if (empty(parent, name)) {
            parent.set(name, value);
        }
    }

    static void setIfEmpty(ObjectNode parent, String name, String value) {
        setIfEmpty(parent, name, NODES.textNode(value));
    }

    /** A {@code metav1.Duration} as Go writes it ({@code "2m0s"}). */
    static JsonNode duration(java.time.Duration value) {
        return NODES.textNode(Duration.of(value).toString());
    }

    /** A float64 as Go's encoder writes it: {@code -1} rather than {@code -1.0}. */
    static JsonNode goFloat(String value) {
        return NODES.numberNode(new BigDecimal(value).stripTrailingZeros());
    }

    /** An array of strings. */
    static ArrayNode strings(String... values) {
        ArrayNode array = NODES.arrayNode();
        for (String value : values) {
            array.add(value);
        }
        return array;
    }
}
