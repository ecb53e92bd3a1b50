package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.webhook.RequestSelectors;
import cloud.gardener.apiserver.admission.plugins.webhook.WebhookRule;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * A policy's {@code matchConstraints} or a binding's {@code matchResources}, matched as k8s.io/apiserver's
 * {@code matching.Matcher}: namespace and object selectors, excluded rules, then the resource rules (none match
 * everything), with {@code matchPolicy: Equivalent} (the default) trying the rules on the other served versions.
 *
 * @param namespaceSelector null or empty for all
 * @param objectSelector    null or empty for all
 * @param equivalent        matchPolicy Equivalent rather than Exact
 */
record MatchResources(
        LabelSelector namespaceSelector,
        LabelSelector objectSelector,
        List<NamedRule> resourceRules,
        List<NamedRule> excludeResourceRules,
        boolean equivalent) {

    MatchResources {
        resourceRules = List.copyOf(resourceRules);
        excludeResourceRules = List.copyOf(excludeResourceRules);
    }

    static MatchResources of(JsonNode node) {
        return new MatchResources(
                selector(node.path("namespaceSelector")),
                selector(node.path("objectSelector")),
                rules(node.path("resourceRules")),
                rules(node.path("excludeResourceRules")),
                !"Exact".equals(node.path("matchPolicy").asText("Equivalent")));
    }

    /** Whether the request is one these resources describe; fails when its namespace cannot be read. */
    Future<Boolean> matches(ObjectLookup objects, Attributes a) {
        if (!RequestSelectors.objectSelected(objectSelector, a)
                || anyMatches(excludeResourceRules, a)
                || (!resourceRules.isEmpty() && !anyMatches(resourceRules, a))) {
            return Future.succeededFuture(false);
        }
        return RequestSelectors.namespaceSelected(objects, namespaceSelector, a);
    }

    private boolean anyMatches(List<NamedRule> rules, Attributes a) {
        if (rules.stream().anyMatch(rule -> rule.matches(a))) {
            return true;
        }
        if (!equivalent) {
            return false;
        }
        List<String> versions = ServedResources.versions(a.resource());
        return rules.stream().anyMatch(rule -> rule.matchesEquivalent(a, versions));
    }

    private static List<NamedRule> rules(JsonNode array) {
        List<NamedRule> rules = new ArrayList<>();
        for (JsonNode rule : array) {
            rules.add(new NamedRule(
                    new WebhookRule(
                            strings(rule.path("operations")),
                            strings(rule.path("apiGroups")),
                            strings(rule.path("apiVersions")),
                            strings(rule.path("resources")),
                            rule.path("scope").asText("*")),
                    strings(rule.path("resourceNames"))));
        }
        return rules;
    }

    static LabelSelector selector(JsonNode node) {
        return node.isObject() ? ModelCodec.decode(node, LabelSelector.class).value() : null;
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
