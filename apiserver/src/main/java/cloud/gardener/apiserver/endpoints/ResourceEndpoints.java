package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.Subresource;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.handlers.CreateHandler;
import cloud.gardener.apiserver.endpoints.handlers.DeleteCollectionHandler;
import cloud.gardener.apiserver.endpoints.handlers.DeleteHandler;
import cloud.gardener.apiserver.endpoints.handlers.GetHandler;
import cloud.gardener.apiserver.endpoints.handlers.ListHandler;
import cloud.gardener.apiserver.endpoints.handlers.PatchHandler;
import cloud.gardener.apiserver.endpoints.handlers.ScaleHandler;
import cloud.gardener.apiserver.endpoints.handlers.UpdateHandler;
import cloud.gardener.apiserver.endpoints.handlers.VerbHandler;
import cloud.gardener.apiserver.endpoints.handlers.WatchHandler;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.metrics.WatchMetrics;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;

/**
 * Routes a resource request to its verb handler, after checking that the resource, scope, subresource
 * and verb exist: an unknown resource is 404, a verb the path does not serve is 405.
 */
public final class ResourceEndpoints {

    private final ResourceRegistry resources;
    private final Registry registry;
    private final Map<String, VerbHandler> handlers;
    private final VerbHandler scale = new ScaleHandler();
    private final Map<String, VerbHandler> creating;
    private final Map<String, VerbHandler> answering;

    public ResourceEndpoints(Vertx vertx, ResourceRegistry resources, Registry registry, int minRequestTimeoutSeconds) {
        this(
                vertx,
                resources,
                registry,
                minRequestTimeoutSeconds,
                Map.of(),
                Map.of(),
                ServerMetrics.unserved().watches());
    }

    /**
     * @param creating handlers of the subresources that create another kind, by {@code <group>/<plural>/<subresource>}
     *                 (e.g. {@code core.gardener.cloud/shoots/adminkubeconfig}); such a subresource without a
     *                 handler answers 405
     * @param answering handlers of the resources that are not stored (the reviews), by {@code <group>/<plural>}; such
     *                  a resource without a handler is not found
     * @param watchMetrics the watch series every watch reports to
     */
    public ResourceEndpoints(
            Vertx vertx,
            ResourceRegistry resources,
            Registry registry,
            int minRequestTimeoutSeconds,
            Map<String, VerbHandler> creating,
            Map<String, VerbHandler> answering,
            WatchMetrics watchMetrics) {
        this.resources = resources;
        this.registry = registry;
        this.creating = Map.copyOf(creating);
        this.answering = Map.copyOf(answering);
        this.handlers = Map.of(
                "get", new GetHandler(),
                "list", new ListHandler(),
                "watch", new WatchHandler(minRequestTimeoutSeconds, watchMetrics),
                "create", new CreateHandler(),
                "update", new UpdateHandler(),
                "patch", new PatchHandler(),
                "delete", new DeleteHandler(),
                "deletecollection", new DeleteCollectionHandler());
    }

    /** Serves a resource request; every failure becomes a Status. */
    public void handle(RoutingContext ctx, RequestInfo info) {
        Future<Void> result;
        try {
            ResourceRequest req = resolve(ctx, info);
            if (!req.type().stored()) {
                result = answering
                        .get(req.type().group() + "/" + req.type().plural())
                        .handle(req);
                result.onFailure(t -> Responses.fail(ctx, t));
                return;
            }
            // a Scale, like a credential request, is not the resource's kind: its own handler serves it
            VerbHandler credential = creating.get(creatingKey(req.type(), req.subresource()));
            VerbHandler handler = credential != null
                    ? credential
                    : "scale".equals(req.subresource())
                            ? scale
                            : handlers.get(req.info().verb());
            Buffer body = ctx.body() == null ? null : ctx.body().buffer();
            // a large body is parsed and decoded (the handler's synchronous part) off the event loop
            result = CpuWork.compose(body == null ? 0 : body.length(), () -> handler.handle(req));
        } catch (RuntimeException e) {
            result = Future.failedFuture(e);
        }
        if (!result.succeeded()) {
            // an answered request (most GETs by now) needs no listener
            result.onFailure(t -> Responses.fail(ctx, t));
        }
    }

    private ResourceRequest resolve(RoutingContext ctx, RequestInfo info) {
        ResourceType type = resources
                .find(info.apiGroup(), info.apiVersion(), info.resource())
                .orElseThrow(ApiException::resourceNotFound);
        int parts = info.parts().size();
        if (!type.namespaced() && !info.namespace().isEmpty() && !addressesNamespaceObject(info)) {
            throw ApiException.resourceNotFound();
        }
        if (parts > 3 || (type.namespaced() && info.namespace().isEmpty() && parts > 1)) {
            throw ApiException.resourceNotFound();
        }
        String verb = info.verb();
        if (!type.stored()) {
            // only the collection exists, and only for create (go-restful: another method is 405); a namespaced
            // one only in a namespace (kube-apiserver registers no cluster-wide path for a create-only resource)
            if (parts > 1
                    || !answering.containsKey(type.group() + "/" + type.plural())
                    || (type.namespaced() && info.namespace().isEmpty())) {
                throw ApiException.resourceNotFound();
            }
            if (!type.supportsVerb(verb)) {
                throw ApiException.methodNotAllowed();
            }
            return new ResourceRequest(ctx, info, type, info.apiVersion(), null, RequestAttributes.user(ctx));
        }
        if (!info.subresource().isEmpty()) {
            Subresource sub = type.subresource(info.subresource()).orElseThrow(ApiException::resourceNotFound);
            boolean served = List.of("status", "binding", "scale").contains(sub.name())
                    || creating.containsKey(creatingKey(type, sub.name()));
            if (!sub.verbs().contains(verb) || !served) {
                throw ApiException.methodNotAllowed();
            }
        } else {
            boolean collection = parts == 1;
            boolean allNamespaces = type.namespaced() && info.namespace().isEmpty();
            boolean allowed = switch (verb) {
                case "list", "watch" -> collection || "watch".equals(verb);
                case "create" -> collection && !allNamespaces;
                case "deletecollection" -> collection && !allNamespaces;
                case "get", "update", "patch", "delete" -> !collection && !allNamespaces;
                default -> false;
            };
            if (!allowed) {
                throw ApiException.methodNotAllowed();
            }
        }
        UserInfo user = RequestAttributes.user(ctx);
        return new ResourceRequest(ctx, info, type, info.apiVersion(), registry.store(type), user);
    }

    private static String creatingKey(ResourceType type, String subresource) {
        return type.group() + "/" + type.plural() + "/" + subresource;
    }

    /**
     * {@code /api/v1/namespaces/{name}[/status|/finalize]}: request info reads the name as the namespace too (as
     * k8s.io/apiserver does), so this one cluster-scoped path legitimately carries a namespace.
     */
    private static boolean addressesNamespaceObject(RequestInfo info) {
        return info.apiGroup().isEmpty()
                && "namespaces".equals(info.resource())
                && info.parts().size() >= 2
                && info.parts().get(1).equals(info.namespace());
    }
}
