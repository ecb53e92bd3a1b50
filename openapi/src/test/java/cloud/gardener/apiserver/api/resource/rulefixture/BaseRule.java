package cloud.gardener.apiserver.api.resource.rulefixture;

/** A base of rules: abstract, so no rule of its own. */
public abstract class BaseRule implements Rule {}
