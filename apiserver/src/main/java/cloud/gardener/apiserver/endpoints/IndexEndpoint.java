package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.TreeSet;

/** {@code GET /} and every unknown path: the sorted list of served paths, 200 or 404. */
public final class IndexEndpoint {

    private final Map<String, Object> document;

    public IndexEndpoint(ResourceRegistry resources) {
        TreeSet<String> paths = new TreeSet<>();
        paths.add("/apis");
        paths.add("/healthz");
        paths.add("/livez");
        paths.add("/readyz");
        paths.add("/openapi/v2");
        paths.add("/openapi/v3");
        paths.add("/version");
        if (resources.servesLegacyCore()) {
            paths.add("/api");
            paths.add("/api/v1");
        }
        for (GroupVersion gv : resources.groupVersions()) {
            if (!gv.group().isEmpty()) {
                paths.add("/apis/" + gv.group());
                paths.add("/apis/" + gv.group() + "/" + gv.version());
            }
        }
        document = Map.of("paths", paths);
    }

    public void write(RoutingContext ctx, int code) {
        Responses.writeJson(ctx, code, document, true);
    }
}
