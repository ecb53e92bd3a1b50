package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

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
    // admission may annotate from a worker thread (CPU-heavy plugins); the event lists them sorted, as Go's JSON does
    private final Map<String, String> annotations = new ConcurrentHashMap<>();
    private UserInfo impersonatedUser;
    private Status responseStatus;
    private Buffer responseBody;

    RequestAudit(
            RoutingContext ctx,
            AuditPolicy.Decision decision,
            AuditDispatcher dispatcher,
            Clock clock,
            UserInfo user,
            RequestInfo info) {
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
        this.objectRef = info.isResourceRequest()
                ? new AuditEvent.ObjectRef(
                        info.resource(),
                        info.namespace(),
                        info.name(),
                        info.apiGroup(),
                        info.apiVersion(),
                        info.subresource())
                : null;
    }

    static void attach(RoutingContext ctx, RequestAudit audit) {
        ctx.put(KEY, audit);
    }

    /** Forgets the record: a request refused before it was handled emits no further events. */
    static void detach(RoutingContext ctx) {
        ctx.remove(KEY);
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
     * Where admission puts its annotations for this request's events (upstream's {@code admission.WithAudit}, which
     * copies a plugin's annotations up to the event's level): those of level Metadata whenever the request is
     * audited, those of level Request (a mutating webhook's patch) only when the event records requests. Nothing
     * when the request is not audited.
     */
    public static AuditAnnotations admissionAnnotations(RoutingContext ctx) {
        RequestAudit audit = of(ctx);
        if (audit == null) {
            return AuditAnnotations.NONE;
        }
        boolean requests = audit.decision.level().atLeast(Level.REQUEST);
        return new AuditAnnotations() {
            @Override
            public void add(String key, String value) {
                audit.annotations.putIfAbsent(key, value);
            }

            @Override
            public void addAtRequestLevel(String key, String value) {
                if (requests) {
                    audit.annotations.putIfAbsent(key, value);
                }
            }
        };
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

    /** Whether the request's audit event records the response body (a streamed answer then is not streamed). */
    public static boolean recordsResponseBody(RoutingContext ctx) {
        RequestAudit audit = of(ctx);
        return audit != null && audit.decision.level().atLeast(Level.REQUEST_RESPONSE);
    }

    /**
     * The body of a response written in one piece; kept only when the level records responses. Kept as it is, not
     * copied: the writer no longer changes a body it has written (the response writes the same buffer).
     */
    public static void logResponseBody(RoutingContext ctx, Buffer body) {
        RequestAudit audit = of(ctx);
        if (audit != null && audit.decision.level().atLeast(Level.REQUEST_RESPONSE)) {
            audit.responseBody = body;
        }
    }

    void impersonatedIfChanged(UserInfo current) {
        if (impersonatedUser == null && current != null && !current.equals(user)) {
            impersonatedUser = current;
        }
    }

    /**
     * Emits the event of {@code stage} unless the policy omits that stage.
     *
     * @return completes once a blocking backend has the event (at once without one); failed when a
     *     {@code blocking-strict} backend lost it
     */
    Future<Void> emit(Stage stage, int code, Buffer requestBody, Status panic) {
        if (decision.omitStages().contains(stage)) {
            return Future.succeededFuture();
        }
        Level level = decision.level();
        return dispatcher.emit(new AuditEvent(
                level,
                auditId,
                stage,
                requestUri,
                verb,
                user,
                impersonatedUser,
                sourceIps,
                userAgent,
                objectRef,
                code,
                panic != null ? panic : responseStatus,
                requestBody,
                stage == Stage.RESPONSE_COMPLETE && level.atLeast(Level.REQUEST_RESPONSE) ? responseBody : null,
                decision.omitManagedFields(),
                received,
                clock.instant(),
                annotations.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(annotations))));
    }
}
