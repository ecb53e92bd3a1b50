package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.registry.GenericStore;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;

/**
 * One request for a resource, resolved: what it addresses, the resource's descriptor and store, the
 * version it speaks, and who asks.
 */
public record ResourceRequest(
        RoutingContext ctx, RequestInfo info, ResourceType type, String version, GenericStore store, UserInfo user) {

    public String namespace() {
        return info.namespace();
    }

    public String name() {
        return info.name();
    }

    public String subresource() {
        return info.subresource();
    }

    public String apiVersion() {
        return type.apiVersion(version);
    }

    /** The query parameters as a multimap (the request's one map: not to be changed). */
    public Map<String, List<String>> query() {
        return Multimaps.query(ctx);
    }

    /**
     * The request header's first value. Give the name in lower case: HTTP/2's headers copy any other name to lower
     * it, per lookup (HTTP/1.x's compare names in any case).
     */
    public String header(String name) {
        return ctx.request().getHeader(name);
    }

    /** Presents a stored object in the version of this request (converted when the kind is stored in another). */
    public ObjectNode present(ObjectNode stored) {
        return present(store, type, version, stored);
    }

    /** {@link #present(ObjectNode)} for a caller that keeps the store, type and version but not the request. */
    public static ObjectNode present(GenericStore store, ResourceType type, String version, ObjectNode stored) {
        ObjectNode obj = store.convert(stored, version);
        ObjectNode out = obj.objectNode();
        out.put("kind", type.kind());
        out.put("apiVersion", type.apiVersion(version));
        obj.properties().forEach(e -> {
            if (!e.getKey().equals("kind") && !e.getKey().equals("apiVersion")) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }
}
