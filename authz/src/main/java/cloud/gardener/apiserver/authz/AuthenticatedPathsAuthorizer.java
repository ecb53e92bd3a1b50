package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Allows one verb on fixed non-resource paths (a trailing {@code *} matches a prefix) for every authenticated user
 * (group {@code system:authenticated}); no opinion otherwise. With {@code post} it guards the webhooks this server
 * serves to kube-apiserver: asking kube-apiserver for a SubjectAccessReview about its own webhook call would
 * recurse (the review calls the authorization webhook again), so authentication is the check, as for Gardener's
 * admission controller, whose webhook server relies on the caller's TLS client certificate. With {@code get} on
 * the discovery paths it stands in for kube-apiserver's {@code system:discovery} role when running standalone.
 */
public final class AuthenticatedPathsAuthorizer implements Authorizer {

    private static final Future<Decision> ALLOW = Future.succeededFuture(Decision.allow());
    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    private final String verb;
    private final Set<String> paths;

    /** {@code POST} to these paths. */
    public AuthenticatedPathsAuthorizer(Collection<String> paths) {
        this("post", paths);
    }

    public AuthenticatedPathsAuthorizer(String verb, Collection<String> paths) {
        this.verb = verb;
        this.paths = Set.copyOf(paths);
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        boolean matches = !attributes.resourceRequest() && verb.equals(attributes.verb()) && matches(attributes.path());
        return matches && attributes.user().isInGroup(UserInfo.ALL_AUTHENTICATED) ? ALLOW : NO_OPINION;
    }

    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        if (paths.isEmpty() || !user.isInGroup(UserInfo.ALL_AUTHENTICATED)) {
            return Future.succeededFuture(RuleSet.none());
        }
        return Future.succeededFuture(RuleSet.of(
                List.of(),
                List.of(new NonResourceRule(
                        List.of(verb), paths.stream().sorted().toList()))));
    }

    private boolean matches(String path) {
        if (paths.contains(path)) {
            return true;
        }
        for (String p : paths) {
            if (p.endsWith("*") && path.startsWith(p.substring(0, p.length() - 1))) {
                return true;
            }
        }
        return false;
    }
}
