package cloud.gardener.apiserver.authz;

import java.util.List;

/**
 * One rule of what a user may do with non-resource paths, as k8s.io/apiserver's
 * {@code authorizer.NonResourceRuleInfo}: verbs are lower-case HTTP methods or {@code *}; a path ending in
 * {@code *} is a prefix.
 */
public record NonResourceRule(List<String> verbs, List<String> nonResourceURLs) {

    public NonResourceRule {
        verbs = List.copyOf(verbs);
        nonResourceURLs = List.copyOf(nonResourceURLs);
    }
}
