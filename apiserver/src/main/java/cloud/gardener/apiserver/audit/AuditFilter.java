package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.server.filters.Filter;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import cloud.gardener.apiserver.server.filters.RequestEnd;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.time.Clock;

/**
 * Upstream's {@code WithAudit}, right after authentication: asks the policy about the authenticated user's request
 * (counting the level) and, when it is audited, emits RequestReceived now, ResponseStarted when a long-running
 * response (a watch) sends its head, and ResponseComplete when the response ends, or Panic when a handler failed
 * unexpectedly. With a blocking webhook the request goes on once its RequestReceived event was delivered; when a
 * {@code blocking-strict} webhook could not take it, the request is answered 500 "failed to store audit event" and
 * counted as rejected, as upstream.
 */
public final class AuditFilter implements Filter {

    private final AuditPolicy policy;
    private final AuditDispatcher dispatcher;
    private final AuditCounters counters;
    private final Clock clock;

    AuditFilter(AuditPolicy policy, AuditDispatcher dispatcher, AuditCounters counters, Clock clock) {
        this.policy = policy;
        this.dispatcher = dispatcher;
        this.counters = counters;
        this.clock = clock;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        RequestInfo info = RequestAttributes.info(ctx);
        UserInfo user = RequestAttributes.user(ctx);
        AuditPolicy.Decision decision = policy.evaluate(user, info);
        counters.policyLevel(decision.level());
        if (decision.level() == Level.NONE) {
            return true;
        }
        RequestAudit audit = new RequestAudit(ctx, decision, dispatcher, clock, user, info);
        RequestAudit.attach(ctx, audit);
        Future<Void> received = audit.emit(Stage.REQUEST_RECEIVED, 0, null, null);
        if (received.succeeded()) {
            audited(ctx, audit, info);
            return true;
        }
        // a blocking webhook: the request waits, on its own event loop, for the event's delivery
        Context requestContext = Vertx.currentContext();
        received.onComplete(ar -> requestContext.runOnContext(v -> {
            if (ar.succeeded()) {
                audited(ctx, audit, info);
                rest.proceed(ctx);
                return;
            }
            counters.requestRejected();
            RequestAudit.detach(ctx);
            Responses.writeText(
                    ctx,
                    500,
                    "Internal Server Error: "
                            + GoQuote.quote(ctx.request().uri())
                                    .replace("&", "&amp;")
                                    .replace("<", "&lt;")
                                    .replace(">", "&gt;")
                            + ": failed to store audit event\n");
        }));
        return false;
    }

    /** Emits the later events as the request goes on (a watch's head, the end). */
    private void audited(RoutingContext ctx, RequestAudit audit, RequestInfo info) {
        if (info.isLongRunning()) {
            ctx.addHeadersEndHandler(v -> {
                audit.impersonatedIfChanged(RequestAttributes.user(ctx));
                audit.emit(Stage.RESPONSE_STARTED, ctx.response().getStatusCode(), null, null);
            });
        }
        // the last event as the request stands at its end (or when a watch lets the request go: its user, body and
        // failure are settled then)
        RequestEnd.of(ctx).add(RequestEnd.readingRequest(ctx, context -> {
            audit.impersonatedIfChanged(RequestAttributes.user(context));
            Buffer body = requestBody(context);
            Throwable failure = context.failure();
            HttpServerResponse response = context.response();
            if (failure != null && !(failure instanceof ApiException) && !(failure instanceof HttpException)) {
                // upstream's panic event: 500 with the request URI and the cause
                String message = "Internal Server Error: \"" + context.request().uri() + "\": " + failure;
                Status panic = new Status("Failure", message, "InternalError", null, 500, java.util.Map.of());
                return outcome -> audit.emit(Stage.PANIC, 500, body, panic);
            }
            return outcome -> audit.emit(Stage.RESPONSE_COMPLETE, response.getStatusCode(), body, null);
        }));
    }

    /**
     * Upstream's {@code WithFailedAuthenticationAudit}: the policy asked about a request without a user, and for an
     * audited one a single ResponseStarted event with the 401 and which credentials were tried.
     */
    void failedAuthentication(RoutingContext ctx) {
        RequestInfo info = RequestAttributes.info(ctx);
        UserInfo nobody = new UserInfo("", null, java.util.List.of(), java.util.Map.of());
        AuditPolicy.Decision decision = policy.evaluate(nobody, info);
        counters.policyLevel(decision.level());
        if (decision.level() == Level.NONE) {
            return;
        }
        new RequestAudit(ctx, decision, dispatcher, clock, nobody, info)
                .emit(
                        Stage.RESPONSE_STARTED,
                        401,
                        null,
                        new Status(null, authenticationMethods(ctx), null, null, 401, java.util.Map.of()));
    }

    /** Upstream's {@code getAuthMethods}: the credentials the request carried. */
    private static String authenticationMethods(RoutingContext ctx) {
        boolean certificate;
        try {
            certificate = ctx.request().isSSL()
                    && !ctx.request().connection().peerCertificates().isEmpty();
        } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
            certificate = false; // no client certificate
        }
        return AttemptedCredentials.message(
                ctx.request().getHeader("Authorization"), Multimaps.queryParam(ctx, "access_token"), certificate);
    }

    private static Buffer requestBody(RoutingContext ctx) {
        RequestBody body = ctx.body();
        return body == null || body.isEmpty() ? null : body.buffer();
    }
}
