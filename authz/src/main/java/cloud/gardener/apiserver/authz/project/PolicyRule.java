package cloud.gardener.apiserver.authz.project;

import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.ResourceRule;
import java.util.Set;

/**
 * One RBAC rule ({@code rbacv1.PolicyRule}) for resource requests. A resource is {@code plural} or
 * {@code plural/subresource}, matched exactly, as RBAC does; resource names, when given, only match requests that
 * name an object.
 */
record PolicyRule(Set<String> apiGroups, Set<String> resources, Set<String> verbs, Set<String> resourceNames) {

    static PolicyRule of(String apiGroup, Set<String> resources, Set<String> verbs) {
        return new PolicyRule(Set.of(apiGroup), resources, verbs, Set.of());
    }

    static PolicyRule named(String apiGroup, String resource, String name, Set<String> verbs) {
        return new PolicyRule(Set.of(apiGroup), Set.of(resource), verbs, Set.of(name));
    }

    /** This rule as a rules review lists it, each list sorted. */
    ResourceRule toResourceRule() {
        return new ResourceRule(
                verbs.stream().sorted().toList(),
                apiGroups.stream().sorted().toList(),
                resources.stream().sorted().toList(),
                resourceNames.stream().sorted().toList());
    }

    boolean matches(Attributes a) {
        String resource = a.subresource().isEmpty() ? a.resource() : a.resource() + "/" + a.subresource();
        return a.resourceRequest()
                && apiGroups.contains(a.apiGroup())
                && resources.contains(resource)
                && verbs.contains(a.verb())
                && (resourceNames.isEmpty() || resourceNames.contains(a.name()));
    }
}
