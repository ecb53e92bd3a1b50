package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The audit record of one request while it runs, kept on its routing context (event-loop confined). Filters and
 * handlers add to it through the static methods, which do nothing for requests the policy does not audit:
 * annotations (authorization and admission decisions), the impersonated user, the response's Status and body.
 */
public final class RequestAudit {

    private static final String KEY = RequestAudit.class.getName();

    private final AuditPolicy.Decision decision;
    private final AuditDispatcher dispatcher;
    private final Clock clock;
    private final String auditId;
    private final Instant received;
    private final String requestUri;
    private final String verb;
    private final UserInfo user;
    private final List<String> sourceIps;
    private final String userAgent;
    private final AuditEvent.ObjectRef objectRef;
    private final Map<String, String> annotations = new LinkedHashMap<>();
    private UserInfo impersonatedUser;
    private Status responseStatus;
    private Buffer responseBody;

    RequestAudit(RoutingContext ctx, AuditPolicy.Decision decision, AuditDispatcher dispatcher, Clock clock,
            UserInfo user, RequestInfo info) {
        this.decision = decision;
        this.dispatcher = dispatcher;
        this.clock = clock;
        this.received = clock.instant();
        this.auditId = ctx.response().headers().get("Audit-Id");
        this.requestUri = ctx.request().uri();
        this.verb = info.verb();
        this.user = user;
        this.sourceIps = SourceIps.of(ctx.request());
        this.userAgent = ctx.request().getHeader("User-Agent");
        this.objectRef = info.isResourceRequest() ? new AuditEvent.ObjectRef(info.resource(), info.namespace(),
                info.name(), info.apiGroup(), info.apiVersion(), info.subresource()) : null;
    }

    static void attach(RoutingContext ctx, RequestAudit audit) {
        ctx.put(KEY, audit);
    }

    /** The request's audit record, or null when the policy does not audit it. */
    public static RequestAudit of(RoutingContext ctx) {
        return ctx.get(KEY);
    }

    /** Adds an annotation (as upstream's {@code audit.AddAuditAnnotation}); the first value of a key stays. */
    public static void annotate(RoutingContext ctx, String key, String value) {
        RequestAudit audit = of(ctx);
        if (audit != null) {
            audit.annotations.putIfAbsent(key, value);
        }
    }

    /**
     * The hook for impersonation (upstream's {@code audit.LogImpersonatedUser}): the user the request acts as, while
     * the event's {@code user} stays the authenticated one. Without a call, the filter compares the request's user
     * record at the end with the authenticated user and records it when they differ.
     */
    public static void logImpersonatedUser(RoutingContext ctx, UserInfo impersonated) {
        RequestAudit audit = of(ctx);
        if (audit != null) {
            audit.impersonatedUser = impersonated;
        }
    }

    /** The Status a failed request answered with: its status, message, reason and details join the event. */
    public static void logResponseStatus(RoutingContext ctx, Status status) {
        RequestAudit audit = of(ctx);
        if (audit != null) {
            audit.responseStatus = status;
        }
    }

    /** The body of a response written in one piece; kept only when the level records responses. */
    public static void logResponseBody(RoutingContext ctx, byte[] body) {
        RequestAudit audit = of(ctx);
        if (audit != null && audit.decision.level().atLeast(Level.REQUEST_RESPONSE)) {
            audit.responseBody = Buffer.buffer(body);
        }
    }

    void impersonatedIfChanged(UserInfo current) {
        if (impersonatedUser == null && current != null && !current.equals(user)) {
            impersonatedUser = current;
        }
    }

    /** Emits the event of {@code stage} unless the policy omits that stage. */
    void emit(Stage stage, int code, Buffer requestBody, Status panic) {
        if (decision.omitStages().contains(stage)) {
            return;
        }
        Level level = decision.level();
        dispatcher.emit(new AuditEvent(level, auditId, stage, requestUri, verb, user, impersonatedUser, sourceIps,
                userAgent, objectRef, code, panic != null ? panic : responseStatus,
                requestBody,
                stage == Stage.RESPONSE_COMPLETE && level.atLeast(Level.REQUEST_RESPONSE) ? responseBody : null,
                decision.omitManagedFields(), received, clock.instant(), java.util.Collections.unmodifiableMap(new LinkedHashMap<>(annotations))));
    }
}
