package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequest;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.endpoints.DiscoveryEndpoints;
import cloud.gardener.apiserver.endpoints.HealthEndpoints;
import cloud.gardener.apiserver.endpoints.IndexEndpoint;
import cloud.gardener.apiserver.endpoints.OidcDiscoveryEndpoints;
import cloud.gardener.apiserver.endpoints.OpenApiEndpoints;
import cloud.gardener.apiserver.endpoints.ResourceEndpoints;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.handlers.CredentialRequestHandler;
import cloud.gardener.apiserver.endpoints.handlers.VerbHandler;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.endpoints.webhooks.SeedWebhooks;
import cloud.gardener.apiserver.endpoints.webhooks.GardenWebhook;
import cloud.gardener.apiserver.endpoints.webhooks.NamespaceWebhook;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.credentials.KubeconfigFlavor;
import cloud.gardener.apiserver.registry.credentials.ShootKubeconfigs;
import cloud.gardener.apiserver.registry.credentials.WorkloadIdentityTokens;
import cloud.gardener.apiserver.server.filters.AuthenticationFilter;
import cloud.gardener.apiserver.server.filters.AuthorizationFilter;
import cloud.gardener.apiserver.server.filters.DeadlineFilter;
import cloud.gardener.apiserver.server.filters.MaxInFlightFilter;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import cloud.gardener.apiserver.server.filters.RequestInfoFilter;
import cloud.gardener.apiserver.server.filters.RequestPreamble;
import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole request path in one place, outermost first, as k8s.io/apiserver's
 * DefaultBuildHandlerChain: preamble (Audit-Id, Cache-Control) → request info → deadline → body →
 * [the workload identity issuer's public OIDC documents] → authentication → authorization → routes (health,
 * version, discovery, OpenAPI, the seed and Garden webhooks, resources).
 */
final class HandlerChain {

    private final Router router;

    HandlerChain(Vertx vertx, ServerConfig config, RequestLimits limits, ServingState state,
            ResourceRegistry resources, Registry registry, AuthenticationSources authenticationSources,
            Authorizer authorizer, SeedWebhooks seedWebhooks, ObjectLookup objects,
            List<HealthEndpoints.Check> postStartHooks) {
        router = Router.router(vertx);
        router.route().handler(new RequestPreamble());
        router.route().handler(new RequestInfoFilter());
        // the wait group shutdown drains, outside the deadline as upstream's WithWaitGroup
        router.route().handler(state.inFlight());
        router.route().handler(new DeadlineFilter(vertx, config.requestTimeout()));
        // The body (at most 3 MiB) is read before the asynchronous authentication and authorization steps: a
        // Vert.x request must not be left unread across async handlers, and pausing it stalls large uploads.
        router.route().handler(BodyHandler.create(false).setBodyLimit(ServerConfig.MAX_REQUEST_BODY_BYTES));
        TokenIssuer tokenIssuer = config.credentials().tokenIssuer();
        if (tokenIssuer != null) {
            // public documents: answered before anyone is asked for credentials
            new OidcDiscoveryEndpoints(tokenIssuer).install(router);
        }
        router.route().handler(AuthenticationFilter.create(vertx, config, authenticationSources));
        // upstream's order: max-in-flight after authentication (system:masters is known), before authorization
        router.route().handler(new MaxInFlightFilter(limits.maxRequestsInflight(),
                limits.maxMutatingRequestsInflight()));
        router.route().handler(new AuthorizationFilter(authorizer));

        HealthEndpoints health = new HealthEndpoints(
                List.of(HealthEndpoints.ping(), new HealthEndpoints.Check("log", io.vertx.core.Future::succeededFuture),
                        new HealthEndpoints.Check("etcd", () -> config.storage().ping())),
                List.of(new HealthEndpoints.Check("etcd-readiness", () -> config.storage().ping()),
                        HealthEndpoints.informerSync(state::unsynced)),
                postStartHooks,
                List.of(HealthEndpoints.shutdown(state::shuttingDown)));
        health.install(router);
        router.get("/version").handler(ctx -> Responses.writeJson(ctx, 200, ServerVersion.info(), true));
        new OpenApiEndpoints(resources).install(router);
        seedWebhooks.install(router);
        new GardenWebhook(objects).install(router);
        new NamespaceWebhook(objects).install(router);

        DiscoveryEndpoints discovery = new DiscoveryEndpoints(resources);
        ResourceEndpoints resourceEndpoints = new ResourceEndpoints(vertx, resources, registry,
                config.minRequestTimeoutSeconds(), credentialHandlers(vertx, registry, authorizer,
                        config.credentials()));
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

    /** The subresources issuing credentials: shoot kubeconfigs and workload identity tokens. */
    private static Map<String, VerbHandler> credentialHandlers(Vertx vertx, Registry registry, Authorizer authorizer,
            CredentialsConfig credentials) {
        ShootKubeconfigs kubeconfigs = new ShootKubeconfigs(vertx, registry, authorizer,
                credentials.adminKubeconfigMaxExpiration(), credentials.viewerKubeconfigMaxExpiration());
        WorkloadIdentityTokens tokens = new WorkloadIdentityTokens(vertx, registry, credentials.tokenIssuer(),
                Clock.systemUTC());
        Map<String, VerbHandler> handlers = new HashMap<>();
        for (KubeconfigFlavor flavor : KubeconfigFlavor.values()) {
            handlers.put("core.gardener.cloud/shoots/" + flavor.subresource(),
                    new CredentialRequestHandler(flavor.kind(), flavor.model(), (req, request) ->
                            kubeconfigs.create(flavor, req.namespace(), req.name(), request, req.user()),
                            registry.admission()));
        }
        handlers.put("security.gardener.cloud/workloadidentities/token",
                new CredentialRequestHandler(StandardResources.TOKEN_REQUEST, TokenRequest.class, (req, request) ->
                        tokens.create(req.namespace(), req.name(), request, req.user()), registry.admission()));
        return handlers;
    }

    Router router() {
        return router;
    }

    private static void api(RoutingContext ctx, DiscoveryEndpoints discovery, ResourceEndpoints resources) {
        RequestInfo info = RequestAttributes.info(ctx);
        if (info.isResourceRequest()) {
            resources.handle(ctx, info);
        } else if (HttpMethod.GET.equals(ctx.request().method()) || HttpMethod.HEAD.equals(ctx.request().method())) {
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
