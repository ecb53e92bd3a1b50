package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.webhook.WebhookRule;
import java.util.List;

/**
 * A {@code NamedRuleWithOperations}: a webhook rule, optionally narrowed to object names.
 *
 * @param resourceNames the names the rule is limited to; empty for all
 */
record NamedRule(WebhookRule rule, List<String> resourceNames) {

    NamedRule {
        resourceNames = List.copyOf(resourceNames);
    }

    /** Whether the rule matches the request (with the rule's resource names, if any, naming it). */
    boolean matches(Attributes a) {
        return rule.matches(a) && named(a);
    }

    /**
     * {@code matchPolicy: Equivalent}: the rule names the request's resource in another served version. All
     * versions of a resource share one storage here, so every served version is equivalent.
     */
    boolean matchesEquivalent(Attributes a, List<String> servedVersions) {
        if (!named(a)) {
            return false;
        }
        for (String version : servedVersions) {
            if (!version.equals(a.kind().version()) && rule.matches(inVersion(a, version))) {
                return true;
            }
        }
        return false;
    }

    private boolean named(Attributes a) {
        return resourceNames.isEmpty() || resourceNames.contains(a.name());
    }

    private static Attributes inVersion(Attributes a, String version) {
        return new Attributes(
                new cloud.gardener.apiserver.api.meta.GroupVersionKind(
                        a.kind().group(), version, a.kind().kind()),
                a.resource(),
                a.subresource(),
                a.namespace(),
                a.name(),
                a.operation(),
                a.object(),
                a.oldObject(),
                a.user(),
                a.dryRun(),
                a.warnings(),
                a.audit());
    }
}
