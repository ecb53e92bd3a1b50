package cloud.gardener.apiserver.server.filters;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * Filters run as one handler: each is called in turn and the routes come once after the last, where a handler per
 * filter would go through vert.x-web's route iteration ({@code ctx.next()}) once per filter. What vert.x-web does
 * for its handlers holds here too: a filter's exception fails the request (the router's failure handler answers
 * it), also in a filter run later by one that passed the request on asynchronously.
 */
public final class FilterChain implements Handler<RoutingContext> {

    private final Filter[] filters;
    // rests[i]: what comes after filters[i]; made once, so passing a request on later allocates nothing
    private final Filter.Rest[] rests;

    public FilterChain(List<Filter> filters) {
        this.filters = filters.toArray(new Filter[0]);
        this.rests = new Filter.Rest[this.filters.length];
        for (int i = 0; i < rests.length; i++) {
            int next = i + 1;
            rests[i] = ctx -> resume(ctx, next);
        }
    }

    public static FilterChain of(Filter... filters) {
        return new FilterChain(List.of(filters));
    }

    @Override
    public void handle(RoutingContext ctx) {
        run(ctx, 0);
    }

    private void run(RoutingContext ctx, int from) {
        for (int i = from; i < filters.length; i++) {
            if (!filters[i].filter(ctx, rests[i])) {
                return;
            }
        }
        ctx.next();
    }

    /** The filters from {@code from} on, for a request passed on later: outside vert.x-web's call, so it fails here. */
    private void resume(RoutingContext ctx, int from) {
        if (ctx.failed()) {
            // what the filter's own ctx.next() would do: on to the router's failure handler
            ctx.next();
            return;
        }
        try {
            run(ctx, from);
        } catch (Throwable t) {
            // as vert.x-web treats a handler's throwable: the request fails with it
            ctx.fail(t);
        }
    }
}
