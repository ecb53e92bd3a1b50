package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.metrics.RequestMetrics;
import io.vertx.core.AsyncResult;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * Records every request once its response has ended (or its connection closed), around everything after request
 * info: refusals by authentication (401), authorization (403), the in-flight limit (429) and the deadline (504) are
 * counted with their codes, as are the answers of the handlers.
 */
public final class RequestMetricsFilter implements Filter {

    /** Lower case: HTTP/2's headers would copy a name to lower it for every lookup (HTTP/1.x's take any case). */
    private static final String CONTENT_TYPE = "content-type";

    private final RequestMetrics metrics;

    public RequestMetricsFilter(RequestMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        long start = System.nanoTime();
        RequestInfo info = RequestAttributes.info(ctx);
        // Two forms on purpose, not RequestEnd.readingRequest: recording at the end of an ordinary request allocates
        // nothing (RequestMetricsRecordTest); only a detached watch keeps a recorder of its series.
        RequestEnd.of(ctx).add(new RequestEnd.Action() {
            @Override
            public void ended(AsyncResult<Void> outcome) {
                metrics.record(
                        info,
                        ctx.request().method().name(),
                        ctx.request().getHeader(CONTENT_TYPE),
                        Multimaps.queryParams(ctx, "dryRun"),
                        ctx.response().getStatusCode(),
                        ctx.response().bytesWritten(),
                        System.nanoTime() - start,
                        RequestAttributes.terminated(ctx));
            }

            @Override
            public RequestEnd.Action detached(RoutingContext context) {
                RequestMetrics.Recorder recorder = metrics.recorder(
                        info,
                        context.request().method().name(),
                        context.request().getHeader(CONTENT_TYPE),
                        Multimaps.queryParams(context, "dryRun"));
                boolean terminated = RequestAttributes.terminated(context);
                HttpServerResponse response = context.response();
                long started = start; // a local: the lambda then captures no anonymous class (and its ctx)
                return outcome -> recorder.record(
                        response.getStatusCode(), response.bytesWritten(), System.nanoTime() - started, terminated);
            }
        });
        return true;
    }
}
