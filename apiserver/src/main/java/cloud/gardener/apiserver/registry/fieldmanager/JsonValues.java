package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Ordering and equality of JSON values as structured-merge-diff's {@code value.Compare} defines them: numbers
 * (ints and floats compared numerically) before strings, booleans, lists, maps and null.
 */
final class JsonValues {

    private JsonValues() {}

    static int compare(JsonNode a, JsonNode b) {
        int ra = rank(a);
        int rb = rank(b);
        if (ra != rb) {
            return Integer.compare(ra, rb);
        }
        return switch (ra) {
            case 0 ->
                a.isIntegralNumber() && b.isIntegralNumber()
                        ? a.bigIntegerValue().compareTo(b.bigIntegerValue())
                        : Double.compare(a.doubleValue(), b.doubleValue());
            case 1 -> a.textValue().compareTo(b.textValue());
            case 2 -> Boolean.compare(a.booleanValue(), b.booleanValue());
            case 3 -> compareLists(a, b);
            case 4 -> compareMaps(a, b);
            default -> 0;
        };
    }

    static boolean equal(JsonNode a, JsonNode b) {
        return compare(a, b) == 0;
    }

    private static int rank(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return 5;
        }
        if (v.isNumber()) {
            return 0;
        }
        if (v.isTextual()) {
            return 1;
        }
        if (v.isBoolean()) {
            return 2;
        }
        return v.isArray() ? 3 : 4;
    }

    private static int compareLists(JsonNode a, JsonNode b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** Maps compare by their sorted entries, key first then value. */
    private static int compareMaps(JsonNode a, JsonNode b) {
        List<String> ka = sortedKeys(a);
        List<String> kb = sortedKeys(b);
        for (int i = 0; i < Math.min(ka.size(), kb.size()); i++) {
            int c = ka.get(i).compareTo(kb.get(i));
            if (c != 0) {
                return c;
            }
            c = compare(a.get(ka.get(i)), b.get(kb.get(i)));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(ka.size(), kb.size());
    }

    private static List<String> sortedKeys(JsonNode obj) {
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
            keys.add(it.next());
        }
        keys.sort(null);
        return keys;
    }

    /**
     * The compact JSON of a value, as Go's encoder writes it in path elements and conflict messages: a plain scalar
     * ({@link #appendPlain}) written directly, anything else by the mapper.
     */
    static String toJson(JsonNode v) {
        StringBuilder out = new StringBuilder();
        return appendPlain(out, v) ? out.toString() : Json.toJson(v);
    }

    /**
     * Appends what the mapper writes for {@code v} where that needs no escaping or formatting choice (a string of
     * printable ASCII without quotes or backslashes, an int or long, a boolean, null) and answers true; else appends
     * nothing and answers false.
     */
    static boolean appendPlain(StringBuilder out, JsonNode v) {
        if (v == null || v instanceof NullNode) {
            out.append("null");
        } else if (v instanceof TextNode t) {
            String text = t.textValue();
            if (!isPlain(text)) {
                return false;
            }
            out.append('"').append(text).append('"');
        } else if (v instanceof IntNode || v instanceof LongNode) {
            out.append(v.longValue());
        } else if (v instanceof BooleanNode) {
            out.append(v.booleanValue());
        } else {
            return false;
        }
        return true;
    }

    /** Whether the mapper writes {@code s} as it is between quotes: printable ASCII, no quote or backslash. */
    static boolean isPlain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
