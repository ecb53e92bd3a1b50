package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Allows non-resource requests to fixed paths ({@code --authorization-always-allow-paths}), as
 * k8s.io/apiserver's {@code pkg/authorization/path}: the leading {@code /} is optional on both sides;
 * an entry matches exactly, or, when it ends in {@code *}, as a prefix. A {@code *} anywhere else is
 * rejected. The defaults are exactly {@code /healthz}, {@code /readyz} and {@code /livez}: sub-checks
 * such as {@code /healthz/etcd} are not covered. Resource requests get no opinion.
 */
public final class AlwaysAllowPathsAuthorizer implements Authorizer {

    public static final List<String> DEFAULT_PATHS = List.of("/healthz", "/readyz", "/livez");

    private static final Future<Decision> ALLOW = Future.succeededFuture(Decision.allow());
    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    private final Set<String> exact = new HashSet<>();
    private final List<String> prefixes = new ArrayList<>();
    private final List<String> urls = new ArrayList<>();

    /** @throws IllegalArgumentException when an entry has a {@code *} that is not its last character */
    public AlwaysAllowPathsAuthorizer(Collection<String> paths) {
        for (String path : paths) {
            String trimmed = path.startsWith("/") ? path.substring(1) : path;
            urls.add("/" + trimmed);
            if (trimmed.isEmpty()) {
                exact.add(trimmed);
                continue;
            }
            if (trimmed.substring(0, trimmed.length() - 1).indexOf('*') >= 0) {
                throw new IllegalArgumentException("only trailing * allowed in \"" + trimmed + "\"");
            }
            if (trimmed.endsWith("*")) {
                prefixes.add(trimmed.substring(0, trimmed.length() - 1));
            } else {
                exact.add(trimmed);
            }
        }
    }

    public static AlwaysAllowPathsAuthorizer defaults() {
        return new AlwaysAllowPathsAuthorizer(DEFAULT_PATHS);
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        if (attributes.resourceRequest()) {
            return NO_OPINION;
        }
        String path = attributes.path().startsWith("/") ? attributes.path().substring(1) : attributes.path();
        if (exact.contains(path)) {
            return ALLOW;
        }
        for (String prefix : prefixes) {
            if (path.startsWith(prefix)) {
                return ALLOW;
            }
        }
        return NO_OPINION;
    }

    /** Every verb on the configured paths, for everyone. */
    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        return Future.succeededFuture(
                urls.isEmpty()
                        ? RuleSet.none()
                        : RuleSet.of(List.of(), List.of(new NonResourceRule(List.of("*"), urls))));
    }
}
