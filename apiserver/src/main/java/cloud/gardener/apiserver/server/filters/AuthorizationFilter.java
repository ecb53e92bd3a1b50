package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.audit.RequestAudit;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.AlwaysAllowPathsAuthorizer;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.AuthenticatedPathsAuthorizer;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.Decision;
import cloud.gardener.apiserver.authz.ForbiddenMessages;
import cloud.gardener.apiserver.authz.MonitoringAuthorizer;
import cloud.gardener.apiserver.authz.PrivilegedGroupsAuthorizer;
import cloud.gardener.apiserver.authz.SubjectAccessReviewAuthorizer;
import cloud.gardener.apiserver.authz.UnionAuthorizer;
import cloud.gardener.apiserver.authz.project.ProjectMemberAuthorizer;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.endpoints.CreateAuthorization;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.endpoints.webhooks.SeedWebhooks;
import cloud.gardener.apiserver.server.AuthorizationConfig;
import cloud.gardener.apiserver.server.ServerConfig;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether the authenticated user may do what the request info says: 403 with Kubernetes'
 * message when denied, 500 when an authorizer failed without a decision.
 */
public final class AuthorizationFilter implements Filter {

    /**
     * Health is open to all, as kube-apiserver's always-allow paths; {@code /version} and the health
     * sub-checks are what the {@code system:public-info-viewer} role grants everyone.
     */
    static final List<String> PUBLIC_PATHS =
            List.of("/healthz", "/healthz/*", "/livez", "/livez/*", "/readyz", "/readyz/*", "/version", "/version/");

    /** What kube-apiserver's {@code system:discovery} role lets every authenticated user get. */
    static final List<String> DISCOVERY_PATHS =
            List.of("/api", "/api/*", "/apis", "/apis/*", "/openapi/v2", "/openapi/v3", "/openapi/v3/*");

    static final String DECISION_ANNOTATION = "authorization.k8s.io/decision";
    static final String REASON_ANNOTATION = "authorization.k8s.io/reason";

    private final Authorizer authorizer;

    public AuthorizationFilter(Authorizer authorizer) {
        this.authorizer = authorizer;
    }

    /**
     * {@code system:masters} first (the aggregator's availability probe never waits for a review); then the
     * SeedAuthorizer (built in here; Gardener runs it as the virtual garden's authorization webhook), which
     * allows or has no opinion; then posts of authenticated users to the seed webhooks; then, delegated, the
     * always-allowed paths and SubjectAccessReview (so {@code /version} is decided by the cluster's RBAC, as
     * upstream); standalone, the public paths, the configured ones, discovery for authenticated users (the
     * {@code system:discovery} role), {@code system:monitoring}'s metrics and health paths, and project membership.
     *
     * @param seedAuthorizer the SeedAuthorizer, or null to leave it out
     */
    public static Authorizer authorizer(
            Vertx vertx, ServerConfig config, Authorizer seedAuthorizer, ProjectMemberAuthorizer.Projects projects) {
        AuthorizationConfig authorization = config.authorization();
        List<Authorizer> chain = new ArrayList<>();
        chain.add(PrivilegedGroupsAuthorizer.defaults());
        if (seedAuthorizer != null) {
            chain.add(seedAuthorizer);
        }
        chain.add(new AuthenticatedPathsAuthorizer(SeedWebhooks.PATHS));
        if (authorization.kubeconfig() != null) {
            chain.add(new AlwaysAllowPathsAuthorizer(authorization.alwaysAllowPaths()));
            chain.add(new SubjectAccessReviewAuthorizer(
                    new KubeApiClient(vertx, authorization.kubeconfig()),
                    authorization.authorizedTtl(),
                    authorization.unauthorizedTtl()));
        } else {
            List<String> paths = new ArrayList<>(PUBLIC_PATHS);
            paths.addAll(authorization.alwaysAllowPaths());
            chain.add(new AlwaysAllowPathsAuthorizer(paths));
            chain.add(new AuthenticatedPathsAuthorizer("get", DISCOVERY_PATHS));
            // the cluster's bootstrap RBAC, which delegated authorization asks instead
            chain.add(new MonitoringAuthorizer());
            chain.add(new ProjectMemberAuthorizer(projects));
        }
        return new UnionAuthorizer(chain);
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        RequestInfo info = RequestAttributes.info(ctx);
        UserInfo user = RequestAttributes.user(ctx);
        Attributes attributes = info.isResourceRequest()
                ? Attributes.forResource(
                                user,
                                info.verb(),
                                info.apiGroup(),
                                info.apiVersion(),
                                info.namespace(),
                                info.resource(),
                                info.subresource(),
                                info.name(),
                                info.path())
                        .withSelectors(info.labelSelector(), info.fieldSelector())
                : Attributes.forPath(user, info.verb(), info.path());
        Future<Decision> answer = authorizer.authorize(attributes);
        if (answer.isComplete()) {
            // nearly every request (no SubjectAccessReview to wait for): a plain call, no listener made for it
            return decided(ctx, attributes, answer);
        }
        answer.onComplete(ar -> {
            if (decided(ctx, attributes, ar)) {
                rest.proceed(ctx);
            }
        });
        return false;
    }

    /** Whether the request goes on: true when it is allowed, false when it was answered 403 or 500. */
    private boolean decided(RoutingContext ctx, Attributes attributes, AsyncResult<Decision> ar) {
        if (ar.failed()) {
            RequestAudit.annotate(ctx, REASON_ANNOTATION, "internal error");
            Responses.fail(ctx, ApiException.internal(String.valueOf(ar.cause().getMessage())));
            return false;
        }
        // upstream's authorization annotations on the audit event
        RequestAudit.annotate(ctx, DECISION_ANNOTATION, ar.result().isAllowed() ? "allow" : "forbid");
        RequestAudit.annotate(
                ctx,
                REASON_ANNOTATION,
                ar.result().reason() == null ? "" : ar.result().reason());
        if (ar.result().isAllowed()) {
            // an apply on a missing object asks again, for create
            CreateAuthorization.setAuthorizer(ctx, authorizer);
            return true;
        }
        Responses.fail(ctx, ForbiddenMessages.of(attributes, ar.result().reason()));
        return false;
    }
}
