package cloud.gardener.apiserver.api.model;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Converts between JSON trees and records with Go's encoding/json semantics: unknown fields are dropped
 * (and reported with their paths for strict decoding), a value of the wrong type fails as Go's decoder
 * does, and encoding follows the struct tags (omitempty, pointers, inline; map keys sorted). Decoding
 * then encoding gives an object's canonical JSON, as gardener-apiserver would store it.
 */
public final class ModelCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ModelCodec() {}

    /** Decodes a tree into a record of {@code type}. */
    public static <T> Decoded<T> decode(JsonNode tree, Class<T> type) {
        FormChanges.count(FormChanges.Change.TREE_TO_RECORD);
        List<String> unknown = new ArrayList<>();
        Object value = decodeRecord(tree, RecordModel.of(type), "", type.getSimpleName(), unknown);
        return new Decoded<>(type.cast(value), List.copyOf(unknown));
    }

    /** Encodes a record as Go would. */
    public static ObjectNode encode(Object record) {
        FormChanges.count(FormChanges.Change.RECORD_TO_TREE);
        return encodeRecord(record, RecordModel.of(record.getClass()));
    }

    /**
     * {@code record} with its top-level fields {@code jsonNames} decoded from {@code tree}'s members as {@link #decode}
     * decodes them (an absent member as the zero value), the other fields kept: a change of form of those parts only,
     * for an object of which only a part changed. Inline fields are not parts: {@code jsonNames} must not name theirs.
     */
    public static <T> T decodeParts(JsonNode tree, T record, Collection<String> jsonNames) {
        FormChanges.count(FormChanges.Change.PART_TREE_TO_RECORD);
        RecordModel model = RecordModel.of(record.getClass());
        String goStruct = model.type().getSimpleName();
        List<String> unknown = new ArrayList<>();
        Object[] values = new Object[model.fields().size()];
        for (int i = 0; i < values.length; i++) {
            FieldModel f = model.fields().get(i);
            JsonNode child = tree.get(f.jsonName());
            if (f.inline() || !jsonNames.contains(f.jsonName())) {
                values[i] = f.get(record);
            } else {
                values[i] = child == null
                        ? RecordModel.zeroOf(f.type().raw())
                        : decodeValue(
                                child,
                                f.type(),
                                f.jsonName(),
                                goStruct,
                                unknown,
                                f.type().raw());
            }
        }
        @SuppressWarnings("unchecked")
        T result = (T) model.construct(values);
        return result;
    }

    /**
     * The members {@code jsonNames} of {@link #encode}'s tree of {@code record}, encoded alone (a member encode leaves
     * out is absent): the other half of {@link #decodeParts}.
     */
    public static ObjectNode encodeParts(Object record, Collection<String> jsonNames) {
        FormChanges.count(FormChanges.Change.PART_RECORD_TO_TREE);
        RecordModel model = RecordModel.of(record.getClass());
        ObjectNode out = NODES.objectNode();
        for (String name : jsonNames) {
            FieldModel f = model.field(name);
            JsonNode encoded = encodeField(f, f.get(record));
            if (encoded != null) {
                out.set(name, encoded);
            }
        }
        return out;
    }

    /** Decode then encode: the canonical form of an object; unknown fields are dropped. */
    public static <T> ObjectNode canonical(JsonNode tree, Class<T> type) {
        return encode(decode(tree, type).value());
    }

    // ------------------------------------------------------------------------------------------ decode

    private static Object decodeRecord(
            JsonNode node, RecordModel model, String path, String goStruct, List<String> unknown) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw typeError(node, goStruct, path, model.type().getSimpleName(), model.type());
        }
        Object[] values = new Object[model.fields().size()];
        Map<String, Integer> consumed = new LinkedHashMap<>();
        fill(node, model, path, values, consumed, unknown, true);
        return model.construct(values);
    }

    /**
     * Decodes the fields of {@code model} from {@code node} into {@code values}; inline records read from the
     * same object. Marks consumed JSON names; the outermost call reports the rest as unknown.
     */
    private static void fill(
            JsonNode node,
            RecordModel model,
            String path,
            Object[] values,
            Map<String, Integer> consumed,
            List<String> unknown,
            boolean outermost) {
        String goStruct = model.type().getSimpleName();
        for (int i = 0; i < model.fields().size(); i++) {
            FieldModel f = model.fields().get(i);
            if (f.inline()) {
                RecordModel inner = RecordModel.of(f.type().raw());
                Object[] innerValues = new Object[inner.fields().size()];
                fill(node, inner, path, innerValues, consumed, unknown, false);
                values[i] = inner.construct(innerValues);
                continue;
            }
            JsonNode child = node.get(f.jsonName());
            consumed.put(f.jsonName(), i);
            // most fields of a model are absent: their paths (only for error messages) are not built
            values[i] = child == null
                    ? RecordModel.zeroOf(f.type().raw())
                    : decodeValue(
                            child,
                            f.type(),
                            path.isEmpty() ? f.jsonName() : path + "." + f.jsonName(),
                            goStruct,
                            unknown,
                            f.type().raw());
        }
        if (outermost) {
            Iterator<String> names = node.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!consumed.containsKey(name)) {
                    unknown.add(path.isEmpty() ? name : path + "." + name);
                }
            }
        }
    }

    private static Object decodeValue(
            JsonNode n, TypeRef t, String path, String goStruct, List<String> unknown, Class<?> declared) {
        if (n.isNull()) {
            return RecordModel.zeroOf(declared);
        }
        switch (t.shape()) {
            case STRING:
                if (!n.isTextual()) {
                    throw typeError(n, goStruct, path, "string", null);
                }
                return n.textValue();
            case BOOL:
                if (!n.isBoolean()) {
                    throw typeError(n, goStruct, path, "bool", null);
                }
                return n.booleanValue();
            case INT32:
                return (int) integral(n, goStruct, path, "int32", Integer.MIN_VALUE, Integer.MAX_VALUE);
            case INT64:
                return integral(n, goStruct, path, "int64", Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT64:
                if (!n.isNumber()) {
                    throw typeError(n, goStruct, path, "float64", null);
                }
                return n.doubleValue();
            case RAW:
                return n.deepCopy();
            case RECORD: {
                RecordModel model = RecordModel.of(t.raw());
                return decodeRecord(n, model, path, goStruct, unknown);
            }
            case LIST: {
                if (!n.isArray()) {
                    throw typeError(n, goStruct, path, t.goName(), null);
                }
                List<Object> out = new ArrayList<>(n.size());
                for (int i = 0; i < n.size(); i++) {
                    out.add(decodeElement(n.get(i), t.element(), path + "[" + i + "]", goStruct, unknown));
                }
                return java.util.Collections.unmodifiableList(out);
            }
            case MAP: {
                if (!n.isObject()) {
                    throw typeError(n, goStruct, path, t.goName(), null);
                }
                Map<String, Object> out = new LinkedHashMap<>();
                n.properties()
                        .forEach(e -> out.put(
                                e.getKey(),
                                decodeElement(e.getValue(), t.element(), path + "." + e.getKey(), goStruct, unknown)));
                return java.util.Collections.unmodifiableMap(out);
            }
            case BYTES:
            case VALUE:
            default:
                try {
                    return Json.MAPPER.treeToValue(n, t.raw());
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    // The value types fail with Go's own text (their UnmarshalJSON errors), which Go reports as is.
                    Throwable cause = e;
                    while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)) {
                        cause = cause.getCause();
                    }
                    if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
                        throw new DecodeException(cause.getMessage());
                    }
                    throw typeError(n, goStruct, path, t.goName(), null);
                }
        }
    }

    /**
     * A slice or map element. Go decodes each into a fresh zero value, on which a JSON null has no effect:
     * {@code ["a",null]} is {@code ["a",""]} and {@code {"k":null}} in a {@code map[string]Struct} is the zero
     * struct. (Elements are values here: the model has no slices of pointers.)
     */
    private static Object decodeElement(JsonNode n, TypeRef t, String path, String goStruct, List<String> unknown) {
        if (!n.isNull()) {
            return decodeValue(n, t, path, goStruct, unknown, t.raw());
        }
        return switch (t.shape()) {
            case STRING -> "";
            case BOOL -> false;
            case INT32 -> 0;
            case INT64 -> 0L;
            case FLOAT64 -> 0.0;
            case RECORD -> RecordModel.of(t.raw()).zero();
            case BYTES, VALUE -> zeroObject(t.raw());
            default -> null; // nil slices and maps, raw JSON without bytes
        };
    }

    private static long integral(JsonNode n, String goStruct, String path, String goType, long min, long max) {
        if (!n.isNumber()) {
            throw typeError(n, goStruct, path, goType, null);
        }
        if (!n.isIntegralNumber()
                || n.bigIntegerValue().compareTo(BigInteger.valueOf(min)) < 0
                || n.bigIntegerValue().compareTo(BigInteger.valueOf(max)) > 0) {
            throw new DecodeException("json: cannot unmarshal number " + n.asText() + " into Go struct field "
                    + goStruct + "." + path.replaceAll("\\[\\d+]", "") + " of type " + goType);
        }
        return n.longValue();
    }

    private static DecodeException typeError(
            JsonNode n, String goStruct, String indexedPath, String goType, Class<?> c) {
        String path = indexedPath.replaceAll("\\[\\d+]", "");
        String kind = n.isTextual()
                ? "string"
                : n.isNumber() ? "number" : n.isBoolean() ? "bool" : n.isArray() ? "array" : "object";
        String type = c == null ? goType : GoPackages.shortName(c) + "." + c.getSimpleName();
        if (path.isEmpty()) {
            return new DecodeException("json: cannot unmarshal " + kind + " into Go value of type " + type);
        }
        return new DecodeException("json: cannot unmarshal " + kind + " into Go struct field " + goStruct + "." + path
                + " of type " + type);
    }

    // ------------------------------------------------------------------------------------------ encode

    private static ObjectNode encodeRecord(Object record, RecordModel model) {
        ObjectNode out = NODES.objectNode();
        writeFields(record, model, out);
        return out;
    }

    private static void writeFields(Object record, RecordModel model, ObjectNode out) {
        for (FieldModel f : model.fields()) {
            Object v = f.get(record);
            if (f.inline()) {
                RecordModel inner = RecordModel.of(f.type().raw());
                writeFields(v == null ? inner.zero() : v, inner, out);
                continue;
            }
            JsonNode encoded = encodeField(f, v);
            if (encoded != null) {
                out.set(f.jsonName(), encoded);
            }
        }
    }

    /** The field's JSON, or null to leave it out. */
    private static JsonNode encodeField(FieldModel f, Object v) {
        TypeRef t = f.type();
        if (f.omitZero() && isZero(v, t)) {
            return null;
        }
        if (v == null) {
            if (f.pointer()) {
                return f.omitEmpty() ? null : NODES.nullNode();
            }
            return switch (t.shape()) {
                case STRING -> f.omitEmpty() ? null : NODES.textNode("");
                case LIST, MAP, BYTES -> f.omitEmpty() ? null : NODES.nullNode(); // nil slices and maps
                case RECORD -> encodeRecord(RecordModel.of(t.raw()).zero(), RecordModel.of(t.raw()));
                case VALUE -> zeroValue(t.raw());
                default -> NODES.nullNode();
            };
        }
        if (f.omitEmpty() && !f.pointer() && isEmpty(v)) {
            return null;
        }
        return encodeValue(v, t);
    }

    /** Go's omitzero test: nil, or equal to the type's zero value (a zero struct, a zero time, 0, "", false). */
    private static boolean isZero(Object v, TypeRef t) {
        if (v == null) {
            return true;
        }
        if (v instanceof List<?> || v instanceof Map<?, ?>) {
            return false; // an empty but non-nil slice or map is not zero
        }
        if (t.shape() == TypeRef.Shape.RECORD) {
            RecordModel model = RecordModel.of(t.raw());
            return encodeRecord(v, model).equals(encodeRecord(model.zero(), model));
        }
        if (t.shape() == TypeRef.Shape.VALUE || t.shape() == TypeRef.Shape.BYTES) {
            // Compare values, not JSON: the zero Time's JSON is null, which no JSON comparison can tell apart.
            Object zero = zeroObject(t.raw());
            return zero != null && zero.equals(v);
        }
        return isEmpty(v);
    }

    /** Go's isEmptyValue: false, 0, "", and empty slices and maps (structs are never empty). */
    private static boolean isEmpty(Object v) {
        if (v instanceof String s) {
            return s.isEmpty();
        }
        if (v instanceof Boolean b) {
            return !b;
        }
        if (v instanceof Number n) {
            return n.doubleValue() == 0;
        }
        if (v instanceof List<?> l) {
            return l.isEmpty();
        }
        if (v instanceof Map<?, ?> m) {
            return m.isEmpty();
        }
        if (v instanceof cloud.gardener.apiserver.api.model.values.Base64Bytes b) {
            return b.length() == 0;
        }
        return false;
    }

    private static JsonNode encodeValue(Object v, TypeRef t) {
        if (v == null) {
            return NODES.nullNode();
        }
        switch (t.shape()) {
            case STRING:
                return NODES.textNode((String) v);
            case BOOL:
                return NODES.booleanNode((Boolean) v);
            case INT32:
                return NODES.numberNode((Integer) v);
            case INT64:
                return NODES.numberNode((Long) v);
            case FLOAT64:
                return goFloat((Double) v);
            case RAW:
                return ((JsonNode) v).deepCopy();
            case RECORD:
                return encodeRecord(v, RecordModel.of(v.getClass()));
            case BYTES:
                return Json.MAPPER.valueToTree(v);
            case LIST: {
                ArrayNode arr = NODES.arrayNode();
                for (Object item : (List<?>) v) {
                    arr.add(encodeValue(item, t.element()));
                }
                return arr;
            }
            case MAP: {
                ObjectNode obj = NODES.objectNode();
                new TreeMap<>((Map<?, ?>) v)
                        .forEach((k, item) -> obj.set(k.toString(), encodeValue(item, t.element())));
                return obj;
            }
            case VALUE:
            default:
                return Json.MAPPER.valueToTree(v);
        }
    }

    /** float64 as Go's encoder writes it: integral values without a fraction, no Java-style exponent. */
    private static JsonNode goFloat(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e18) {
            return NODES.numberNode((long) d);
        }
        return NODES.numberNode(new java.math.BigDecimal(Double.toString(d)).stripTrailingZeros());
    }

    /** The JSON of a value type's zero value ({@code static zero()} when it has one), else null. */
    private static JsonNode zeroValue(Class<?> c) {
        Object zero = zeroObject(c);
        return zero == null ? NODES.nullNode() : Json.MAPPER.valueToTree(zero);
    }

    /** A value type's zero value ({@code static zero()}), or null when it has none. */
    private static Object zeroObject(Class<?> c) {
        try {
            return c.getMethod("zero").invoke(null);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
