package cloud.gardener.apiserver.registry.reviews;

import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The review structs a validation error shows, printed as Go's {@code %#v} prints them in a {@code field.Error}:
 * every field in declaration order, zero values included. Pointers and nested lists of structs (owner references,
 * managed fields) are abbreviated: Go shows addresses there.
 */
final class GoStructs {

    private GoStructs() {}

    static GoValue nonResourceAttributes(JsonNode attributes) {
        return new GoValue("authorization.NonResourceAttributes{Path:" + quote(attributes.path("path")) + ", Verb:"
                + quote(attributes.path("verb")) + "}");
    }

    static GoValue objectMeta(JsonNode meta) {
        List<String> fields = new ArrayList<>();
        for (String name : List.of("name", "generateName", "namespace", "selfLink", "uid", "resourceVersion")) {
            fields.add(goName(name) + ":" + quote(meta.path(name)));
        }
        fields.add("Generation:" + meta.path("generation").asLong(0));
        fields.add("CreationTimestamp:v1.Time{Time:" + time(meta.path("creationTimestamp")) + "}");
        // pointers print as their address in Go, which means nothing here
        fields.add(
                "DeletionTimestamp:" + (meta.hasNonNull("deletionTimestamp") ? "(*v1.Time)(...)" : "(*v1.Time)(nil)"));
        fields.add("DeletionGracePeriodSeconds:"
                + (meta.hasNonNull("deletionGracePeriodSeconds") ? "(*int64)(...)" : "(*int64)(nil)"));
        fields.add("Labels:" + stringMap(meta.path("labels")));
        fields.add("Annotations:" + stringMap(meta.path("annotations")));
        fields.add("OwnerReferences:" + structs("v1.OwnerReference", meta.path("ownerReferences")));
        fields.add("Finalizers:" + stringList(meta.path("finalizers")));
        fields.add("ManagedFields:" + structs("v1.ManagedFieldsEntry", meta.path("managedFields")));
        return new GoValue("v1.ObjectMeta{" + String.join(", ", fields) + "}");
    }

    private static String goName(String jsonName) {
        return switch (jsonName) {
            case "uid" -> "UID";
            case "selfLink" -> "SelfLink";
            default -> Character.toUpperCase(jsonName.charAt(0)) + jsonName.substring(1);
        };
    }

    private static String quote(JsonNode value) {
        return GoQuote.quote(value.asText(""));
    }

    /** {@code time.Time}'s GoString. */
    private static String time(JsonNode value) {
        OffsetDateTime t;
        try {
            t = value.isTextual() ? OffsetDateTime.parse(value.asText()) : null;
        } catch (DateTimeParseException e) {
            t = null;
        }
        if (t == null) {
            return "time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC)";
        }
        String month = t.getMonth().getDisplayName(java.time.format.TextStyle.FULL, Locale.ROOT);
        return "time.Date(" + t.getYear() + ", time." + month + ", " + t.getDayOfMonth() + ", " + t.getHour() + ", "
                + t.getMinute() + ", " + t.getSecond() + ", " + t.getNano() + ", time.Local)";
    }

    private static String stringMap(JsonNode map) {
        if (!map.isObject() || map.isEmpty()) {
            return "map[string]string(nil)";
        }
        List<String> entries = new ArrayList<>();
        map.fieldNames()
                .forEachRemaining(k -> entries.add(
                        quote(com.fasterxml.jackson.databind.node.TextNode.valueOf(k)) + ":" + quote(map.path(k))));
        entries.sort(null);
        return "map[string]string{" + String.join(", ", entries) + "}";
    }

    private static String stringList(JsonNode list) {
        if (!list.isArray() || list.isEmpty()) {
            return "[]string(nil)";
        }
        List<String> items = new ArrayList<>();
        list.forEach(v -> items.add(quote(v)));
        return "[]string{" + String.join(", ", items) + "}";
    }

    private static String structs(String type, JsonNode list) {
        if (!list.isArray() || list.isEmpty()) {
            return "[]" + type + "(nil)";
        }
        return "[]" + type + "{...(" + list.size() + ")}";
    }
}
