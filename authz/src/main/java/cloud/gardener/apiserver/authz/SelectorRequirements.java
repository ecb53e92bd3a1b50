package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.selection.FieldRequirement;
import cloud.gardener.apiserver.api.selection.FieldSelector;
import cloud.gardener.apiserver.api.selection.LabelRequirement;
import cloud.gardener.apiserver.api.selection.LabelSelector;
import cloud.gardener.apiserver.api.selection.SelectionOperator;
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

    private SelectorRequirements() {
    }

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
}
