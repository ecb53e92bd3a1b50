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
     * The request's query parameters as {@link #toMap} makes them, made once per request (request info, the handler
     * and the response writer each read them): not to be changed, nor are the parameters once it is made.
     */
    public static Map<String, List<String>> query(RoutingContext ctx) {
        Map<String, List<String>> query = ctx.get(QUERY);
        if (query == null) {
            MultiMap params = ctx.queryParams();
            query = params.isEmpty() ? Collections.emptyMap() : Collections.unmodifiableMap(toMap(params));
            ctx.put(QUERY, query);
        }
        return query;
    }

    public static Map<String, List<String>> toMap(MultiMap multiMap) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        multiMap.names().forEach(n -> out.put(n, multiMap.getAll(n)));
        return out;
    }
}
