package cloud.gardener.apiserver.api.model;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OpenAPI schemas of records, as kube-openapi generates them from Go types: one definition per struct,
 * named after its Go package, with descriptions, required fields, and the patch and list-type
 * extensions that strategic merge patch and server-side apply read.
 */
public final class ModelSchemas {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Whether references are written as OpenAPI v3 ({@code #/components/schemas/}) or v2 ({@code #/definitions/}). */
    public enum Dialect {
        V2("#/definitions/"),
        V3("#/components/schemas/");

        private final String refPrefix;

        Dialect(String refPrefix) {
            this.refPrefix = refPrefix;
        }
    }

    /** Schemas of value types, which are strings or numbers on the wire. */
    private static final Map<String, ObjectNode> VALUE_SCHEMAS = Map.of(
            "Quantity",
                    object("Quantity is a fixed-point representation of a number.", "x-kubernetes-int-or-string", true),
            "IntOrString",
                    object(
                            "IntOrString is a type that can hold an int32 or a string.",
                            "x-kubernetes-int-or-string",
                            true),
            "Duration",
                    typed(
                            "string",
                            null,
                            "Duration is a wrapper around time.Duration which supports correct "
                                    + "marshaling to YAML and JSON."),
            "Time",
                    typed(
                            "string",
                            "date-time",
                            "Time is a wrapper around time.Time which supports correct marshaling "
                                    + "to YAML and JSON."),
            "MicroTime",
                    typed("string", "date-time", "MicroTime is version of Time with microsecond level precision."));

    private final Dialect dialect;
    private final Map<String, ObjectNode> definitions = new LinkedHashMap<>();

    public ModelSchemas(Dialect dialect) {
        this.dialect = dialect;
    }

    /** Adds the definition of {@code type} and of every record it reaches; returns its definition name. */
    public String add(Class<?> type) {
        String name = GoPackages.definitionName(type);
        if (definitions.containsKey(name)) {
            return name;
        }
        if (!type.isRecord()) {
            definitions.put(
                    name,
                    VALUE_SCHEMAS
                            .getOrDefault(type.getSimpleName(), NODES.objectNode())
                            .deepCopy());
            return name;
        }
        ObjectNode schema = NODES.objectNode();
        definitions.put(name, schema);
        RecordModel model = RecordModel.of(type);
        if (!model.doc().isEmpty()) {
            schema.put("description", model.doc());
        }
        schema.put("type", "object");
        StructType structType = type.getAnnotation(StructType.class);
        if (structType != null) {
            schema.put("x-kubernetes-map-type", structType.value());
        }
        ObjectNode unsorted = NODES.objectNode();
        ArrayNode required = NODES.arrayNode();
        addFields(model, unsorted, required);
        // kube-openapi publishes properties sorted by name (Go marshals maps sorted).
        ObjectNode properties = NODES.objectNode();
        java.util.List<String> names = new java.util.ArrayList<>();
        unsorted.fieldNames().forEachRemaining(names::add);
        names.stream().sorted().forEach(n -> properties.set(n, unsorted.get(n)));
        if (!properties.isEmpty()) {
            schema.set("properties", properties);
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        return name;
    }

    private void addFields(RecordModel model, ObjectNode properties, ArrayNode required) {
        for (FieldModel f : model.fields()) {
            if (f.inline()) {
                addFields(RecordModel.of(f.type().raw()), properties, required);
                continue;
            }
            properties.set(f.jsonName(), fieldSchema(f));
            if (!f.optional()) {
                required.add(f.jsonName());
            }
        }
    }

    private ObjectNode fieldSchema(FieldModel f) {
        ObjectNode schema = typeSchema(f.type(), f.format());
        if (schema.has("$ref")) {
            // kube-openapi v3 wraps references so that a description (and default) can sit beside them.
            ObjectNode wrapped = NODES.objectNode();
            wrapped.putArray("allOf").add(schema);
            schema = wrapped;
            if (dialect == Dialect.V3 && !f.pointer() && f.type().shape() == TypeRef.Shape.RECORD) {
                schema.putObject("default");
            }
        }
        if (!f.doc().isEmpty()) {
            schema.put("description", f.doc());
        }
        if (f.patch() != null) {
            if (!f.patch().key().isEmpty()) {
                schema.put("x-kubernetes-patch-merge-key", f.patch().key());
            }
            schema.put("x-kubernetes-patch-strategy", f.patch().strategy());
        }
        if (f.listType() != null) {
            schema.put("x-kubernetes-list-type", f.listType().value());
            if (f.listType().keys().length > 0) {
                ArrayNode keys = schema.putArray("x-kubernetes-list-map-keys");
                for (String k : f.listType().keys()) {
                    keys.add(k);
                }
            }
        }
        if (f.mapType() != null) {
            schema.put("x-kubernetes-map-type", f.mapType().value());
        }
        return schema;
    }

    private ObjectNode typeSchema(TypeRef t, String format) {
        ObjectNode s = switch (t.shape()) {
            case STRING -> typed("string", null, null);
            case BOOL -> typed("boolean", null, null);
            case INT32 -> typed("integer", "int32", null);
            case INT64 -> typed("integer", "int64", null);
            case FLOAT64 -> typed("number", "double", null);
            case BYTES -> typed("string", "byte", null);
            case RAW -> object(null, "x-kubernetes-preserve-unknown-fields", true);
            case LIST -> {
                ObjectNode arr = typed("array", null, null);
                arr.set("items", itemSchema(t.element()));
                yield arr;
            }
            case MAP -> {
                ObjectNode map = typed("object", null, null);
                map.set("additionalProperties", itemSchema(t.element()));
                yield map;
            }
            case RECORD, VALUE -> ref(add(t.raw()));
        };
        if (format != null) {
            s.put("format", format);
        }
        return s;
    }

    /** List items and map values: references inside are wrapped the same way, with a default. */
    private ObjectNode itemSchema(TypeRef t) {
        ObjectNode s = typeSchema(t, null);
        if (s.has("$ref") && dialect == Dialect.V3) {
            ObjectNode wrapped = NODES.objectNode();
            wrapped.putArray("allOf").add(s);
            if (t.shape() == TypeRef.Shape.RECORD) {
                wrapped.putObject("default");
            }
            return wrapped;
        }
        return s;
    }

    private ObjectNode ref(String name) {
        ObjectNode s = NODES.objectNode();
        s.put("$ref", dialect.refPrefix + name);
        return s;
    }

    private static ObjectNode typed(String type, String format, String description) {
        ObjectNode s = NODES.objectNode();
        if (description != null && !description.isEmpty()) {
            s.put("description", description);
        }
        s.put("type", type);
        if (format != null) {
            s.put("format", format);
        }
        return s;
    }

    private static ObjectNode object(String description, String extension, boolean value) {
        ObjectNode s = NODES.objectNode();
        if (description != null) {
            s.put("description", description);
        }
        if (!"x-kubernetes-int-or-string".equals(extension)) {
            s.put("type", "object");
        }
        s.put(extension, value);
        return s;
    }

    /** Every definition added so far, by name. */
    public Map<String, ObjectNode> definitions() {
        return definitions;
    }
}
