package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import java.util.List;

/**
 * One {@code RuleWithOperations} of a webhook, matched as k8s.io/apiserver's {@code rules.Matcher}: scope,
 * operation, group, version and resource (with subresource patterns such as {@code shoots/status} or {@code shoots/*}) must all match,
 * {@code *} matching anything.
 *
 * @param scope {@code *} (the default), {@code Namespaced} or {@code Cluster}
 */
public record WebhookRule(
        List<String> operations,
        List<String> apiGroups,
        List<String> apiVersions,
        List<String> resources,
        String scope) {

    public WebhookRule {
        operations = List.copyOf(operations);
        apiGroups = List.copyOf(apiGroups);
        apiVersions = List.copyOf(apiVersions);
        resources = List.copyOf(resources);
    }

    public boolean matches(Attributes a) {
        return scope(a)
                && exactOrWildcard(operations, a.operation().name())
                && exactOrWildcard(apiGroups, a.resource().group())
                && exactOrWildcard(apiVersions, a.kind().version())
                && resource(a);
    }

    private boolean scope(Attributes a) {
        // namespaces are cluster-scoped although a namespace's own request carries its name as namespace
        boolean namespaceObject =
                a.resource().group().isEmpty() && a.resource().resource().equals("namespaces");
        return switch (scope) {
            case "Namespaced" -> !namespaceObject && !a.namespace().isEmpty();
            case "Cluster" -> namespaceObject || a.namespace().isEmpty();
            default -> true;
        };
    }

    private boolean resource(Attributes a) {
        for (String pattern : resources) {
            int slash = pattern.indexOf('/');
            String res = slash < 0 ? pattern : pattern.substring(0, slash);
            String sub = slash < 0 ? "" : pattern.substring(slash + 1);
            if ((res.equals("*") || res.equals(a.resource().resource()))
                    && (sub.equals("*") || sub.equals(a.subresource()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean exactOrWildcard(List<String> items, String requested) {
        return items.contains("*") || items.contains(requested);
    }
}
