package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Kubernetes objects held as JSON trees: their {@code metadata} read and written, compared, encoded for storage. */
public final class ObjectTrees {

    private static final DateTimeFormatter RFC3339 =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private ObjectTrees() {}

    /** The metadata object, created when missing or not an object. */
    public static ObjectNode meta(ObjectNode obj) {
        JsonNode m = obj.get("metadata");
        if (m instanceof ObjectNode on) {
            return on;
        }
        return obj.putObject("metadata");
    }

    public static String name(ObjectNode obj) {
        return JsonTrees.text(obj.get("metadata"), "name");
    }

    public static String namespace(ObjectNode obj) {
        return JsonTrees.text(obj.get("metadata"), "namespace");
    }

    public static String resourceVersion(ObjectNode obj) {
        return JsonTrees.text(obj.get("metadata"), "resourceVersion");
    }

    public static String uid(ObjectNode obj) {
        return JsonTrees.text(obj.get("metadata"), "uid");
    }

    public static boolean isDeleting(ObjectNode obj) {
        return !JsonTrees.text(obj.get("metadata"), "deletionTimestamp").isEmpty();
    }

    public static List<String> finalizers(ObjectNode obj) {
        List<String> out = new ArrayList<>();
        JsonNode f = obj.path("metadata").path("finalizers");
        if (f.isArray()) {
            f.forEach(n -> out.add(n.asText()));
        }
        return out;
    }

    public static void setFinalizers(ObjectNode obj, List<String> finalizers) {
        if (finalizers.isEmpty()) {
            meta(obj).remove("finalizers");
        } else {
            ArrayNode arr = meta(obj).putArray("finalizers");
            finalizers.forEach(arr::add);
        }
    }

    public static Map<String, String> labels(JsonNode obj) {
        return stringMap(obj.path("metadata").path("labels"));
    }

    public static Map<String, String> stringMap(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node.isObject()) {
            node.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return out;
    }

    public static long generation(ObjectNode obj) {
        return obj.path("metadata").path("generation").asLong(0);
    }

    /** Numbers compare by value (an int64 field may be an IntNode once re-read, a LongNode when encoded). */
    private static final java.util.Comparator<JsonNode> BY_VALUE = (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue());
        }
        return a.equals(b) ? 0 : 1;
    };

    /** Whether two JSON trees hold the same content, numbers compared by value. */
    public static boolean sameJson(JsonNode a, JsonNode b) {
        return a.equals(BY_VALUE, b);
    }

    /** Now, in whole seconds, RFC 3339 UTC, as metav1.Time serialises. */
    public static String now() {
        return format(Instant.now());
    }

    public static String format(Instant instant) {
        // every write stamps the current second (creationTimestamp, managedFields' time): formatted once per second
        long second = instant.getEpochSecond();
        FormattedSecond last = lastFormatted;
        if (last.epochSecond() == second) {
            return last.text();
        }
        String text = RFC3339.format(instant.truncatedTo(ChronoUnit.SECONDS));
        lastFormatted = new FormattedSecond(second, text);
        return text;
    }

    /** A second and its RFC 3339 text. */
    private record FormattedSecond(long epochSecond, String text) {}

    /** The second {@link #format} formatted last (a record: read and written whole, from any thread). */
    private static volatile FormattedSecond lastFormatted = new FormattedSecond(Long.MIN_VALUE, "");

    /**
     * The object without server-only fields, ready for storage: resourceVersion and selfLink are not stored. Written
     * from the tree as it is ({@link StoredForm}), without copying it.
     */
    public static byte[] encodeForStorage(ObjectNode obj) {
        return StoredForm.of(obj).bytes();
    }
}
