package cloud.gardener.apiserver.endpoints.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** {@code meta.k8s.io} PartialObjectMetadata and PartialObjectMetadataList built from objects (JSON trees). */
public final class PartialObjects {

    private PartialObjects() {}

    /**
     * {@code {"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/<version>","metadata":{...}}} with a copy
     * of the object's metadata ({@code creationTimestamp} is null when unset, as Go writes a zero time). A
     * Status passes through unchanged, as in Kubernetes.
     *
     * @param version {@code v1} or {@code v1beta1}
     */
    public static ObjectNode of(JsonNode obj, String version) {
        if (isStatus(obj)) {
            return (ObjectNode) obj;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("kind", "PartialObjectMetadata");
        out.put("apiVersion", "meta.k8s.io/" + version);
        out.set("metadata", metadataOf(obj));
        return out;
    }

    /**
     * {@code {"kind":"PartialObjectMetadataList",...,"metadata":{resourceVersion,continue,remainingItemCount},
     * "items":[...]}}; as in Go, {@code items} is null when there are none.
     *
     * @param listMetadata the list's metadata, or null
     */
    public static ObjectNode list(List<? extends JsonNode> items, JsonNode listMetadata, String version) {
        ObjectNode out = listHead(listMetadata, version, items.isEmpty());
        if (out.get("items") instanceof ArrayNode array) {
            for (JsonNode item : items) {
                array.add(of(item, version));
            }
        }
        return out;
    }

    /**
     * The list of {@link #list} without its items: {@code "items"} is an empty array where they go, or null when
     * there are none.
     */
    public static ObjectNode listHead(JsonNode listMetadata, String version, boolean empty) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("kind", "PartialObjectMetadataList");
        out.put("apiVersion", "meta.k8s.io/" + version);
        out.set("metadata", listMeta(listMetadata));
        if (empty) {
            out.putNull("items");
        } else {
            out.putArray("items");
        }
        return out;
    }

    /** A copy of the object's metadata with {@code creationTimestamp} present. */
    static ObjectNode metadataOf(JsonNode obj) {
        JsonNode meta = obj.get("metadata");
        ObjectNode copy = meta instanceof ObjectNode m ? m.deepCopy() : JsonNodeFactory.instance.objectNode();
        if (!copy.has("creationTimestamp")) {
            copy.putNull("creationTimestamp");
        }
        return copy;
    }

    /** ListMeta: resourceVersion, continue and remainingItemCount, each only when set. */
    static ObjectNode listMeta(JsonNode listMetadata) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        if (listMetadata == null) {
            return out;
        }
        for (String field : List.of("resourceVersion", "continue")) {
            JsonNode v = listMetadata.get(field);
            if (v != null && v.isTextual() && !v.asText().isEmpty()) {
                out.put(field, v.asText());
            }
        }
        JsonNode remaining = listMetadata.get("remainingItemCount");
        if (remaining != null && remaining.isNumber()) {
            out.set("remainingItemCount", remaining.deepCopy());
        }
        return out;
    }

    static boolean isStatus(JsonNode obj) {
        return "Status".equals(obj.path("kind").asText())
                && "v1".equals(obj.path("apiVersion").asText());
    }
}
