package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.ForbiddenMessages;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

/**
 * The second authorization a write needs when it turns into a create (an apply on a missing object), as
 * {@code withAuthorization} in k8s.io/apiserver's handlers asks the authorizer for {@code create} on the same
 * resource. The authorization filter leaves its authorizer on the request for this.
 */
public final class CreateAuthorization {

    private static final String KEY = "gardener.authorizer";

    private CreateAuthorization() {}

    public static void setAuthorizer(RoutingContext ctx, Authorizer authorizer) {
        ctx.put(KEY, authorizer);
    }

    /** Succeeds when the request's user may create the object; else 403 as the filter would answer. */
    public static Future<Void> authorize(ResourceRequest req) {
        Authorizer authorizer = req.ctx().get(KEY);
        if (authorizer == null) {
            return Future.succeededFuture();
        }
        RequestInfo info = req.info();
        Attributes attributes = Attributes.forResource(
                req.user(),
                "create",
                info.apiGroup(),
                info.apiVersion(),
                info.namespace(),
                info.resource(),
                info.subresource(),
                info.name(),
                info.path());
        return authorizer
                .authorize(attributes)
                .compose(
                        d -> d.isAllowed()
                                ? Future.<Void>succeededFuture()
                                : Future.failedFuture(ForbiddenMessages.of(attributes, d.reason())),
                        t -> Future.failedFuture(ApiException.internal(String.valueOf(t.getMessage()))));
    }
}
