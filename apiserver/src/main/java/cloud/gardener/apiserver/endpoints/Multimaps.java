package cloud.gardener.apiserver.endpoints;

import io.vertx.core.MultiMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Vert.x multimaps (query parameters, headers) as the plain maps the request-parsing code takes. */
public final class Multimaps {

    private Multimaps() {}

    public static Map<String, List<String>> toMap(MultiMap multiMap) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        multiMap.names().forEach(n -> out.put(n, multiMap.getAll(n)));
        return out;
    }
}
