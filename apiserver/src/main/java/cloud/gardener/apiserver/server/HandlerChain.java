package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequest;
import cloud.gardener.apiserver.audit.Auditing;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.endpoints.DiscoveryEndpoints;
import cloud.gardener.apiserver.endpoints.HealthEndpoints;
import cloud.gardener.apiserver.endpoints.IndexEndpoint;
import cloud.gardener.apiserver.endpoints.OidcDiscoveryEndpoints;
import cloud.gardener.apiserver.endpoints.OpenApiEndpoints;
import cloud.gardener.apiserver.endpoints.ResourceEndpoints;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.handlers.CredentialRequestHandler;
import cloud.gardener.apiserver.endpoints.handlers.ReviewHandler;
import cloud.gardener.apiserver.endpoints.handlers.VerbHandler;
import cloud.gardener.apiserver.endpoints.handlers.WebSocketWatch;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.endpoints.webhooks.GardenWebhook;
import cloud.gardener.apiserver.endpoints.webhooks.NamespaceWebhook;
import cloud.gardener.apiserver.endpoints.webhooks.SeedWebhooks;
import cloud.gardener.apiserver.metrics.MetricsEndpoint;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.credentials.KubeconfigFlavor;
import cloud.gardener.apiserver.registry.credentials.ShootKubeconfigs;
import cloud.gardener.apiserver.registry.credentials.WorkloadIdentityTokens;
import cloud.gardener.apiserver.registry.reviews.AccessReviews;
import cloud.gardener.apiserver.registry.reviews.SelfSubjectReviews;
import cloud.gardener.apiserver.server.filters.AccessLog;
import cloud.gardener.apiserver.server.filters.AuthenticationFilter;
import cloud.gardener.apiserver.server.filters.AuthorizationFilter;
import cloud.gardener.apiserver.server.filters.BodyBudget;
import cloud.gardener.apiserver.server.filters.BodyHold;
import cloud.gardener.apiserver.server.filters.BodyReader;
import cloud.gardener.apiserver.server.filters.DeadlineFilter;
import cloud.gardener.apiserver.server.filters.Filter;
import cloud.gardener.apiserver.server.filters.FilterChain;
import cloud.gardener.apiserver.server.filters.ImpersonationFilter;
import cloud.gardener.apiserver.server.filters.MalformedRequests;
import cloud.gardener.apiserver.server.filters.MaxInFlightFilter;
import cloud.gardener.apiserver.server.filters.ProbabilisticGoaway;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import cloud.gardener.apiserver.server.filters.RequestInfoFilter;
import cloud.gardener.apiserver.server.filters.RequestMetricsFilter;
import cloud.gardener.apiserver.server.filters.RequestPreamble;
import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole request path in one place, outermost first, as k8s.io/apiserver's
 * DefaultBuildHandlerChain: connection timeouts → preamble (Audit-Id, Cache-Control, compression) → body held back → request
 * info → metrics → deadline → [a busy HTTP/2 connection's reads to another event loop] → [the workload identity issuer's public OIDC documents] → authentication → audit →
 * impersonation → max-in-flight → authorization → body (where a handler reads it) → routes (health, metrics,
 * version, discovery, OpenAPI, the seed and Garden webhooks, resources).
 */
final class HandlerChain {

    /** The methods whose bodies resource handlers read (objects, patches, DeleteOptions). */
    private static final java.util.Set<HttpMethod> WITH_BODY =
            java.util.Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

    private final Router router;
    private final StreamSpread spread;

