package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.authn.TokenFileAuthenticator;
import cloud.gardener.apiserver.certs.Kubeconfig;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How users are authenticated, resolved from the flags.
 *
 * @param clientCa              {@code --client-ca-file}: CAs whose client certificates authenticate users (may be
 *                              empty)
 * @param anonymous             {@code --anonymous-auth}: whether requests without credentials run as
 *                              system:anonymous
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
public record AuthenticationConfig(
        List<X509Certificate> clientCa,
        boolean anonymous,
        RequestHeaderConfig requestHeader,
        TokenFileAuthenticator tokenFile,
        Kubeconfig kubeconfig,
        Duration tokenCacheTtl,
        boolean tolerateLookupFailure,
        Duration configMapRefresh) {

    public static final Duration DEFAULT_TOKEN_CACHE_TTL = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONFIGMAP_REFRESH = Duration.ofMinutes(1);

    public AuthenticationConfig {
        clientCa = clientCa == null ? List.of() : List.copyOf(clientCa);
        requestHeader = requestHeader == null ? RequestHeaderConfig.disabled() : requestHeader;
        Objects.requireNonNull(tokenCacheTtl, "tokenCacheTtl");
        Objects.requireNonNull(configMapRefresh, "configMapRefresh");
    }

    /** Nobody: no client CA, no anonymous requests, no front proxy, no tokens, no kube-apiserver. */
    public static AuthenticationConfig none() {
        return new AuthenticationConfig(
                List.of(),
                false,
                RequestHeaderConfig.disabled(),
                null,
                null,
                DEFAULT_TOKEN_CACHE_TTL,
                false,
                DEFAULT_CONFIGMAP_REFRESH);
    }

    public AuthenticationConfig withClientCa(List<X509Certificate> newClientCa) {
        return new AuthenticationConfig(
                newClientCa,
                anonymous,
                requestHeader,
                tokenFile,
                kubeconfig,
                tokenCacheTtl,
                tolerateLookupFailure,
                configMapRefresh);
    }

    public AuthenticationConfig withAnonymous(boolean newAnonymous) {
        return new AuthenticationConfig(
                clientCa,
                newAnonymous,
                requestHeader,
                tokenFile,
                kubeconfig,
                tokenCacheTtl,
                tolerateLookupFailure,
                configMapRefresh);
    }

    public AuthenticationConfig withRequestHeader(RequestHeaderConfig newRequestHeader) {
        return new AuthenticationConfig(
                clientCa,
                anonymous,
                newRequestHeader,
                tokenFile,
                kubeconfig,
                tokenCacheTtl,
                tolerateLookupFailure,
                configMapRefresh);
    }

    public AuthenticationConfig withTokenFile(TokenFileAuthenticator newTokenFile) {
        return new AuthenticationConfig(
                clientCa,
                anonymous,
                requestHeader,
                newTokenFile,
                kubeconfig,
                tokenCacheTtl,
                tolerateLookupFailure,
                configMapRefresh);
    }

    public AuthenticationConfig withKubeconfig(
            Kubeconfig newKubeconfig,
            Duration newTokenCacheTtl,
            boolean newTolerateLookupFailure,
            Duration newConfigMapRefresh) {
        return new AuthenticationConfig(
                clientCa,
                anonymous,
                requestHeader,
                tokenFile,
                newKubeconfig,
                newTokenCacheTtl,
                newTolerateLookupFailure,
                newConfigMapRefresh);
    }
}
