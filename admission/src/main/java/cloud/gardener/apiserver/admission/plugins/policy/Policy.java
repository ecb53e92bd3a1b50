package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.plugins.cel.MatchConditions;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code ValidatingAdmissionPolicy} ({@code admissionregistration.k8s.io/v1}) as the plugin uses it.
 *
 * @param paramKind        the kind of the bindings' params, or null when the policy takes none
 * @param matchConstraints the requests it is about; null when missing (a configuration error)
 * @param failurePolicy    {@code Fail} (the default), {@code Ignore} or whatever was written
 */
record Policy(
        String name,
        ParamKind paramKind,
        MatchResources matchConstraints,
        List<Validation> validations,
        List<Variable> variables,
        List<MatchConditions.Condition> matchConditions,
        String failurePolicy) {

    /** {@code spec.paramKind}. */
    record ParamKind(String apiVersion, String kind) {

        /** The group and version; null when the apiVersion does not parse ({@code schema.ParseGroupVersion}). */
        String[] groupVersion() {
            String[] parts = apiVersion.split("/", -1);
            if (apiVersion.isEmpty() || parts.length > 2) {
                return null;
            }
            return parts.length == 1 ? new String[] {"", parts[0]} : parts;
        }

        /** Go's {@code %v} of a {@code *ParamKind}. */
        String describe() {
            return "&ParamKind{APIVersion:" + apiVersion + ",Kind:" + kind + ",}";
        }
    }

    /** One of {@code spec.validations}. */
    record Validation(String expression, String message, String messageExpression, String reason) {}

    /** One of {@code spec.variables}, available to later expressions as {@code variables.<name>}. */
    record Variable(String name, String expression) {}

    boolean failOpen() {
        return "Ignore".equals(failurePolicy);
    }

    static Policy of(JsonNode object) {
        JsonNode spec = object.path("spec");
        JsonNode paramKind = spec.path("paramKind");
        List<Validation> validations = new ArrayList<>();
        spec.path("validations")
                .forEach(v -> validations.add(new Validation(
                        v.path("expression").asText(""),
                        v.path("message").asText(""),
                        v.path("messageExpression").asText(""),
                        v.path("reason").asText(""))));
        List<Variable> variables = new ArrayList<>();
        spec.path("variables")
                .forEach(v -> variables.add(new Variable(
                        v.path("name").asText(""), v.path("expression").asText(""))));
        List<MatchConditions.Condition> conditions = new ArrayList<>();
        spec.path("matchConditions")
                .forEach(c -> conditions.add(new MatchConditions.Condition(
                        c.path("name").asText(""), c.path("expression").asText(""))));
        return new Policy(
                object.path("metadata").path("name").asText(""),
                paramKind.isObject()
                        ? new ParamKind(
                                paramKind.path("apiVersion").asText(""),
                                paramKind.path("kind").asText(""))
                        : null,
                spec.path("matchConstraints").isObject() ? MatchResources.of(spec.path("matchConstraints")) : null,
                validations,
                variables,
                conditions,
                spec.path("failurePolicy").asText("Fail"));
    }
}
