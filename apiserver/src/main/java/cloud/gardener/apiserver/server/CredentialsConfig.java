package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
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
 * @param shootCredentialsRotationInterval {@code --shoot-credentials-rotation-interval}: how long after creation or
 *                                      the last rotation Shoot writes warn that credentials are due for rotation
 */
public record CredentialsConfig(
        Duration adminKubeconfigMaxExpiration,
        Duration viewerKubeconfigMaxExpiration,
        TokenIssuer tokenIssuer,
        Duration shootCredentialsRotationInterval) {

    public static final Duration DEFAULT_KUBECONFIG_MAX_EXPIRATION = Duration.ofHours(24);
    public static final Duration DEFAULT_TOKEN_MIN_EXPIRATION = Duration.ofHours(1);
    public static final Duration DEFAULT_TOKEN_MAX_EXPIRATION = Duration.ofDays(2);

    public CredentialsConfig {
        Objects.requireNonNull(adminKubeconfigMaxExpiration, "adminKubeconfigMaxExpiration");
        Objects.requireNonNull(viewerKubeconfigMaxExpiration, "viewerKubeconfigMaxExpiration");
        shootCredentialsRotationInterval = shootCredentialsRotationInterval == null
                ? ShootWarnings.DEFAULT_ROTATION_INTERVAL
                : shootCredentialsRotationInterval;
    }

    /** With the default credentials rotation interval. */
    public CredentialsConfig(
            Duration adminKubeconfigMaxExpiration, Duration viewerKubeconfigMaxExpiration, TokenIssuer tokenIssuer) {
        this(adminKubeconfigMaxExpiration, viewerKubeconfigMaxExpiration, tokenIssuer, null);
    }

    /** The flag defaults: a day for kubeconfigs, no token issuer. */
    public static CredentialsConfig defaults() {
        return new CredentialsConfig(DEFAULT_KUBECONFIG_MAX_EXPIRATION, DEFAULT_KUBECONFIG_MAX_EXPIRATION, null);
    }

    public CredentialsConfig withTokenIssuer(TokenIssuer newTokenIssuer) {
        return new CredentialsConfig(
                adminKubeconfigMaxExpiration,
                viewerKubeconfigMaxExpiration,
                newTokenIssuer,
                shootCredentialsRotationInterval);
    }

    public CredentialsConfig withKubeconfigMaxExpiration(Duration admin, Duration viewer) {
        return new CredentialsConfig(admin, viewer, tokenIssuer, shootCredentialsRotationInterval);
    }

    public CredentialsConfig withShootCredentialsRotationInterval(Duration interval) {
        return new CredentialsConfig(
                adminKubeconfigMaxExpiration, viewerKubeconfigMaxExpiration, tokenIssuer, interval);
    }
}
