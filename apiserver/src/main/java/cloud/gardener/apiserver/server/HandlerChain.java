package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.endpoints.DiscoveryEndpoints;
import cloud.gardener.apiserver.endpoints.HealthEndpoints;
import cloud.gardener.apiserver.endpoints.IndexEndpoint;
import cloud.gardener.apiserver.endpoints.OpenApiEndpoints;
import cloud.gardener.apiserver.endpoints.ResourceEndpoints;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.endpoints.webhooks.SeedWebhooks;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.server.filters.AuthenticationFilter;
import cloud.gardener.apiserver.server.filters.AuthorizationFilter;
import cloud.gardener.apiserver.server.filters.DeadlineFilter;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import cloud.gardener.apiserver.server.filters.RequestInfoFilter;
import cloud.gardener.apiserver.server.filters.RequestPreamble;
import cloud.gardener.apiserver.authz.Authorizer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;

/**
 * The whole request path in one place, outermost first, as k8s.io/apiserver's
 * DefaultBuildHandlerChain: preamble (Audit-Id, Cache-Control) → request info → deadline → body →
 * authentication → authorization → routes (health, version, discovery, OpenAPI, the seed webhooks,
 * resources).
 */
final class HandlerChain {

    private final Router router;

    HandlerChain(Vertx vertx, ServerConfig config, ResourceRegistry resources, Registry registry,
            AuthenticationSources authenticationSources, Authorizer authorizer, SeedWebhooks seedWebhooks) {
        router = Router.router(vertx);
        router.route().handler(new RequestPreamble());
        router.route().handler(new RequestInfoFilter());
        router.route().handler(new DeadlineFilter(vertx, config.requestTimeout()));
        // The body (at most 3 MiB) is read before the asynchronous authentication and authorization steps: a
        // Vert.x request must not be left unread across async handlers, and pausing it stalls large uploads.
        router.route().handler(BodyHandler.create(false).setBodyLimit(ServerConfig.MAX_REQUEST_BODY_BYTES));
        router.route().handler(AuthenticationFilter.create(vertx, config, authenticationSources));
        router.route().handler(new AuthorizationFilter(authorizer));

        HealthEndpoints health = new HealthEndpoints(
                List.of(HealthEndpoints.ping(), new HealthEndpoints.Check("log", io.vertx.core.Future::succeededFuture),
                        new HealthEndpoints.Check("etcd", () -> config.storage().ping())),
                List.of(new HealthEndpoints.Check("etcd-readiness", () -> config.storage().ping()),
                        new HealthEndpoints.Check("shutdown", io.vertx.core.Future::succeededFuture)));
        health.install(router);
        router.get("/version").handler(ctx -> Responses.writeJson(ctx, 200, ServerVersion.info(), true));
        new OpenApiEndpoints(resources).install(router);
        seedWebhooks.install(router);

        DiscoveryEndpoints discovery = new DiscoveryEndpoints(resources);
        ResourceEndpoints resourceEndpoints = new ResourceEndpoints(vertx, resources, registry,
                config.minRequestTimeoutSeconds());
        router.route("/apis").handler(ctx -> api(ctx, discovery, resourceEndpoints));
        router.route("/apis/*").handler(ctx -> api(ctx, discovery, resourceEndpoints));
        if (resources.servesLegacyCore()) {
            router.route("/api").handler(ctx -> api(ctx, discovery, resourceEndpoints));
            router.route("/api/*").handler(ctx -> api(ctx, discovery, resourceEndpoints));
        }
        IndexEndpoint index = new IndexEndpoint(resources);
        router.get("/").handler(ctx -> index.write(ctx, 200));
        router.route().last().handler(ctx -> index.write(ctx, 404));
        router.route().failureHandler(HandlerChain::failure);
    }

    Router router() {
        return router;
    }

    private static void api(RoutingContext ctx, DiscoveryEndpoints discovery, ResourceEndpoints resources) {
        RequestInfo info = RequestAttributes.info(ctx);
        if (info.isResourceRequest()) {
            resources.handle(ctx, info);
        } else if (ctx.request().method() == HttpMethod.GET || ctx.request().method() == HttpMethod.HEAD) {
            discovery.handle(ctx);
        } else {
            Responses.fail(ctx, ApiException.methodNotAllowed());
        }
    }

    private static void failure(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        if (failure == null && ctx.statusCode() == 413) {
            failure = ApiException.requestEntityTooLarge("limit is " + ServerConfig.MAX_REQUEST_BODY_BYTES);
        } else if (failure == null) {
            failure = ApiException.internal("request failed with status " + ctx.statusCode());
        }
        Responses.fail(ctx, failure);
    }
}
