package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.cel.CelExpressions;
import cloud.gardener.apiserver.admission.plugins.cel.MatchConditions;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cel.common.types.SimpleType;
import dev.cel.common.values.NullValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Evaluates one policy for one request and one param, as k8s.io/apiserver's validating {@code validator}:
 * matchConditions first (false: nothing to say), then each validation, whose failure is a denial with its
 * reason and message ({@code messageExpression}, else {@code message}, else {@code failed expression: ...}), and
 * whose evaluation error follows the failure policy. CEL sees {@code object}, {@code oldObject}, {@code request},
 * {@code params}, {@code namespaceObject} and {@code variables}; {@code authorizer} is not offered.
 */
final class PolicyValidator {

    /** {@code celconfig.MaxEvaluatedMessageExpressionSizeBytes}. */
    private static final int MAX_MESSAGE_BYTES = 5 * 1024;

    /**
     * One validation's verdict.
     *
     * @param deny      whether the request is refused (a failed validation, or an error under failurePolicy Fail)
     * @param evalError whether it comes from an error rather than a false validation
     * @param reason    the StatusReason of a failed validation; empty for errors
     */
    record Decision(boolean deny, boolean evalError, String message, String reason) {}

    private PolicyValidator() {}

    static List<Decision> validate(Policy policy, Attributes a, ObjectNode param, ObjectNode namespace) {
        boolean failOpen = policy.failOpen();
        Map<String, Object> matchActivation = activation(policy, a, param, null);
        MatchConditions.Outcome match = MatchConditions.evaluate(policy.matchConditions(), failOpen, matchActivation);
        if (match.error() != null) {
            return List.of(new Decision(true, true, match.error(), ""));
        }
        if (!match.matches()) {
            return List.of();
        }
        Map<String, Object> activation = activation(policy, a, param, namespace);
        List<Decision> decisions = new ArrayList<>();
        for (Policy.Validation validation : policy.validations()) {
            CelExpressions.Result result =
                    CelExpressions.evaluate(validation.expression(), SimpleType.BOOL, activation);
            if (result.failed()) {
                decisions.add(new Decision(!failOpen, true, result.error(), ""));
            } else if (!Boolean.TRUE.equals(result.value())) {
                decisions.add(new Decision(
                        true,
                        false,
                        message(validation, activation),
                        validation.reason().isEmpty() ? "Invalid" : validation.reason()));
            } else {
                decisions.add(new Decision(false, false, "", ""));
            }
        }
        return decisions;
    }

    private static String message(Policy.Validation validation, Map<String, Object> activation) {
        String message = "";
        if (!validation.messageExpression().isEmpty()) {
            CelExpressions.Result result =
                    CelExpressions.evaluate(validation.messageExpression(), SimpleType.STRING, activation);
            // errors, over-long and multi-line messages fall back, as upstream only logs them
            if (!result.failed() && result.value() instanceof String text) {
                message = text.strip();
                if (message.getBytes(StandardCharsets.UTF_8).length > MAX_MESSAGE_BYTES || message.contains("\n")) {
                    message = "";
                }
            }
        }
        if (message.isEmpty()) {
            message = validation.message().strip();
        }
        if (message.isEmpty()) {
            message = "failed expression: " + validation.expression().strip();
        }
        return message;
    }

    private static Map<String, Object> activation(Policy policy, Attributes a, ObjectNode param, ObjectNode namespace) {
        Map<String, Object> activation = CelExpressions.requestVariables(a);
        activation.put("params", CelExpressions.value(param));
        activation.put(
                "namespaceObject",
                namespace == null ? NullValue.NULL_VALUE : CelExpressions.value(namespaceObject(namespace)));
        new CompositedVariables(policy.variables(), activation);
        return activation;
    }

    /** {@code cel.CreateNamespaceObject}: the namespace's spec, status and the metadata fields it keeps. */
    private static ObjectNode namespaceObject(ObjectNode namespace) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        ObjectNode metadata = out.putObject("metadata");
        JsonNode source = namespace.path("metadata");
        for (String field : List.of(
                "name",
                "generateName",
                "namespace",
                "uid",
                "resourceVersion",
                "generation",
                "creationTimestamp",
                "deletionTimestamp",
                "deletionGracePeriodSeconds",
                "labels",
                "annotations",
                "finalizers")) {
            if (source.has(field)) {
                metadata.set(field, source.get(field).deepCopy());
            }
        }
        if (namespace.has("spec")) {
            out.set("spec", namespace.get("spec").deepCopy());
        }
        if (namespace.has("status")) {
            out.set("status", namespace.get("status").deepCopy());
        }
        return out;
    }
}
