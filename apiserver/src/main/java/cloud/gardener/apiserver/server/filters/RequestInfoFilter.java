package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.api.selection.LabelSelector;
import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfoException;
import cloud.gardener.apiserver.endpoints.request.RequestInfoParser;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;

/** Resolves what the request addresses; authorization, routing and audit read the result. */
public final class RequestInfoFilter implements Filter {

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        Map<String, List<String>> query = Multimaps.query(ctx);
        try {
            RequestInfo info = RequestInfoParser.parse(
                    ctx.request().method().name(), ctx.normalizedPath(), query, RequestInfoFilter::labelSelectorParses);
            RequestAttributes.setInfo(ctx, info);
            return true;
        } catch (RequestInfoException e) {
            Responses.writeText(ctx, 500, e.plainTextBody(ctx.request().uri()));
            return false;
        }
    }

    private static boolean labelSelectorParses(String selector) {
        try {
            LabelSelector.parse(selector);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
