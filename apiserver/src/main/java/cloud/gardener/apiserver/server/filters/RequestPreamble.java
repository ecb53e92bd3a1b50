package cloud.gardener.apiserver.server.filters;

import io.netty.util.AsciiString;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * The outermost filter: echoes (or mints) the {@code Audit-Id}, sets {@code Cache-Control: no-cache, private} on
 * responses that did not choose their own and has {@link ResponseCompression} decide whether the answer is gzipped.
 * The two last are made in one headers-end handler: each one vert.x-web calls costs its own lambda and call per
 * answer.
 */
public final class RequestPreamble implements Filter {

    private static final AuditIds AUDIT_IDS = AuditIds.random();

    /**
     * The response's header names as HTTP/1.x sends them, as {@link AsciiString}s: Netty validates, hashes and writes
     * those from their bytes, the hash kept, where a {@code String} is read char by char each time.
     */
    private static final Names HTTP1_NAMES =
            new Names(AsciiString.cached("Audit-Id"), AsciiString.cached("Cache-Control"));

    /**
     * The same names as HTTP/2 sends them: already lower case, so Vert.x does not copy each name to lower it, per
     * header of every answer. Looking headers up takes any case on either protocol, so lookups use these.
     */
    private static final Names HTTP2_NAMES =
            new Names(AsciiString.cached("audit-id"), AsciiString.cached("cache-control"));

    private static final AsciiString NO_CACHE = AsciiString.cached("no-cache, private");

    private record Names(AsciiString auditId, AsciiString cacheControl) {}

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        Names names = ctx.request().version() == HttpVersion.HTTP_2 ? HTTP2_NAMES : HTTP1_NAMES;
        String auditId = ctx.request().getHeader(HTTP2_NAMES.auditId());
        ctx.response()
                .putHeader(names.auditId(), auditId == null || auditId.isBlank() ? AUDIT_IDS.nextAscii() : auditId);
        String acceptEncoding = ctx.request().getHeader(HttpHeaders.ACCEPT_ENCODING);
        // Without Accept-Encoding neither Netty's HTTP/1.x compressor nor Vert.x's HTTP/2 one encodes an answer:
        // there is nothing to decide.
        boolean decide = acceptEncoding != null;
        boolean acceptsGzip = ResponseCompression.acceptsGzip(acceptEncoding);
        ctx.addHeadersEndHandler(v -> {
            if (!ctx.response().headers().contains(HTTP2_NAMES.cacheControl())) {
                ctx.response().putHeader(names.cacheControl(), NO_CACHE);
            }
            if (decide) {
                ResponseCompression.decide(ctx, acceptsGzip);
            }
        });
        return true;
    }
}
