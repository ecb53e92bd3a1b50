package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.AuthenticationRequest;
import cloud.gardener.apiserver.authn.AuthenticationResult;
import cloud.gardener.apiserver.authn.Authenticator;
import cloud.gardener.apiserver.authn.Authenticators;
import cloud.gardener.apiserver.authn.BearerTokenAuthenticator;
import cloud.gardener.apiserver.authn.RequestHeaderAuthenticator;
import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.authn.TokenAuthenticator;
import cloud.gardener.apiserver.authn.TokenReviewAuthenticator;
import cloud.gardener.apiserver.authn.X509Authenticator;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.metrics.AuthenticationMetrics;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.server.AuthenticationConfig;
import cloud.gardener.apiserver.server.AuthenticationSources;
import cloud.gardener.apiserver.server.ServerConfig;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Finds out who is asking. A presented but invalid credential is 401, never anonymous; a request
 * without credentials becomes system:anonymous when anonymous access is on. Credentials are removed
 * from the request once used.
 */
public final class AuthenticationFilter implements Filter {

    private static final String REMOTE_HEADER_PREFIX = "x-remote-";

    private final Authenticator authenticator;
    private final Supplier<RequestHeaderConfig> requestHeader;
    private final AuthenticationMetrics metrics;
    private Handler<RoutingContext> failureAudit = ctx -> {};

    public AuthenticationFilter(
            Authenticator authenticator, Supplier<RequestHeaderConfig> requestHeader, AuthenticationMetrics metrics) {
        this.authenticator = authenticator;
        this.requestHeader = requestHeader;
        this.metrics = metrics;
    }

    public AuthenticationFilter(Authenticator authenticator, Supplier<RequestHeaderConfig> requestHeader) {
        this(authenticator, requestHeader, ServerMetrics.unserved().authentication());
    }

    public AuthenticationFilter(Authenticator authenticator) {
        this(authenticator, RequestHeaderConfig::disabled);
    }

    /**
     * The upstream order: front proxy (request headers), client certificate, bearer tokens (token file, then
     * TokenReview); anonymous only for requests without any credential.
     */
    public static AuthenticationFilter create(
            Vertx vertx, ServerConfig config, AuthenticationSources sources, AuthenticationMetrics metrics) {
        AuthenticationConfig authentication = config.authentication();
        List<Authenticator> chain = new ArrayList<>();
        chain.add(new RequestHeaderAuthenticator(sources::requestHeader, Clock.systemUTC()));
        chain.add(new X509Authenticator(sources::clientCertificates, Clock.systemUTC()));
        List<TokenAuthenticator> tokens = new ArrayList<>();
        if (authentication.tokenFile() != null) {
            tokens.add(authentication.tokenFile());
        }
        if (authentication.kubeconfig() != null) {
            tokens.add(new TokenReviewAuthenticator(
                    new KubeApiClient(vertx, authentication.kubeconfig()), authentication.tokenCacheTtl()));
        }
        if (!tokens.isEmpty()) {
            chain.add(new BearerTokenAuthenticator(tokens));
        }
        return new AuthenticationFilter(
                Authenticators.delegating(chain, config.authentication().anonymous()), sources::requestHeader, metrics);
    }

    /** Hands every refused request to {@code audit} before the 401 goes out (upstream's failed-authentication audit). */
    public AuthenticationFilter auditingFailures(Handler<RoutingContext> audit) {
        this.failureAudit = audit;
        return this;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        AuthenticationRequest request = new AuthenticationRequest(
                peerCertificates(ctx), new MultiMapRequestHeaders(ctx.request().headers()), ctx.normalizedPath());
        long start = System.nanoTime();
        Future<AuthenticationResult> answer = authenticator.authenticate(request);
        if (answer.isComplete()) {
            // nearly every request (certificates, cached tokens): a plain call, no listener made for it
            return authenticated(ctx, answer, start);
        }
        answer.onComplete(ar -> {
            if (authenticated(ctx, ar, start)) {
                rest.proceed(ctx);
            }
        });
        return false;
    }

    /** Whether the request goes on: true once its user is known, false when it was answered 401. */
    private boolean authenticated(RoutingContext ctx, AsyncResult<AuthenticationResult> ar, long start) {
        if (ar.failed() || !ar.result().isAuthenticated()) {
            metrics.attempt(
                    ar.failed() ? AuthenticationMetrics.Result.ERROR : AuthenticationMetrics.Result.FAILURE,
                    System.nanoTime() - start);
            failureAudit.handle(ctx);
            Responses.fail(ctx, ApiException.unauthorized());
            return false;
        }
        metrics.attempt(AuthenticationMetrics.Result.SUCCESS, System.nanoTime() - start);
        metrics.authenticatedUser(ar.result().user().name());
        RequestAttributes.setUser(ctx, ar.result().user());
        clearAuthenticationHeaders(ctx.request().headers(), requestHeader.get());
        return true;
    }

    /**
     * Removes every credential header so that no handler (or proxied backend) ever sees a token or an
     * asserted identity: {@code Authorization}, every {@code X-Remote-*} header, and the configured
     * request-header names and extra prefixes.
     */
    static void clearAuthenticationHeaders(MultiMap headers, RequestHeaderConfig config) {
        CredentialHeaders credentials = CredentialHeaders.of(config);
        List<String> doomed = null;
        // by entry: a name repeats, but names() would build a set first
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey();
            if (credentials.matches(name.toLowerCase(Locale.ROOT))) {
                if (doomed == null) {
                    doomed = new ArrayList<>();
                }
                doomed.add(name);
            }
        }
        if (doomed != null) {
            doomed.forEach(headers::remove);
        }
    }

    /**
     * The credential header names of one request-header configuration, lower-cased once: the configuration changes
     * only when the front proxy's settings rotate, so the last one's names are kept.
     */
    private record CredentialHeaders(RequestHeaderConfig config, Set<String> names, List<String> prefixes) {

        private static volatile CredentialHeaders last;

        // the same configuration object, not an equal one: comparing CA bundles per request is what this saves
        @SuppressWarnings("ReferenceEquality")
        static CredentialHeaders of(RequestHeaderConfig config) {
            CredentialHeaders known = last;
            if (known == null || known.config() != config) {
                Set<String> names = new HashSet<>();
                names.add("authorization");
                lowerCased(config.usernameHeaders(), names);
                lowerCased(config.uidHeaders(), names);
                lowerCased(config.groupHeaders(), names);
                List<String> prefixes = new ArrayList<>();
                prefixes.add(REMOTE_HEADER_PREFIX);
                lowerCased(config.extraHeaderPrefixes(), prefixes);
                known = new CredentialHeaders(config, Set.copyOf(names), List.copyOf(prefixes));
                last = known;
            }
            return known;
        }

        private static void lowerCased(List<String> names, java.util.Collection<String> into) {
            for (String name : names) {
                into.add(name.toLowerCase(Locale.ROOT));
            }
        }

        boolean matches(String lowerName) {
            if (names.contains(lowerName)) {
                return true;
            }
            for (String prefix : prefixes) {
                if (lowerName.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static List<X509Certificate> peerCertificates(RoutingContext ctx) {
        List<X509Certificate> out = new ArrayList<>();
        // the connection's own TLS state: the routing context's request would first work out forwarded headers
        if (!ctx.request().connection().isSsl()) {
            return out;
        }
        try {
            for (Certificate c : ctx.request().connection().peerCertificates()) {
                if (c instanceof X509Certificate x) {
                    out.add(x);
                }
            }
        } catch (SSLPeerUnverifiedException e) {
            // no client certificate: other credentials or anonymous
        }
        return out;
    }
}
