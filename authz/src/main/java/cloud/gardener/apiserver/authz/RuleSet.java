package cloud.gardener.apiserver.authz;

import java.util.ArrayList;
import java.util.List;

/**
 * What an authorizer can tell about a user's permissions in one namespace (k8s.io/apiserver's
 * {@code authorizer.RuleResolver.RulesFor}): the rules it would allow by, whether the list is incomplete (the
 * authorizer decides by more than rules it can enumerate, e.g. a webhook or a relationship graph), and the
 * errors met while collecting them.
 */
public record RuleSet(
        List<ResourceRule> resourceRules,
        List<NonResourceRule> nonResourceRules,
        boolean incomplete,
        List<String> errors) {

    private static final RuleSet NONE = new RuleSet(List.of(), List.of(), false, List.of());
    private static final RuleSet UNKNOWN = new RuleSet(List.of(), List.of(), true, List.of());

    public RuleSet {
        resourceRules = List.copyOf(resourceRules);
        nonResourceRules = List.copyOf(nonResourceRules);
        errors = List.copyOf(errors);
    }

    /** No rules, and nothing else allowed either. */
    public static RuleSet none() {
        return NONE;
    }

    /** Nothing enumerable: the authorizer decides case by case. */
    public static RuleSet unknown() {
        return UNKNOWN;
    }

    public static RuleSet of(List<ResourceRule> resourceRules, List<NonResourceRule> nonResourceRules) {
        return new RuleSet(resourceRules, nonResourceRules, false, List.of());
    }

    /** This set followed by {@code other}, as the union authorizer concatenates its members' rules. */
    public RuleSet plus(RuleSet other) {
        List<ResourceRule> resources = new ArrayList<>(resourceRules);
        resources.addAll(other.resourceRules);
        List<NonResourceRule> paths = new ArrayList<>(nonResourceRules);
        paths.addAll(other.nonResourceRules);
        List<String> allErrors = new ArrayList<>(errors);
        allErrors.addAll(other.errors);
        return new RuleSet(resources, paths, incomplete || other.incomplete, allErrors);
    }
}
