package cloud.gardener.apiserver.endpoints.tables;

import static cloud.gardener.apiserver.api.json.JsonTrees.at;
import static cloud.gardener.apiserver.api.json.JsonTrees.optionalText;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;

/**
 * Reading table cells from an object's JSON tree the way Go reads its typed struct: an absent string is
 * {@code ""}, an absent number is 0, an absent pointer is "not set". Nothing here throws on a malformed object.
 */
public final class Cells {

    /** Go's zero {@code time.Time}, which {@code metav1.Time.IsZero} treats like an unset timestamp. */
    private static final Instant GO_ZERO_TIME = Instant.parse("0001-01-01T00:00:00Z");

    private Cells() {}

    /** One row: strings, numbers (int, long), booleans and null (a nil pointer, which kubectl prints as {@code <none>}). */
    public static ArrayNode row(Object... values) {
        ArrayNode cells = JsonNodeFactory.instance.arrayNode();
        for (Object v : values) {
            if (v == null) {
                cells.addNull();
            } else if (v instanceof String s) {
                cells.add(s);
            } else if (v instanceof Integer i) {
                cells.add(i);
            } else if (v instanceof Long l) {
                cells.add(l);
            } else if (v instanceof Boolean b) {
                cells.add(b);
            } else {
                throw new IllegalArgumentException(
                        "unsupported cell type " + v.getClass().getName());
            }
        }
        return cells;
    }

    /** The string at {@code path}, or null for a nil pointer (a JSON null cell). */
    public static String textOrNull(JsonNode node, String... path) {
        return optionalText(node, path).orElse(null);
    }

    /** The integer at {@code path}; 0 when absent or not a number. */
    public static long integer(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return v.isNumber() ? v.asLong() : 0;
    }

    /** {@code len()} of the map or slice at {@code path}; 0 when absent. */
    public static int size(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        return v.isContainerNode() ? v.size() : 0;
    }

    /** The number of distinct keys of two maps, e.g. {@code data} and {@code stringData} once merged. */
    public static int mergedKeyCount(JsonNode first, JsonNode second) {
        Set<String> keys = new HashSet<>();
        for (JsonNode map : new JsonNode[] {first, second}) {
            if (map != null && map.isObject()) {
                Iterator<String> names = map.fieldNames();
                names.forEachRemaining(keys::add);
            }
        }
        return keys.size();
    }

    /**
     * The status of the first condition of {@code type} in {@code status.conditions} ({@code helper.GetCondition});
     * {@code ""} for a condition without status; empty when there is no such condition.
     */
    public static Optional<String> conditionStatus(JsonNode object, String type) {
        JsonNode conditions = at(object, "status", "conditions");
        if (!conditions.isArray()) {
            return Optional.empty();
        }
        for (JsonNode condition : conditions) {
            if (type.equals(text(condition, "type"))) {
                return Optional.of(text(condition, "status"));
            }
        }
        return Optional.empty();
    }

    /** A condition's status or {@code <unknown>}, as Gardener's condition columns print it. */
    public static String conditionStatusOrUnknown(JsonNode object, String type) {
        return conditionStatus(object, type).orElse("<unknown>");
    }

    /** The RFC 3339 time at {@code path}; empty when unset, unparsable or Go's zero time. */
    public static Optional<Instant> time(JsonNode node, String... path) {
        JsonNode v = at(node, path);
        if (!v.isTextual() || v.asText().isEmpty()) {
            return Optional.empty();
        }
        try {
            Instant t = OffsetDateTime.parse(v.asText()).toInstant();
            return t.equals(GO_ZERO_TIME) ? Optional.empty() : Optional.of(t);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** {@code metatable.ConvertToHumanReadableDateType}: time since {@code t}, or {@code <unknown>} when unset. */
    public static String since(Optional<Instant> t, Clock clock) {
        return t.map(time -> HumanDuration.format(Duration.between(time, clock.instant())))
                .orElse("<unknown>");
    }

    /** The Age cell: the human-readable time since {@code metadata.creationTimestamp}. */
    public static String age(JsonNode object, Clock clock) {
        return since(time(object, "metadata", "creationTimestamp"), clock);
    }

    /** {@code metadata.name}. */
    public static String name(JsonNode object) {
        return text(object, "metadata", "name");
    }
}
