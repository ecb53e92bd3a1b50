package cloud.gardener.apiserver.api.resource.rulefixture;

/** A helper beside the rules, no rule itself. */
public final class ShootRuleHelper {}