    HandlerChain(
            Vertx vertx,
            ServerConfig config,
            RequestLimits limits,
            ServingState state,
            ResourceRegistry resources,
            Registry registry,
            AuthenticationSources authenticationSources,
            Authorizer authorizer,
            SeedWebhooks seedWebhooks,
            ObjectLookup objects,
            List<HealthEndpoints.Check> postStartHooks,
            ConnectionTimeouts timeouts,
            BodyBudget bodyBudget,
            ServerMetrics metrics,
            Auditing auditing) {
        router = Router.router(vertx);
        // The filters run in a FilterChain each, one handler of one route (two around the OIDC documents): a filter
        // passes the request to the next with a plain call, where a handler per filter would go through vert.x-web's
        // route iteration (ctx.next()) each time. Order, failures (a filter's exception fails the request) and every
        // filter's behaviour are the same either way.
        List<Filter> filters = new ArrayList<>();
        filters.add(timeouts.requests());
        // Audit-Id, Cache-Control and the compression decision (ResponseCompression) for every answer
        filters.add(new RequestPreamble());
        // no body byte is read before the request is authenticated and authorized: see BodyReader below
        filters.add(new BodyHold(vertx, limits.readHeaderTimeout()));
        filters.add(new MalformedRequests());
        filters.add(new RequestInfoFilter());
        filters.add((ctx, rest) -> {
            if (WebSocketWatch.isWebSocketWatch(ctx)) {
                // the request must not end before the watch handler upgrades it: a WebSocket watch has no body
                ctx.request().pause();
            }
            return true;
        });
        // outside everything that may refuse a request, so refusals are counted with their codes
        filters.add(new RequestMetricsFilter(metrics.requests()));
        if (limits.goawayChance() > 0) {
            filters.add(new ProbabilisticGoaway(limits.goawayChance()));
        }
        if (AccessLog.enabled()) {
            filters.add(new AccessLog());
        }
        // the wait group shutdown drains, outside the deadline as upstream's WithWaitGroup
        filters.add(state.inFlight());
        filters.add(new DeadlineFilter(vertx, config.serving().requestTimeout()));
        // after everything bound to the connection or its loop (its idle timer, the body held back, the deadline):
        // a busy HTTP/2 connection's reads run on from here on the least busy event loop
        spread = config.serving().spreadHttp2Reads() ? new StreamSpread() : null;
        if (spread != null) {
            filters.add(spread);
        }
        TokenIssuer tokenIssuer = config.credentials().tokenIssuer();
        if (tokenIssuer != null) {
            router.route().handler(new FilterChain(filters));
            // public documents: answered before anyone is asked for credentials
            new OidcDiscoveryEndpoints(tokenIssuer).install(router);
            filters = new ArrayList<>();
        }
        AuthenticationFilter authentication =
                AuthenticationFilter.create(vertx, config, authenticationSources, metrics.authentication());
        filters.add(
                auditing.enabled() ? authentication.auditingFailures(auditing.failedAuthentication()) : authentication);
        if (auditing.enabled()) {
            // the event starts once the user is known, before impersonation swaps it (upstream's WithAudit)
            filters.add(auditing.filter());
        }
        // upstream's order: impersonation after authentication (and audit), before max-in-flight and authorization
        filters.add(new ImpersonationFilter(authorizer));
        // upstream's order: max-in-flight after authentication (system:masters is known), before authorization
        filters.add(new MaxInFlightFilter(
                limits.maxRequestsInflight(), limits.maxMutatingRequestsInflight(), metrics.requests()));
        filters.add(new AuthorizationFilter(authorizer));
        router.route().handler(new FilterChain(filters));

        // The API's routes come next: no other route's path is /api, /apis or under them (nor normalizes to one), so
        // they are tried first; a resource request matches at most two routes before its handler.
        // Bodies (at most 3 MiB each, within the server-wide budget) are read only where a handler uses them:
        // resource writes and the webhooks. Elsewhere they are drained or dropped once the answer is out.
        BodyReader bodies = new BodyReader(bodyBudget, ServerConfig.MAX_REQUEST_BODY_BYTES);
        Handler<RoutingContext> resourceBodies = ctx -> {
            if (RequestAttributes.info(ctx).isResourceRequest()
                    && WITH_BODY.contains(ctx.request().method())) {
                bodies.handle(ctx);
            } else {
                ctx.next();
            }
        };
        DiscoveryEndpoints discovery = new DiscoveryEndpoints(resources);
        ResourceEndpoints resourceEndpoints = new ResourceEndpoints(
                vertx,
                resources,
                registry,
                config.serving().minRequestTimeoutSeconds(),
                credentialHandlers(vertx, registry, authorizer, config.credentials()),
                reviewHandlers(authorizer),
                metrics.watches());
        Handler<RoutingContext> api = ctx -> api(ctx, discovery, resourceEndpoints);
        // "/apis" is never a resource request, so it reads no body
        router.route("/apis").handler(api);
        router.route("/apis/*").handler(resourceBodies).handler(api);
        if (resources.servesLegacyCore()) {
            router.route("/api").handler(api);
            router.route("/api/*").handler(resourceBodies).handler(api);
        } else {
            // read as where the legacy group is served, then not found
            router.route("/api/*").handler(resourceBodies);
        }
        for (String path : List.of(
                SeedWebhooks.AUTHORIZATION_PATH,
                SeedWebhooks.ADMISSION_PATH,
                GardenWebhook.PATH,
                NamespaceWebhook.PATH)) {
            router.post(path).handler(bodies);
        }

        HealthEndpoints health = new HealthEndpoints(
                List.of(
                        HealthEndpoints.ping(),
                        new HealthEndpoints.Check("log", io.vertx.core.Future::succeededFuture),
                        new HealthEndpoints.Check(
                                "etcd", () -> config.storage().store().ping())),
                List.of(
                        new HealthEndpoints.Check(
                                "etcd-readiness", () -> config.storage().store().ping()),
                        HealthEndpoints.informerSync(state::unsynced)),
                postStartHooks,
                List.of(HealthEndpoints.shutdown(state::shuttingDown)),
                limits.livezGracePeriod());
        health.install(router);
        new MetricsEndpoint(vertx, metrics).install(router);
        router.get("/version").handler(ctx -> Responses.writeJson(ctx, 200, ServerVersion.info(), true));
        new OpenApiEndpoints(resources).install(router);
        seedWebhooks.install(router);
        new GardenWebhook(objects).install(router);
        new NamespaceWebhook(objects).install(router);

        IndexEndpoint index = new IndexEndpoint(resources);
        router.get("/").handler(ctx -> index.write(ctx, 200));
        router.route().last().handler(ctx -> index.write(ctx, 404));
        router.route().failureHandler(HandlerChain::failure);
    }

