package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.AuthenticationRequest;
import cloud.gardener.apiserver.authn.Authenticator;
import cloud.gardener.apiserver.authn.Authenticators;
import cloud.gardener.apiserver.authn.RequestHeaders;
import cloud.gardener.apiserver.authn.X509Authenticator;
import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.server.ServerConfig;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Finds out who is asking. A presented but invalid credential is 401, never anonymous; a request
 * without credentials becomes system:anonymous when anonymous access is on. Credentials are removed
 * from the request once used.
 */
public final class AuthenticationFilter implements Handler<RoutingContext> {

    private final Authenticator authenticator;

    public AuthenticationFilter(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    public static AuthenticationFilter create(ServerConfig config) {
        List<Authenticator> chain = new ArrayList<>();
        if (!config.clientCa().isEmpty()) {
            chain.add(X509Authenticator.forClientCa(config.clientCa()));
        }
        return new AuthenticationFilter(Authenticators.delegating(chain, config.anonymousAuth()));
    }

    @Override
    public void handle(RoutingContext ctx) {
        AuthenticationRequest request = new AuthenticationRequest(peerCertificates(ctx),
                RequestHeaders.of(Multimaps.toMap(ctx.request().headers())),
                ctx.normalizedPath());
        authenticator.authenticate(request).onComplete(ar -> {
            if (ar.failed() || !ar.result().isAuthenticated()) {
                Responses.fail(ctx, ApiException.unauthorized());
                return;
            }
            RequestAttributes.setUser(ctx, ar.result().user());
            ctx.request().headers().remove("Authorization");
            ctx.next();
        });
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
