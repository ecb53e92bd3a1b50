package cloud.gardener.apiserver.authz;

import io.vertx.core.Future;
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
        if (attributes.resourceRequest() || !"get".equals(attributes.verb())
                || !attributes.user().groups().contains(GROUP)) {
            return NO_OPINION;
        }
        String path = attributes.path();
        if (PATHS.contains(path) || PREFIXES.stream().anyMatch(path::startsWith)) {
            return ALLOW;
        }
        return NO_OPINION;
    }
}
