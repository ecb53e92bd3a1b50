package cloud.gardener.apiserver.openapi;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;

/** Small constructors for JSON-schema fragments shared by the v2 and v3 documents. */
final class Schemas {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Schemas() {}

    static ObjectNode object(String description) {
        ObjectNode node = NODES.objectNode();
        if (description != null) {
            node.put("description", description);
        }
        node.put("type", "object");
        return node;
    }

    static ObjectNode typed(String type, String description) {
        ObjectNode node = NODES.objectNode();
        if (description != null) {
            node.put("description", description);
        }
        node.put("type", type);
        return node;
    }

    static ObjectNode string(String description) {
        return typed("string", description);
    }

    static ObjectNode bool(String description) {
        return typed("boolean", description);
    }

    static ObjectNode integer(String format, String description) {
        ObjectNode node = typed("integer", description);
        node.put("format", format);
        return node;
    }

    static ObjectNode bytes(String description) {
        ObjectNode node = string(description);
        node.put("format", "byte");
        return node;
    }

    /** A map with string keys; {@code x-kubernetes-map-type} is left to the caller. */
    static ObjectNode map(ObjectNode values, String description) {
        ObjectNode node = object(description);
        node.set("additionalProperties", values);
        return node;
    }

    static ObjectNode array(ObjectNode items, String listType, String description) {
        ObjectNode node = typed("array", description);
        node.set("items", items);
        if (listType != null) {
            node.put("x-kubernetes-list-type", listType);
        }
        return node;
    }

    /** An object whose fields the typed model does not describe yet: accepted and kept as they are. */
    static ObjectNode openObject(String description) {
        ObjectNode node = object(description);
        node.put("x-kubernetes-preserve-unknown-fields", true);
        return node;
    }

    /** A {@code $ref}, with a description beside it the way the dialect allows. */
    static ObjectNode ref(SchemaDialect dialect, String name, String description) {
        ObjectNode ref = dialect.ref(name);
        if (description == null) {
            return ref;
        }
        if (dialect == SchemaDialect.V3) {
            // OpenAPI 3.0 ignores siblings of $ref, so kube-openapi wraps it in allOf.
            ObjectNode node = NODES.objectNode();
            node.putArray("allOf").add(ref);
            node.put("description", description);
            return node;
        }
        ObjectNode node = NODES.objectNode();
        node.put("description", description);
        node.setAll(ref);
        return node;
    }

    static ArrayNode gvkArray(Collection<GroupVersionKind> gvks) {
        ArrayNode array = NODES.arrayNode();
        gvks.forEach(gvk -> array.add(gvkObject(gvk)));
        return array;
    }

    /** {@code {group, kind, version}} in the key order Kubernetes prints. */
    static ObjectNode gvkObject(GroupVersionKind gvk) {
        ObjectNode node = NODES.objectNode();
        node.put("group", gvk.group());
        node.put("kind", gvk.kind());
        node.put("version", gvk.version());
        return node;
    }

    static void required(ObjectNode schema, String... fields) {
        ArrayNode array = schema.putArray("required");
        for (String field : fields) {
            array.add(field);
        }
    }
}
