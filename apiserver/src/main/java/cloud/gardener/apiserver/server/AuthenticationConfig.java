package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.authn.TokenFileAuthenticator;
import cloud.gardener.apiserver.certs.Kubeconfig;
import java.time.Duration;
import java.util.Objects;

/**
 * Authentication beyond client certificates, resolved from the flags.
 *
 * @param requestHeader         front-proxy settings from {@code --requestheader-*}; with a CA they override the
 *                              {@code extension-apiserver-authentication} ConfigMap's
 * @param tokenFile             the static tokens of {@code --token-auth-file}, or {@code null}
 * @param kubeconfig            {@code --authentication-kubeconfig}: kube-apiserver for TokenReview and the
 *                              ConfigMap, or {@code null} (standalone)
 * @param tokenCacheTtl         {@code --authentication-token-webhook-cache-ttl}
 * @param tolerateLookupFailure {@code --authentication-tolerate-lookup-failure}: start even when the ConfigMap
 *                              cannot be read
 * @param configMapRefresh      how often the ConfigMap is read again (CA and header rotation)
 */
public record AuthenticationConfig(RequestHeaderConfig requestHeader, TokenFileAuthenticator tokenFile,
                                   Kubeconfig kubeconfig, Duration tokenCacheTtl, boolean tolerateLookupFailure,
                                   Duration configMapRefresh) {

    public static final Duration DEFAULT_TOKEN_CACHE_TTL = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONFIGMAP_REFRESH = Duration.ofMinutes(1);

    public AuthenticationConfig {
        requestHeader = requestHeader == null ? RequestHeaderConfig.disabled() : requestHeader;
        Objects.requireNonNull(tokenCacheTtl, "tokenCacheTtl");
        Objects.requireNonNull(configMapRefresh, "configMapRefresh");
    }

    /** Client certificates only: no front proxy, no tokens, no kube-apiserver. */
    public static AuthenticationConfig none() {
        return new AuthenticationConfig(RequestHeaderConfig.disabled(), null, null, DEFAULT_TOKEN_CACHE_TTL, false,
                DEFAULT_CONFIGMAP_REFRESH);
    }

    public AuthenticationConfig withRequestHeader(RequestHeaderConfig newRequestHeader) {
        return new AuthenticationConfig(newRequestHeader, tokenFile, kubeconfig, tokenCacheTtl, tolerateLookupFailure,
                configMapRefresh);
    }

    public AuthenticationConfig withTokenFile(TokenFileAuthenticator newTokenFile) {
        return new AuthenticationConfig(requestHeader, newTokenFile, kubeconfig, tokenCacheTtl, tolerateLookupFailure,
                configMapRefresh);
    }

    public AuthenticationConfig withKubeconfig(Kubeconfig newKubeconfig, Duration newTokenCacheTtl,
            boolean newTolerateLookupFailure, Duration newConfigMapRefresh) {
        return new AuthenticationConfig(requestHeader, tokenFile, newKubeconfig, newTokenCacheTtl,
                newTolerateLookupFailure, newConfigMapRefresh);
    }
}
