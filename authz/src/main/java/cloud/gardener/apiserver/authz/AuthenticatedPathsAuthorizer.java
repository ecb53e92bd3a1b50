package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Allows {@code POST} to fixed non-resource paths for every authenticated user (group
 * {@code system:authenticated}); no opinion otherwise. It guards the webhooks this server serves to
 * kube-apiserver: asking kube-apiserver for a SubjectAccessReview about its own webhook call would recurse
 * (the review calls the authorization webhook again), so authentication is the check, as for Gardener's
 * admission controller, whose webhook server relies on the caller's TLS client certificate.
 */
public final class AuthenticatedPathsAuthorizer implements Authorizer {

    private static final Future<Decision> ALLOW = Future.succeededFuture(Decision.allow());
    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    private final Set<String> paths;

    public AuthenticatedPathsAuthorizer(Collection<String> paths) {
        this.paths = Set.copyOf(paths);
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        boolean matches = !attributes.resourceRequest() && "post".equals(attributes.verb())
                && paths.contains(attributes.path());
        return matches && attributes.user().isInGroup(UserInfo.ALL_AUTHENTICATED) ? ALLOW : NO_OPINION;
    }

    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        if (paths.isEmpty() || !user.isInGroup(UserInfo.ALL_AUTHENTICATED)) {
            return Future.succeededFuture(RuleSet.none());
        }
        return Future.succeededFuture(RuleSet.of(List.of(),
                List.of(new NonResourceRule(List.of("post"), paths.stream().sorted().toList()))));
    }
}
