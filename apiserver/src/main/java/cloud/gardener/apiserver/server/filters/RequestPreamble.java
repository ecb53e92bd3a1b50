package cloud.gardener.apiserver.server.filters;

import io.vertx.ext.web.RoutingContext;

/**
 * The outermost filter: echoes (or mints) the {@code Audit-Id} and sets {@code Cache-Control: no-cache,
 * private} on responses that did not choose their own.
 */
public final class RequestPreamble implements Filter {

    private static final AuditIds AUDIT_IDS = AuditIds.random();

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        String auditId = ctx.request().getHeader("Audit-Id");
        ctx.response()
                .putHeader(
                        "Audit-Id",
                        auditId == null || auditId.isBlank() ? AUDIT_IDS.next().toString() : auditId);
        ctx.addHeadersEndHandler(v -> {
            if (!ctx.response().headers().contains("Cache-Control")) {
                ctx.response().putHeader("Cache-Control", "no-cache, private");
            }
        });
        return true;
    }
}
