package cloud.gardener.apiserver.authz;

import java.util.List;

/**
 * One rule of what a user may do with resources, as k8s.io/apiserver's {@code authorizer.ResourceRuleInfo} and
 * the {@code authorization.k8s.io/v1} {@code ResourceRule} a SelfSubjectRulesReview lists. {@code *} in a list
 * means all; an empty {@code resourceNames} means any name. Resources are {@code plural} or
 * {@code plural/subresource}.
 */
public record ResourceRule(
        List<String> verbs, List<String> apiGroups, List<String> resources, List<String> resourceNames) {

    public ResourceRule {
        verbs = List.copyOf(verbs);
        apiGroups = List.copyOf(apiGroups);
        resources = List.copyOf(resources);
        resourceNames = List.copyOf(resourceNames);
    }

    /** Everything on every resource ({@code cluster-admin}). */
    public static ResourceRule all() {
        return new ResourceRule(List.of("*"), List.of("*"), List.of("*"), List.of());
    }
}
