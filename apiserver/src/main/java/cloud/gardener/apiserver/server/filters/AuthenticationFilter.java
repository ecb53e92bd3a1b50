package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.AuthenticationRequest;
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
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Finds out who is asking. A presented but invalid credential is 401, never anonymous; a request
 * without credentials becomes system:anonymous when anonymous access is on. Credentials are removed
 * from the request once used.
 */
public final class AuthenticationFilter implements Handler<RoutingContext> {

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
    public void handle(RoutingContext ctx) {
        AuthenticationRequest request = new AuthenticationRequest(
                peerCertificates(ctx),
                new MultiMapRequestHeaders(ctx.request().headers()),
                ctx.normalizedPath());
        long start = System.nanoTime();
        authenticator.authenticate(request).onComplete(ar -> {
            if (ar.failed() || !ar.result().isAuthenticated()) {
                metrics.attempt(
                        ar.failed() ? AuthenticationMetrics.Result.ERROR : AuthenticationMetrics.Result.FAILURE,
                        System.nanoTime() - start);
                failureAudit.handle(ctx);
                Responses.fail(ctx, ApiException.unauthorized());
                return;
            }
            metrics.attempt(AuthenticationMetrics.Result.SUCCESS, System.nanoTime() - start);
            metrics.authenticatedUser(ar.result().user().name());
            RequestAttributes.setUser(ctx, ar.result().user());
            clearAuthenticationHeaders(ctx.request().headers(), requestHeader.get());
            ctx.next();
        });
    }

    /**
     * Removes every credential header so that no handler (or proxied backend) ever sees a token or an
     * asserted identity: {@code Authorization}, every {@code X-Remote-*} header, and the configured
     * request-header names and extra prefixes.
     */
    static void clearAuthenticationHeaders(MultiMap headers, RequestHeaderConfig config) {
        List<String> doomed = new ArrayList<>();
        for (String name : headers.names()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("authorization")
                    || lower.startsWith(REMOTE_HEADER_PREFIX)
                    || matchesAny(lower, config.usernameHeaders(), false)
                    || matchesAny(lower, config.uidHeaders(), false)
                    || matchesAny(lower, config.groupHeaders(), false)
                    || matchesAny(lower, config.extraHeaderPrefixes(), true)) {
                doomed.add(name);
            }
        }
        doomed.forEach(headers::remove);
    }

    private static boolean matchesAny(String lowerName, List<String> configured, boolean prefix) {
        for (String entry : configured) {
            String lower = entry.toLowerCase(Locale.ROOT);
            if (prefix ? lowerName.startsWith(lower) : lowerName.equals(lower)) {
                return true;
            }
        }
        return false;
    }

    private static List<X509Certificate> peerCertificates(RoutingContext ctx) {
        List<X509Certificate> out = new ArrayList<>();
        if (!ctx.request().isSSL()) {
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
