package cloud.gardener.apiserver.admission.testing;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/** The objects a plugin test sets up, served as a plugin reads them. */
public final class InMemoryObjects implements ObjectLookup {

    private final Map<String, ObjectNode> objects = new TreeMap<>();
    private boolean ready = true;

    /** Adds (or replaces) an object, keyed by its metadata. */
    private UnaryOperator<ObjectNode> listView = UnaryOperator.identity();

    public InMemoryObjects put(GroupResource resource, JsonNode object) {
        ObjectNode meta = (ObjectNode) object.path("metadata");
        objects.put(
                key(resource, meta.path("namespace").asText(), meta.path("name").asText()), (ObjectNode) object);
        return this;
    }

    /** Adds an object written as YAML (or JSON). */
    public InMemoryObjects put(GroupResource resource, String yaml) {
        try {
            return put(resource, Json.YAML.readTree(yaml));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Makes the lookup report unsynced caches. */
    public InMemoryObjects notReady() {
        ready = false;
        return this;
    }

    private static String key(GroupResource resource, String namespace, String name) {
        return resource + "/" + namespace + "/" + name;
    }

    @Override
    public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
        return Future.succeededFuture(Optional.ofNullable(objects.get(key(resource, namespace, name))));
    }

    /** Lists hand out {@code view} of each object, as the server's cache does for Shoots; gets stay whole. */
    public InMemoryObjects listsAsViews(UnaryOperator<ObjectNode> view) {
        listView = view;
        return this;
    }

    @Override
    public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
        String prefix = resource + "/" + (namespace.isEmpty() ? "" : namespace + "/");
        List<ObjectNode> items = new ArrayList<>();
        objects.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                items.add(listView.apply(v));
            }
        });
        return Future.succeededFuture(items);
    }

    @Override
    public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
        return list(resource, namespace);
    }

    @Override
    public boolean ready() {
        return ready;
    }
}
