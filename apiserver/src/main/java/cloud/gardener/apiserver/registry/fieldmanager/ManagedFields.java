package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An object's {@code metadata.managedFields} decoded: each manager's field set and the time it last changed
 * something. Decoding and encoding follow {@code DecodeManagedFields} and {@code encodeManagedFields}, including
 * their error messages and the order of the encoded entries.
 */
public final class ManagedFields {

    private final Map<ManagerId, VersionedSet> fields = new LinkedHashMap<>();
    private final Map<ManagerId, String> times = new LinkedHashMap<>();

    Map<ManagerId, VersionedSet> fields() {
        return fields;
    }

    Map<ManagerId, String> times() {
        return times;
    }

    public boolean isEmpty() {
        return fields.isEmpty();
    }

    /** The managers and their field sets, for tests and tools. */
    public Map<ManagerId, FieldSet> sets() {
        Map<ManagerId, FieldSet> out = new LinkedHashMap<>();
        fields.forEach((id, vs) -> out.put(id, vs.set()));
        return out;
    }

    /**
     * Decodes the entries of {@code metadata.managedFields} (null or absent: none).
     *
     * @throws IllegalArgumentException with Go's message when an entry is not valid
     */
    public static ManagedFields decode(JsonNode entries) {
        ManagedFields out = new ManagedFields();
        if (entries == null || entries.isNull()) {
            return out;
        }
        if (!entries.isArray()) {
            throw new IllegalArgumentException("managedFields is not a list");
        }
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String operation = e.path("operation").asText("");
            if (!operation.equals(ManagerId.APPLY) && !operation.equals(ManagerId.UPDATE)) {
                throw new IllegalArgumentException("operation must be `Apply` or `Update`");
            }
            String apiVersion = e.path("apiVersion").asText("");
            if (apiVersion.isEmpty()) {
                throw new IllegalArgumentException("apiVersion must not be empty");
            }
            String fieldsType = e.path("fieldsType").asText("");
            if (fieldsType.isEmpty()) {
                throw new IllegalArgumentException("missing fieldsType in managed fields entry " + i);
            }
            if (!fieldsType.equals("FieldsV1")) {
                throw new IllegalArgumentException(
                        "invalid fieldsType " + Json.toJson(fieldsType) + " in managed fields entry " + i);
            }
            ManagerId id = new ManagerId(
                    e.path("manager").asText(""),
                    operation,
                    apiVersion,
                    e.path("subresource").asText(""));
            FieldSet set;
            try {
                set = FieldSet.fromFieldsV1(e.get("fieldsV1"));
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(
                        "error decoding versioned set: error decoding set: " + ex.getMessage(), ex);
            }
            out.fields.put(id, new VersionedSet(set, apiVersion, operation.equals(ManagerId.APPLY)));
            JsonNode time = e.get("time");
            if (time != null && !time.isNull()) {
                out.times.put(id, time.asText());
            }
        }
        return out;
    }

    /**
     * Whether a write asks to reset the managed fields ({@code isResetManagedFields}): an empty list, or a list
     * holding one empty entry.
     */
    public static boolean isReset(JsonNode entries) {
        if (entries == null || entries.isNull() || !entries.isArray()) {
            return false;
        }
        return entries.isEmpty()
                || (entries.size() == 1
                        && entries.get(0).isObject()
                        && entries.get(0).isEmpty());
    }

    /** The entries, sorted as Go sorts them: Apply before Update, then by time, manager, API version, subresource. */
    public ArrayNode encode() {
        List<ObjectNode> entries = new ArrayList<>();
        fields.forEach((id, vs) -> {
            ObjectNode e = Json.MAPPER.createObjectNode();
            if (!id.manager().isEmpty()) {
                e.put("manager", id.manager());
            }
            e.put("operation", vs.applied() ? ManagerId.APPLY : id.operation());
            e.put("apiVersion", vs.apiVersion());
            String time = times.get(id);
            if (time != null) {
                e.put("time", time);
            }
            e.put("fieldsType", "FieldsV1");
            e.set("fieldsV1", vs.set().toFieldsV1());
            if (!id.subresource().isEmpty()) {
                e.put("subresource", id.subresource());
            }
            entries.add(e);
        });
        entries.sort(Comparator.<ObjectNode, String>comparing(
                        e -> e.path("operation").asText())
                .thenComparingLong(e -> seconds(e.path("time").asText(null)))
                .thenComparing(e -> e.path("manager").asText())
                .thenComparing(e -> e.path("apiVersion").asText())
                .thenComparing(e -> e.path("subresource").asText()));
        ArrayNode out = Json.MAPPER.createArrayNode();
        entries.forEach(out::add);
        return out;
    }

    private static long seconds(String time) {
        if (time == null) {
            return 0;
        }
        try {
            return Instant.parse(time).getEpochSecond();
        } catch (DateTimeParseException e) {
            return 0;
        }
    }
}
