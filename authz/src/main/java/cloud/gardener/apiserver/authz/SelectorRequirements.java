package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.selection.FieldRequirement;
import cloud.gardener.apiserver.api.selection.FieldSelector;
import cloud.gardener.apiserver.api.selection.LabelRequirement;
import cloud.gardener.apiserver.api.selection.LabelSelector;
import cloud.gardener.apiserver.api.selection.SelectionOperator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The {@code fieldSelector} and {@code labelSelector} attributes of a SubjectAccessReview, as the webhook
 * authorizer derives them from the request's selectors: parsed into requirements, {@code =}, {@code ==} and
 * {@code in} as {@code In}, {@code !=} and {@code notin} as {@code NotIn}, label existence as {@code Exists}
 * and {@code DoesNotExist}, other operators dropped. A selector that does not parse, or leaves no
 * requirement, is left out ({@code null}).
 */
final class SelectorRequirements {

    private SelectorRequirements() {}

    static ObjectNode field(String raw) {
        if (raw.isEmpty()) {
            return null;
        }
        List<FieldRequirement> requirements;
        try {
            requirements = FieldSelector.parse(raw).requirements();
        } catch (RuntimeException e) {
            return null;
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        ArrayNode array = out.putArray("requirements");
        for (FieldRequirement requirement : requirements) {
            String operator = operator(requirement.operator());
            if (operator == null) {
                continue;
            }
            ObjectNode term = array.addObject().put("key", requirement.field()).put("operator", operator);
            term.putArray("values").add(requirement.value());
        }
        return array.isEmpty() ? null : out;
    }

    static ObjectNode label(String raw) {
        if (raw.isEmpty()) {
            return null;
        }
        List<LabelRequirement> requirements;
        try {
            requirements = LabelSelector.parse(raw).requirements();
        } catch (RuntimeException e) {
            return null;
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        ArrayNode array = out.putArray("requirements");
        for (LabelRequirement requirement : requirements) {
            String operator = operator(requirement.operator());
            if (operator == null) {
                continue;
            }
            ObjectNode term = array.addObject().put("key", requirement.key()).put("operator", operator);
            if (!requirement.values().isEmpty()) {
                ArrayNode values = term.putArray("values");
                requirement.values().forEach(values::add);
            }
        }
        return array.isEmpty() ? null : out;
    }

    private static String operator(SelectionOperator operator) {
        return switch (operator) {
            case EQUALS, DOUBLE_EQUALS, IN -> "In";
            case NOT_EQUALS, NOT_IN -> "NotIn";
            case EXISTS -> "Exists";
            case DOES_NOT_EXIST -> "DoesNotExist";
            case GREATER_THAN, LESS_THAN -> null;
        };
    }

    /**
     * The raw field selector a review's requirements stand for ({@code rawSelector} when given): one-valued
     * {@code In} as {@code key=value}, {@code NotIn} as {@code key!=value}; other requirements cannot be
     * written as a field selector and are left out.
     */
    static String rawField(JsonNode selector) {
        if (selector.hasNonNull("rawSelector")) {
            return selector.path("rawSelector").asText("");
        }
        List<String> terms = new java.util.ArrayList<>();
        for (JsonNode requirement : selector.path("requirements")) {
            JsonNode values = requirement.path("values");
            if (values.size() != 1) {
                continue;
            }
            String key = requirement.path("key").asText();
            String value = FieldSelector.escapeValue(values.get(0).asText());
            switch (requirement.path("operator").asText()) {
                case "In" -> terms.add(key + "=" + value);
                case "NotIn" -> terms.add(key + "!=" + value);
                default -> {
                    // not expressible
                }
            }
        }
        return String.join(",", terms);
    }

    /** The raw label selector a review's requirements stand for ({@code rawSelector} when given). */
    static String rawLabel(JsonNode selector) {
        if (selector.hasNonNull("rawSelector")) {
            return selector.path("rawSelector").asText("");
        }
        List<String> terms = new java.util.ArrayList<>();
        for (JsonNode requirement : selector.path("requirements")) {
            String key = requirement.path("key").asText();
            List<String> values = new java.util.ArrayList<>();
            requirement.path("values").forEach(v -> values.add(v.asText()));
            switch (requirement.path("operator").asText()) {
                case "In" -> terms.add(key + " in (" + String.join(",", values) + ")");
                case "NotIn" -> terms.add(key + " notin (" + String.join(",", values) + ")");
                case "Exists" -> terms.add(key);
                case "DoesNotExist" -> terms.add("!" + key);
                default -> {
                    // unknown operator: left out
                }
            }
        }
        return String.join(",", terms);
    }
}
