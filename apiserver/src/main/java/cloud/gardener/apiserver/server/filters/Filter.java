package cloud.gardener.apiserver.server.filters;

import io.vertx.ext.web.RoutingContext;

/**
 * One step of the request's {@link FilterChain}: it looks at the request and passes it on at once (most filters,
 * most requests), answers it, or passes it on later (a TokenReview in flight, a blocking audit webhook, a hand-off to
 * another event loop).
 */
@FunctionalInterface
public interface Filter {

    /**
     * Filters the request.
     *
     * @param rest what comes after this filter, for a filter that passes the request on later
     * @return true to pass the request on now; false when this filter answered it or calls {@code rest} later, once
     */
    boolean filter(RoutingContext ctx, Rest rest);

    /** What comes after a filter: the filters behind it, then the routes. */
    @FunctionalInterface
    interface Rest {
        void proceed(RoutingContext ctx);
    }
}
