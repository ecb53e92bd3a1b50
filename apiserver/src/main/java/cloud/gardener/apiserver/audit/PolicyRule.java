package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import java.util.List;
import java.util.Set;

/**
 * One rule of an audit Policy, matched as k8s.io/apiserver's policy checker does: every non-empty list must match;
 * resources and namespaces only match resource requests, nonResourceURLs only the others.
 *
 * @param omitManagedFields null when the rule leaves it to the policy
 */
public record PolicyRule(
        Level level,
        List<String> users,
        List<String> userGroups,
        List<String> verbs,
        List<GroupResources> resources,
        List<String> namespaces,
        List<String> nonResourceURLs,
        Set<Stage> omitStages,
        Boolean omitManagedFields) {

    /**
     * A group's resources: {@code resources} may be {@code *}, {@code pods/log}, {@code pods/*} or {@code * /status}
     * (without the space); empty means every resource of the group.
     */
    public record GroupResources(String group, List<String> resources, List<String> resourceNames) {
        public GroupResources {
            group = group == null ? "" : group;
            resources = List.copyOf(resources);
            resourceNames = List.copyOf(resourceNames);
        }
    }

    public PolicyRule {
        users = List.copyOf(users);
        userGroups = List.copyOf(userGroups);
        verbs = List.copyOf(verbs);
        resources = List.copyOf(resources);
        namespaces = List.copyOf(namespaces);
        nonResourceURLs = List.copyOf(nonResourceURLs);
        omitStages = Set.copyOf(omitStages);
    }

    public boolean matches(UserInfo user, RequestInfo request) {
        if (!users.isEmpty() && !users.contains(user.name())) {
            return false;
        }
        if (!userGroups.isEmpty() && userGroups.stream().noneMatch(user.groups()::contains)) {
            return false;
        }
        if (!verbs.isEmpty() && !verbs.contains(request.verb())) {
            return false;
        }
        if (!namespaces.isEmpty() || !resources.isEmpty()) {
            return matchesResource(request);
        }
        if (!nonResourceURLs.isEmpty()) {
            return matchesNonResource(request);
        }
        return true;
    }

    private boolean matchesResource(RequestInfo request) {
        if (!request.isResourceRequest()) {
            return false;
        }
        String namespace = request.namespace() == null ? "" : request.namespace();
        if (!namespaces.isEmpty() && !namespaces.contains(namespace)) {
            return false;
        }
        if (resources.isEmpty()) {
            return true;
        }
        String group = request.apiGroup() == null ? "" : request.apiGroup();
        String combined = request.subresource() == null || request.subresource().isEmpty()
                ? request.resource()
                : request.resource() + "/" + request.subresource();
        String name = request.name() == null ? "" : request.name();
        for (GroupResources gr : resources) {
            if (!gr.group().equals(group)) {
                continue;
            }
            if (gr.resources().isEmpty()) {
                return true;
            }
            if (!gr.resourceNames().isEmpty() && !gr.resourceNames().contains(name)) {
                continue;
            }
            for (String resource : gr.resources()) {
                if (resourceMatches(resource, combined)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code *} matches all; {@code * /status} (no space) any resource's status; {@code pods/*} any subresource. */
    static boolean resourceMatches(String pattern, String combined) {
        if (pattern.equals(combined) || pattern.equals("*")) {
            return true;
        }
        if (pattern.startsWith("*") && combined.endsWith(stripLeadingStars(pattern))) {
            return true;
        }
        return pattern.endsWith("*") && combined.startsWith(stripTrailingStars(pattern));
    }

    private boolean matchesNonResource(RequestInfo request) {
        if (request.isResourceRequest()) {
            return false;
        }
        String path = request.path();
        for (String spec : nonResourceURLs) {
            if (spec.equals("*")
                    || spec.equals(path)
                    || (spec.endsWith("*") && path.startsWith(spec.substring(0, spec.length() - 1)))) {
                return true;
            }
        }
        return false;
    }

    private static String stripLeadingStars(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '*') {
            i++;
        }
        return s.substring(i);
    }

    private static String stripTrailingStars(String s) {
        int i = s.length();
        while (i > 0 && s.charAt(i - 1) == '*') {
            i--;
        }
        return s.substring(0, i);
    }
}
