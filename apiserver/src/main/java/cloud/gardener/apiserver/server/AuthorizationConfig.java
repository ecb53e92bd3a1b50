package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.authz.AlwaysAllowPathsAuthorizer;
import cloud.gardener.apiserver.certs.Kubeconfig;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Authorization beyond {@code system:masters}, resolved from the flags.
 *
 * @param kubeconfig        {@code --authorization-kubeconfig}: kube-apiserver for SubjectAccessReview, or
 *                          {@code null} (standalone)
 * @param authorizedTtl     {@code --authorization-webhook-cache-authorized-ttl}
 * @param unauthorizedTtl   {@code --authorization-webhook-cache-unauthorized-ttl}
 * @param alwaysAllowPaths  {@code --authorization-always-allow-paths}
 */
public record AuthorizationConfig(
        Kubeconfig kubeconfig, Duration authorizedTtl, Duration unauthorizedTtl, List<String> alwaysAllowPaths) {

    public static final Duration DEFAULT_TTL = Duration.ofSeconds(10);

    public AuthorizationConfig {
        Objects.requireNonNull(authorizedTtl, "authorizedTtl");
        Objects.requireNonNull(unauthorizedTtl, "unauthorizedTtl");
        alwaysAllowPaths =
                alwaysAllowPaths == null ? AlwaysAllowPathsAuthorizer.DEFAULT_PATHS : List.copyOf(alwaysAllowPaths);
    }

    /** Standalone: no SubjectAccessReview. */
    public static AuthorizationConfig standalone() {
        return new AuthorizationConfig(null, DEFAULT_TTL, DEFAULT_TTL, AlwaysAllowPathsAuthorizer.DEFAULT_PATHS);
    }

    /** Delegated to the kube-apiserver of {@code kubeconfig} with the default TTLs and paths. */
    public static AuthorizationConfig delegated(Kubeconfig kubeconfig) {
        return new AuthorizationConfig(
                Objects.requireNonNull(kubeconfig, "kubeconfig"),
                DEFAULT_TTL,
                DEFAULT_TTL,
                AlwaysAllowPathsAuthorizer.DEFAULT_PATHS);
    }
}