    /** The subresources issuing credentials: shoot kubeconfigs and workload identity tokens. */
    private static Map<String, VerbHandler> credentialHandlers(
            Vertx vertx, Registry registry, Authorizer authorizer, CredentialsConfig credentials) {
        ShootKubeconfigs kubeconfigs = new ShootKubeconfigs(
                vertx,
                registry,
                authorizer,
                credentials.adminKubeconfigMaxExpiration(),
                credentials.viewerKubeconfigMaxExpiration());
        WorkloadIdentityTokens tokens =
                new WorkloadIdentityTokens(vertx, registry, credentials.tokenIssuer(), Clock.systemUTC());
        Map<String, VerbHandler> handlers = new HashMap<>();
        for (KubeconfigFlavor flavor : KubeconfigFlavor.values()) {
            handlers.put(
                    "core.gardener.cloud/shoots/" + flavor.subresource(),
                    new CredentialRequestHandler(
                            flavor.kind(),
                            flavor.model(),
                            (req, request) ->
                                    kubeconfigs.create(flavor, req.namespace(), req.name(), request, req.user()),
                            registry.admission()));
        }
        handlers.put(
                "security.gardener.cloud/workloadidentities/token",
                new CredentialRequestHandler(
                        StandardResources.TOKEN_REQUEST,
                        TokenRequest.class,
                        (req, request) -> tokens.create(req.namespace(), req.name(), request, req.user()),
                        registry.admission()));
        return handlers;
    }

    /** kube-apiserver's reviews, where this server serves them (standalone), answered by the request's authorizer. */
    private static Map<String, VerbHandler> reviewHandlers(Authorizer authorizer) {
        AccessReviews access = new AccessReviews(authorizer);
        SelfSubjectReviews whoAmI = new SelfSubjectReviews(Clock.systemUTC());
        String authentication = StandardResources.K8S_AUTHENTICATION + "/";
        String authorization = StandardResources.K8S_AUTHORIZATION + "/";
        return Map.of(
                authentication + "selfsubjectreviews",
                        new ReviewHandler(
                                (req, review) -> Future.succeededFuture(whoAmI.review(req.user(), req.apiVersion()))),
                authorization + "selfsubjectaccessreviews",
                        new ReviewHandler((req, review) -> access.selfSubjectAccessReview(req.user(), review)),
                authorization + "selfsubjectrulesreviews",
                        new ReviewHandler((req, review) -> access.selfSubjectRulesReview(req.user(), review)),
                authorization + "subjectaccessreviews",
                        new ReviewHandler((req, review) -> access.subjectAccessReview(review)),
                authorization + "localsubjectaccessreviews",
                        new ReviewHandler((req, review) -> access.localSubjectAccessReview(req.namespace(), review)));
    }

    Router router() {
        return router;
    }

    /** What spreads HTTP/2 reads over the listeners' loops (each listener adds its loop), or null when off. */
    StreamSpread spread() {
        return spread;
    }

    private static void api(RoutingContext ctx, DiscoveryEndpoints discovery, ResourceEndpoints resources) {
        RequestInfo info = RequestAttributes.info(ctx);
        if (info.isResourceRequest()) {
            resources.handle(ctx, info);
        } else if (HttpMethod.GET.equals(ctx.request().method())
                || HttpMethod.HEAD.equals(ctx.request().method())) {
            discovery.handle(ctx);
        } else {
            Responses.fail(ctx, ApiException.methodNotAllowed());
        }
    }

    private static void failure(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        if (failure == null && ctx.statusCode() == 404 && !ctx.request().path().startsWith("/")) {
            // Vert.x refuses a target that is not a path before any filter runs. Go's server answers
            // "OPTIONS *" itself (200, empty); any other such target (CONNECT host:port) finds no handler.
            if (HttpMethod.OPTIONS.equals(ctx.request().method())
                    && "*".equals(ctx.request().uri())) {
                ctx.response()
                        .putHeader("Content-Length", "0")
                        .setStatusCode(200)
                        .end()
                        .onFailure(t -> {});
            } else {
                Responses.fail(ctx, ApiException.resourceNotFound());
            }
            return;
        }
        if (failure == null && ctx.statusCode() == 413) {
            failure = ApiException.requestEntityTooLarge("limit is " + ServerConfig.MAX_REQUEST_BODY_BYTES);
        } else if (failure instanceof HttpException http && http.getStatusCode() < 500) {
            failure = ApiException.badRequest(http.getPayload() == null ? "bad request" : http.getPayload());
        } else if (failure == null) {
            failure = ApiException.internal("request failed with status " + ctx.statusCode());
        }
        Responses.fail(ctx, failure);
    }
}
