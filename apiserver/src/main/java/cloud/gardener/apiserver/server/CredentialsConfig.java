package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import java.time.Duration;
import java.util.Objects;

/**
 * The credential subresources' settings, resolved from gardener-apiserver's flags.
 *
 * @param adminKubeconfigMaxExpiration  {@code --shoot-admin-kubeconfig-max-expiration}: longer requests are capped
 * @param viewerKubeconfigMaxExpiration {@code --shoot-viewer-kubeconfig-max-expiration}
 * @param tokenIssuer                   signs {@code workloadidentities/token} answers; {@code null} without
 *                                      {@code --workload-identity-signing-key-file} (the subresource then fails,
 *                                      as Gardener's does)
 */
public record CredentialsConfig(Duration adminKubeconfigMaxExpiration, Duration viewerKubeconfigMaxExpiration,
                                TokenIssuer tokenIssuer) {

    public static final Duration DEFAULT_KUBECONFIG_MAX_EXPIRATION = Duration.ofHours(24);
    public static final Duration DEFAULT_TOKEN_MIN_EXPIRATION = Duration.ofHours(1);
    public static final Duration DEFAULT_TOKEN_MAX_EXPIRATION = Duration.ofHours(48);

    public CredentialsConfig {
        Objects.requireNonNull(adminKubeconfigMaxExpiration, "adminKubeconfigMaxExpiration");
        Objects.requireNonNull(viewerKubeconfigMaxExpiration, "viewerKubeconfigMaxExpiration");
    }

    /** The flag defaults: a day for kubeconfigs, no token issuer. */
    public static CredentialsConfig defaults() {
        return new CredentialsConfig(DEFAULT_KUBECONFIG_MAX_EXPIRATION, DEFAULT_KUBECONFIG_MAX_EXPIRATION, null);
    }

    public CredentialsConfig withTokenIssuer(TokenIssuer newTokenIssuer) {
        return new CredentialsConfig(adminKubeconfigMaxExpiration, viewerKubeconfigMaxExpiration, newTokenIssuer);
    }

    public CredentialsConfig withKubeconfigMaxExpiration(Duration admin, Duration viewer) {
        return new CredentialsConfig(admin, viewer, tokenIssuer);
    }
}
