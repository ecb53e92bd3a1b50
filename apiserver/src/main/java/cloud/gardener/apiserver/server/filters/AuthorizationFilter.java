package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.AlwaysAllowPathsAuthorizer;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.ForbiddenMessages;
import cloud.gardener.apiserver.authz.PrivilegedGroupsAuthorizer;
import cloud.gardener.apiserver.authz.UnionAuthorizer;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * Decides whether the authenticated user may do what the request info says: 403 with Kubernetes'
 * message when denied, 500 when an authorizer failed without a decision.
 */
public final class AuthorizationFilter implements Handler<RoutingContext> {

    /**
     * Health is open to all, as kube-apiserver's always-allow paths; {@code /version} and the health
     * sub-checks are what the {@code system:public-info-viewer} role grants everyone.
     */
    static final List<String> PUBLIC_PATHS = List.of("/healthz", "/healthz/*", "/livez", "/livez/*", "/readyz",
            "/readyz/*", "/version", "/version/");

    private final Authorizer authorizer;

    public AuthorizationFilter(Authorizer authorizer) {
        this.authorizer = authorizer;
    }

    public static AuthorizationFilter create() {
        return new AuthorizationFilter(new UnionAuthorizer(List.of(
                PrivilegedGroupsAuthorizer.defaults(),
                new AlwaysAllowPathsAuthorizer(PUBLIC_PATHS))));
    }

    @Override
    public void handle(RoutingContext ctx) {
        RequestInfo info = RequestAttributes.info(ctx);
        UserInfo user = RequestAttributes.user(ctx);
        Attributes attributes = info.isResourceRequest()
                ? Attributes.forResource(user, info.verb(), info.apiGroup(), info.apiVersion(), info.namespace(),
                        info.resource(), info.subresource(), info.name(), info.path())
                : Attributes.forPath(user, info.verb(), info.path());
        authorizer.authorize(attributes).onComplete(ar -> {
            if (ar.failed()) {
                Responses.fail(ctx, ApiException.internal(String.valueOf(ar.cause().getMessage())));
            } else if (ar.result().isAllowed()) {
                ctx.next();
            } else {
                Responses.fail(ctx, ForbiddenMessages.of(attributes, ar.result().reason()));
            }
        });
    }
}
