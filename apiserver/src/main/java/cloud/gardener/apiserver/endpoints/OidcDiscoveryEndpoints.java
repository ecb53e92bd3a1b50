package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.workloadidentity.OpenIdDiscovery;
import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The workload identity issuer's OIDC discovery documents, {@code <issuer path>/.well-known/openid-configuration}
 * and {@code <issuer path>/jwks}. Gardener leaves these to its discovery server; serving them here lets a relying
 * party verify tokens against this server alone. They are public documents: served before authentication (so
 * neither credentials nor anonymous access are needed) and cacheable for an hour, as kube-apiserver serves its
 * service account issuer's.
 */
public final class OidcDiscoveryEndpoints {

    static final String CACHE_CONTROL = "public, max-age=3600";

    private final String configurationPath;
    private final String jwksPath;
    private final Buffer configuration;
    private final Buffer jwks;

    public OidcDiscoveryEndpoints(TokenIssuer issuer) {
        String base = OpenIdDiscovery.issuerPath(issuer.issuer());
        this.configurationPath = base + OpenIdDiscovery.CONFIGURATION_PATH;
        this.jwksPath = base + OpenIdDiscovery.JWKS_PATH;
        this.configuration = Buffer.buffer(OpenIdDiscovery.configuration(issuer.issuer(), List.of(issuer.key()))
                .toString()
                .getBytes(StandardCharsets.UTF_8));
        this.jwks = Buffer.buffer(OpenIdDiscovery.jwks(List.of(issuer.key())).getBytes(StandardCharsets.UTF_8));
    }

    /** Adds the two routes; call before the authentication filter is installed. */
    public void install(Router router) {
        router.route(configurationPath)
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(ctx -> write(ctx, "application/json", configuration));
        router.route(jwksPath)
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(ctx -> write(ctx, "application/jwk-set+json", jwks));
    }

    private static void write(RoutingContext ctx, String contentType, Buffer body) {
        ctx.response()
                .setStatusCode(200)
                .putHeader("Content-Type", contentType)
                .putHeader("Cache-Control", CACHE_CONTROL);
        if (HttpMethod.HEAD.equals(ctx.request().method())) {
            ctx.response()
                    .putHeader("Content-Length", Integer.toString(body.length()))
                    .end();
        } else {
            ctx.response().end(body);
        }
    }
}
