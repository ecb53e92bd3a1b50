package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A {@code ValidatingAdmissionPolicyBinding} ({@code admissionregistration.k8s.io/v1}) as the plugin uses it.
 *
 * @param paramRef          the params to validate with, or null
 * @param matchResources    narrows the policy's requests; null for all of them
 * @param validationActions {@code Deny}, {@code Warn} and/or {@code Audit}
 */
record PolicyBinding(
        String name,
        String policyName,
        ParamRef paramRef,
        MatchResources matchResources,
        List<String> validationActions) {

    /**
     * {@code spec.paramRef}.
     *
     * @param denyWhenNotFound {@code parameterNotFoundAction: Deny} (rather than Allow)
     */
    record ParamRef(String name, String namespace, LabelSelector selector, boolean denyWhenNotFound) {}

    static PolicyBinding of(JsonNode object) {
        JsonNode spec = object.path("spec");
        JsonNode ref = spec.path("paramRef");
        return new PolicyBinding(
                object.path("metadata").path("name").asText(""),
                spec.path("policyName").asText(""),
                ref.isObject()
                        ? new ParamRef(
                                ref.path("name").asText(""),
                                ref.path("namespace").asText(""),
                                MatchResources.selector(ref.path("selector")),
                                "Deny"
                                        .equals(ref.path("parameterNotFoundAction")
                                                .asText("")))
                        : null,
                spec.path("matchResources").isObject() ? MatchResources.of(spec.path("matchResources")) : null,
                MatchResources.strings(spec.path("validationActions")));
    }
}
