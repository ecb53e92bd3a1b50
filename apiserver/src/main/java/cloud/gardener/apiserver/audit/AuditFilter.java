package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.server.filters.RequestAttributes;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.time.Clock;

/**
 * Upstream's {@code WithAudit}, right after authentication: asks the policy about the authenticated user's request
 * and, when it is audited, emits RequestReceived now, ResponseStarted when a long-running response (a watch) sends
 * its head, and ResponseComplete when the response ends, or Panic when a handler failed unexpectedly.
 */
public final class AuditFilter implements Handler<RoutingContext> {

    private final AuditPolicy policy;
    private final AuditDispatcher dispatcher;
    private final Clock clock;

    AuditFilter(AuditPolicy policy, AuditDispatcher dispatcher, Clock clock) {
        this.policy = policy;
        this.dispatcher = dispatcher;
        this.clock = clock;
    }

    @Override
    public void handle(RoutingContext ctx) {
        RequestInfo info = RequestAttributes.info(ctx);
        UserInfo user = RequestAttributes.user(ctx);
        AuditPolicy.Decision decision = policy.evaluate(user, info);
        if (decision.level() == Level.NONE) {
            ctx.next();
            return;
        }
        RequestAudit audit = new RequestAudit(ctx, decision, dispatcher, clock, user, info);
        RequestAudit.attach(ctx, audit);
        audit.emit(Stage.REQUEST_RECEIVED, 0, null, null);
        if (info.isLongRunning()) {
            ctx.addHeadersEndHandler(v -> {
                audit.impersonatedIfChanged(RequestAttributes.user(ctx));
                audit.emit(Stage.RESPONSE_STARTED, ctx.response().getStatusCode(), null, null);
            });
        }
        ctx.addEndHandler(done -> {
            audit.impersonatedIfChanged(RequestAttributes.user(ctx));
            Buffer body = requestBody(ctx);
            Throwable failure = ctx.failure();
            if (failure != null && !(failure instanceof ApiException) && !(failure instanceof HttpException)) {
                // upstream's panic event: 500 with the request URI and the cause
                String message = "Internal Server Error: \"" + ctx.request().uri() + "\": " + failure;
                audit.emit(Stage.PANIC, 500, body, new Status("Failure", message, "InternalError", null, 500,
                        java.util.Map.of()));
            } else {
                audit.emit(Stage.RESPONSE_COMPLETE, ctx.response().getStatusCode(), body, null);
            }
        });
        ctx.next();
    }

    private static Buffer requestBody(RoutingContext ctx) {
        RequestBody body = ctx.body();
        return body == null || body.isEmpty() ? null : body.buffer();
    }
}
