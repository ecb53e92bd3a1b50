package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Kubernetes' bootstrap {@code system:monitoring} ClusterRole bound to the {@code system:monitoring} group, for a
 * server that has no cluster RBAC to ask: members may {@code get} the metrics and health endpoints; no opinion on
 * anything else.
 */
public final class MonitoringAuthorizer implements Authorizer {

    public static final String GROUP = "system:monitoring";

    private static final Set<String> PATHS = Set.of("/metrics", "/metrics/slis", "/livez", "/readyz", "/healthz");
    private static final Set<String> PREFIXES = Set.of("/livez/", "/readyz/", "/healthz/");

    private static final Future<Decision> ALLOW = Future.succeededFuture(Decision.allow());
    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        if (attributes.resourceRequest()
                || !"get".equals(attributes.verb())
                || !attributes.user().groups().contains(GROUP)) {
            return NO_OPINION;
        }
        String path = attributes.path();
        if (PATHS.contains(path) || PREFIXES.stream().anyMatch(path::startsWith)) {
            return ALLOW;
        }
        return NO_OPINION;
    }

    /** The role's rules, for the group's members: {@code get} on the metrics and health paths. */
    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        if (!user.groups().contains(GROUP)) {
            return Future.succeededFuture(RuleSet.none());
        }
        List<String> urls = new ArrayList<>(PATHS);
        PREFIXES.forEach(prefix -> urls.add(prefix + "*"));
        return Future.succeededFuture(RuleSet.of(
                List.of(),
                List.of(new NonResourceRule(
                        List.of("get"), urls.stream().sorted().toList()))));
    }
}
