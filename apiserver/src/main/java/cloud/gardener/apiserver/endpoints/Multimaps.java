package cloud.gardener.apiserver.endpoints;

import io.vertx.core.MultiMap;
import io.vertx.ext.web.RoutingContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Vert.x multimaps (query parameters, headers) as the plain maps the request-parsing code takes. */
public final class Multimaps {

    private Multimaps() {}

    private static final String QUERY = "gardener.query";

    /**
     * The request's query parameters ({@link QueryParameters#of}), decoded once per request (request info, the
     * filters, the handlers and the response writer each read them): not to be changed. Every reader takes them from
     * here, never from {@code ctx.queryParams()}, which Vert.x would decode again into a map of its own (and which
     * fails a query Go decodes in part).
     */
    public static Map<String, List<String>> query(RoutingContext ctx) {
        String uri = ctx.request().uri();
        if (uri.indexOf('?') < 0) {
            return Collections.emptyMap(); // most requests: nothing to decode nor to keep
        }
        Map<String, List<String>> query = ctx.get(QUERY);
        if (query == null) {
            query = QueryParameters.of(uri);
            ctx.put(QUERY, query);
        }
        return query;
    }

    /** The first value of the query parameter {@code name}, or null. */
    public static String queryParam(RoutingContext ctx, String name) {
        List<String> values = query(ctx).get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** The values of the query parameter {@code name}, empty if it has none. */
    public static List<String> queryParams(RoutingContext ctx, String name) {
        return query(ctx).getOrDefault(name, List.of());
    }

    public static Map<String, List<String>> toMap(MultiMap multiMap) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        multiMap.names().forEach(n -> out.put(n, multiMap.getAll(n)));
        return out;
    }
}
