package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** Small reads and writes on object trees that the kinds' rules share (annotations, labels, paths). */
final class Trees {

    static final String OPERATION = "gardener.cloud/operation";
    static final String RECONCILE = "reconcile";

    private Trees() {}

    /** Whether two subtrees are equal, an absent one equal to null ({@code apiequality.Semantic.DeepEqual} on canonical JSON). */
    static boolean same(JsonNode a, JsonNode b) {
        JsonNode x = a == null || a.isMissingNode() || a.isNull() ? null : a;
        JsonNode y = b == null || b.isMissingNode() || b.isNull() ? null : b;
        return x == null ? y == null : y != null && ObjectTrees.sameJson(x, y);
    }

    static boolean sameField(ObjectNode obj, ObjectNode old, String field) {
        return same(obj.get(field), old.get(field));
    }

    static Map<String, String> annotations(ObjectNode obj) {
        return ObjectTrees.stringMap(obj.path("metadata").path("annotations"));
    }

    /** The annotation's value, or {@code null} when it is not set. */
    static String annotation(ObjectNode obj, String key) {
        JsonNode v = obj.path("metadata").path("annotations").get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    static boolean hasAnnotation(ObjectNode obj, String key, String value) {
        return value.equals(annotation(obj, key));
    }

    static void setAnnotation(ObjectNode obj, String key, String value) {
        ObjectTrees.meta(obj).withObjectProperty("annotations").put(key, value);
    }

    static void removeAnnotation(ObjectNode obj, String key) {
        removeFromMap(obj, "annotations", key);
    }

    static void setLabel(ObjectNode obj, String key, String value) {
        ObjectTrees.meta(obj).withObjectProperty("labels").put(key, value);
    }

    static void removeLabel(ObjectNode obj, String key) {
        removeFromMap(obj, "labels", key);
    }

    /** Removes a key of a metadata map, and the map once it is empty (Go omits an empty map). */
    private static void removeFromMap(ObjectNode obj, String map, String key) {
        JsonNode m = obj.path("metadata").get(map);
        if (m instanceof ObjectNode on) {
            on.remove(key);
            if (on.isEmpty()) {
                ObjectTrees.meta(obj).remove(map);
            }
        }
    }

    static boolean deletionStarted(ObjectNode obj, ObjectNode old) {
        return !ObjectTrees.isDeleting(old) && ObjectTrees.isDeleting(obj);
    }

    /** {@code strconv.ParseBool}: 1, t, T, TRUE, true, True. */
    static boolean parseBool(String value) {
        return value != null
                && switch (value) {
                    case "1", "t", "T", "TRUE", "true", "True" -> true;
                    default -> false;
                };
    }
}
