package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Allows everything to members of the privileged groups ({@code --authorization-always-allow-groups},
 * default {@code system:masters}); no opinion otherwise. Upstream puts it first so that the aggregator's
 * availability probe ({@code system:masters}) never waits for a SubjectAccessReview.
 */
public final class PrivilegedGroupsAuthorizer implements Authorizer {

    public static final List<String> DEFAULT_GROUPS = List.of("system:masters");

    private static final Future<Decision> ALLOW = Future.succeededFuture(Decision.allow());
    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    private final Set<String> groups;

    public PrivilegedGroupsAuthorizer(Collection<String> groups) {
        this.groups = Set.copyOf(groups);
    }

    public static PrivilegedGroupsAuthorizer defaults() {
        return new PrivilegedGroupsAuthorizer(DEFAULT_GROUPS);
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        for (String group : attributes.user().groups()) {
            if (groups.contains(group)) {
                return ALLOW;
            }
        }
        return NO_OPINION;
    }

    /** Members may do everything, as {@code cluster-admin} lists it: every resource and every path. */
    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        for (String group : user.groups()) {
            if (groups.contains(group)) {
                return Future.succeededFuture(RuleSet.of(
                        List.of(ResourceRule.all()), List.of(new NonResourceRule(List.of("*"), List.of("*")))));
            }
        }
        return Future.succeededFuture(RuleSet.none());
    }
}
