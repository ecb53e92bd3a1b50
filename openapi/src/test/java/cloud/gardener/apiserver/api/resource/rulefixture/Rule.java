package cloud.gardener.apiserver.api.resource.rulefixture;

/** The role of RuleOrphansTest's rules. */
public interface Rule {}
