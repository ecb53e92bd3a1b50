package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One step of a field path ({@code fieldpath.PathElement}): a struct or map field, the key fields of an
 * associative list item, the value of a set item, or a list index. Ordered as structured-merge-diff orders
 * them (fields, keys, values, indexes), which is also the order of a serialized field set.
 */
public record PathElement(Kind kind, String field, List<KeyField> key, JsonNode value, int index)
        implements Comparable<PathElement> {

    /** The kinds, in their sort order. */
    public enum Kind {
        FIELD,
        KEY,
        VALUE,
        INDEX
    }

    /** One key field of an associative list item. */
    public record KeyField(String name, JsonNode value) {}

    public PathElement {
        if (key != null) {
            List<KeyField> sorted = new ArrayList<>(key);
            sorted.sort(Comparator.comparing(KeyField::name));
            key = List.copyOf(sorted);
        }
    }

    public static PathElement field(String name) {
        return new PathElement(Kind.FIELD, name, null, null, 0);
    }

    public static PathElement key(List<KeyField> fields) {
        return new PathElement(Kind.KEY, null, fields, null, 0);
    }

    public static PathElement value(JsonNode value) {
        return new PathElement(Kind.VALUE, null, null, value, 0);
    }

    public static PathElement index(int index) {
        return new PathElement(Kind.INDEX, null, null, null, index);
    }

    @Override
    public int compareTo(PathElement o) {
        if (kind != o.kind) {
            return kind.compareTo(o.kind);
        }
        return switch (kind) {
            case FIELD -> field.compareTo(o.field);
            case KEY -> compareKeys(key, o.key);
            case VALUE -> JsonValues.compare(value, o.value);
            case INDEX -> Integer.compare(index, o.index);
        };
    }

    private static int compareKeys(List<KeyField> a, List<KeyField> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).name().compareTo(b.get(i).name());
            if (c != 0) {
                return c;
            }
            c = JsonValues.compare(a.get(i).value(), b.get(i).value());
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathElement pe && compareTo(pe) == 0;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + (kind == Kind.FIELD ? field.hashCode() : kind == Kind.INDEX ? index : 0);
    }

    /** As a conflict names it: {@code .spec}, {@code [name="pool"]}, {@code [="value"]}, {@code [0]}. */
    @Override
    public String toString() {
        return switch (kind) {
            case FIELD -> "." + field;
            case KEY -> {
                StringBuilder sb = new StringBuilder("[");
                for (int i = 0; i < key.size(); i++) {
                    sb.append(i == 0 ? "" : ",")
                            .append(key.get(i).name())
                            .append('=')
                            .append(JsonValues.toJson(key.get(i).value()));
                }
                yield sb.append(']').toString();
            }
            case VALUE -> "[=" + JsonValues.toJson(value) + "]";
            case INDEX -> "[" + index + "]";
        };
    }

    /** The FieldsV1 key: {@code f:name}, {@code k:{"name":"pool"}}, {@code v:"value"}, {@code i:0}. */
    public String serialize() {
        return switch (kind) {
            case FIELD -> "f:" + field;
            case KEY -> "k:" + keyJson();
            case VALUE -> "v:" + JsonValues.toJson(value);
            case INDEX -> "i:" + index;
        };
    }

    /**
     * The key fields as the compact JSON of an object, written directly where every name and value is plain (a
     * list item's key is a name or two of short strings or numbers), else by the mapper: a key per list item of
     * every managed field set written was a generator each.
     */
    private String keyJson() {
        StringBuilder out = new StringBuilder(16 + 16 * key.size()).append('{');
        String previous = null;
        for (KeyField k : key) {
            // sorted by name: a repeated name follows its first (the mapper's object keeps one of them)
            if (k.name().equals(previous) || !JsonValues.isPlain(k.name())) {
                return mappedKeyJson();
            }
            if (previous != null) {
                out.append(',');
            }
            out.append('"').append(k.name()).append("\":");
            if (!JsonValues.appendPlain(out, k.value())) {
                return mappedKeyJson();
            }
            previous = k.name();
        }
        return out.append('}').toString();
    }

    /** {@link #keyJson} by the mapper: the key fields as an object, encoded. */
    String mappedKeyJson() {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        key.forEach(k -> obj.set(k.name(), k.value()));
        return Json.toJson(obj);
    }

    /**
     * Parses a FieldsV1 key.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static PathElement deserialize(String s) {
        if (s.length() < 2 || s.charAt(1) != ':') {
            throw new IllegalArgumentException(
                    s.length() < 2 ? "key must be 2 characters long:" : "missing colon: " + s);
        }
        String rest = s.substring(2);
        switch (s.charAt(0)) {
            case 'f' -> {
                return field(rest);
            }
            case 'v' -> {
                return value(parse(rest));
            }
            case 'k' -> {
                JsonNode obj = parse(rest);
                if (!obj.isObject()) {
                    throw new IllegalArgumentException("key of a list item is not an object: " + s);
                }
                List<KeyField> fields = new ArrayList<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    fields.add(new KeyField(e.getKey(), e.getValue()));
                }
                return key(fields);
            }
            case 'i' -> {
                try {
                    return index(Integer.parseInt(rest));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("invalid index: " + s, e);
                }
            }
            default -> {
                throw new IllegalArgumentException("unknown PathElementType");
            }
        }
    }

    private static JsonNode parse(String json) {
        try {
            JsonNode node = Json.MAPPER.readTree(json);
            if (node == null || node.isMissingNode()) {
                throw new IllegalArgumentException("empty value");
            }
            return node;
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
