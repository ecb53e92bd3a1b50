package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.ForbiddenMessages;
import cloud.gardener.apiserver.authz.impersonation.Impersonation;
import cloud.gardener.apiserver.authz.impersonation.ImpersonationRequest;
import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.Responses;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * k8s.io/apiserver's {@code WithImpersonation}, after authentication and before max-in-flight and authorization:
 * each {@code Impersonate-*} request is authorized (verb {@code impersonate}) for the authenticated user through
 * the server's authorizer chain, in order, the first refusal answering upstream's 403; then the request runs as
 * the impersonated user, the authenticated one kept for audit, and the headers are removed.
 */
public final class ImpersonationFilter implements Filter {

    private static final String IMPERSONATE_PREFIX = "Impersonate-";

    private final Authorizer authorizer;

    public ImpersonationFilter(Authorizer authorizer) {
        this.authorizer = authorizer;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        MultiMap headers = ctx.request().headers();
        if (!anyImpersonationHeader(headers)) {
            // nearly every request: nothing to parse
            return true;
        }
        List<ImpersonationRequest> requests;
        try {
            requests = Impersonation.requests(Multimaps.toMap(headers));
        } catch (ApiException e) {
            Responses.fail(ctx, e);
            return false;
        }
        if (requests.isEmpty()) {
            return true;
        }
        UserInfo requestor = RequestAttributes.user(ctx);
        boolean groupsSpecified = !headers.getAll(Impersonation.GROUP_HEADER).isEmpty();
        authorizeEach(requestor, requests, 0).onComplete(ar -> {
            if (ar.failed()) {
                Responses.fail(ctx, ar.cause());
                return;
            }
            UserInfo impersonated = Impersonation.impersonatedUser(requests, groupsSpecified);
            RequestAttributes.setImpersonatedUser(ctx, impersonated);
            List<String> doomed = new ArrayList<>();
            for (String name : headers.names()) {
                if (Impersonation.isImpersonationHeader(name)) {
                    doomed.add(name);
                }
            }
            doomed.forEach(headers::remove);
            rest.proceed(ctx);
        });
        return false;
    }

    /** Whether a header's name starts with {@code Impersonate-}, as every impersonation header's does. */
    private static boolean anyImpersonationHeader(MultiMap headers) {
        for (Map.Entry<String, String> header : headers) {
            if (header.getKey().regionMatches(true, 0, IMPERSONATE_PREFIX, 0, IMPERSONATE_PREFIX.length())) {
                return true;
            }
        }
        return false;
    }

    /** Authorizes the requests one after the other; fails with the 403 of the first one not allowed. */
    private Future<Void> authorizeEach(UserInfo requestor, List<ImpersonationRequest> requests, int index) {
        if (index == requests.size()) {
            return Future.succeededFuture();
        }
        Attributes attributes = requests.get(index).attributes(requestor);
        return authorizer.authorize(attributes).transform(ar -> {
            // an authorizer error is a refusal too, as upstream (err != nil || decision != allow)
            if (ar.succeeded() && ar.result().isAllowed()) {
                return authorizeEach(requestor, requests, index + 1);
            }
            String reason = ar.succeeded() ? ar.result().reason() : "";
            return Future.failedFuture(ForbiddenMessages.of(attributes, reason));
        });
    }
}
