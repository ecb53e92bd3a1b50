package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.plugins.cel.MatchConditions;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * One webhook of a {@code MutatingWebhookConfiguration} or {@code ValidatingWebhookConfiguration}
 * ({@code admissionregistration.k8s.io/v1}), with the v1 defaults applied as kube-apiserver stores them:
 * failurePolicy Fail, empty selectors, timeout 10 s, rule scope {@code *}, service port 443.
 *
 * @param configuration the configuration's name (webhooks run ordered by it, then in their listed order)
 * @param url           {@code clientConfig.url}, or the service's URL {@code https://<name>.<namespace>.svc:<port><path>}
 * @param caBundlePem   the PEM trust bundle for the webhook's certificate, or null for the system's trust
 * @param failOpen      failurePolicy Ignore
 * @param sideEffects   None, NoneOnDryRun, Some, Unknown; null when unset
 * @param reviewVersions the AdmissionReview versions the webhook accepts, preferred first
 * @param reinvokeIfNeeded a mutating webhook's {@code reinvocationPolicy: IfNeeded}
 * @param matchConditions the CEL conditions that must all hold for the webhook to be called
 */
public record Webhook(
        String configuration,
        String name,
        String url,
        String caBundlePem,
        List<WebhookRule> rules,
        boolean failOpen,
        LabelSelector namespaceSelector,
        LabelSelector objectSelector,
        String sideEffects,
        int timeoutSeconds,
        List<String> reviewVersions,
        boolean reinvokeIfNeeded,
        List<MatchConditions.Condition> matchConditions) {

    /** The webhooks of one configuration object, in order. */
    public static List<Webhook> of(JsonNode configuration) {
        String configurationName = configuration.path("metadata").path("name").asText("");
        List<Webhook> hooks = new ArrayList<>();
        for (JsonNode hook : configuration.path("webhooks")) {
            List<WebhookRule> rules = new ArrayList<>();
            for (JsonNode rule : hook.path("rules")) {
                rules.add(new WebhookRule(
                        strings(rule.path("operations")),
                        strings(rule.path("apiGroups")),
                        strings(rule.path("apiVersions")),
                        strings(rule.path("resources")),
                        rule.path("scope").asText("*")));
            }
            JsonNode client = hook.path("clientConfig");
            String ca = client.path("caBundle").asText("");
            hooks.add(new Webhook(
                    configurationName,
                    hook.path("name").asText(""),
                    url(client),
                    ca.isEmpty()
                            ? null
                            : new String(Base64.getDecoder().decode(ca), java.nio.charset.StandardCharsets.UTF_8),
                    rules,
                    "Ignore".equals(hook.path("failurePolicy").asText("Fail")),
                    selector(hook.path("namespaceSelector")),
                    selector(hook.path("objectSelector")),
                    hook.hasNonNull("sideEffects") ? hook.path("sideEffects").asText() : null,
                    hook.path("timeoutSeconds").asInt(10),
                    strings(hook.path("admissionReviewVersions")),
                    "IfNeeded".equals(hook.path("reinvocationPolicy").asText("Never")),
                    conditions(hook)));
        }
        return hooks;
    }

    private static List<MatchConditions.Condition> conditions(JsonNode hook) {
        List<MatchConditions.Condition> conditions = new ArrayList<>();
        hook.path("matchConditions")
                .forEach(c -> conditions.add(new MatchConditions.Condition(
                        c.path("name").asText(""), c.path("expression").asText(""))));
        return conditions;
    }

    private static String url(JsonNode client) {
        if (client.hasNonNull("url")) {
            return client.path("url").asText();
        }
        JsonNode service = client.path("service");
        // as k8s.io/apiserver's default service resolver: the service's cluster DNS name
        return "https://" + service.path("name").asText() + "."
                + service.path("namespace").asText() + ".svc:"
                + service.path("port").asInt(443) + service.path("path").asText("");
    }

    private static LabelSelector selector(JsonNode node) {
        return node.isObject() ? ModelCodec.decode(node, LabelSelector.class).value() : null;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
