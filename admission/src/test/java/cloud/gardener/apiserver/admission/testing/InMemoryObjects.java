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
    /** What the cache holds instead of the stored object (or of no object): it lags behind storage. */
    private final Map<String, ObjectNode> stale = new TreeMap<>();

    private boolean ready = true;
    private boolean caughtUp;

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

    /**
     * Makes the cache lag behind storage for one object: gets and lists hand out {@code object} (parsed from YAML or
     * JSON), while live reads hand out what {@link #put} stored, or nothing.
     */
    public InMemoryObjects staleInCache(GroupResource resource, String yaml) {
        try {
            ObjectNode object = (ObjectNode) Json.YAML.readTree(yaml);
            ObjectNode meta = (ObjectNode) object.path("metadata");
            stale.put(
                    key(
                            resource,
                            meta.path("namespace").asText(),
                            meta.path("name").asText()),
                    object);
            return this;
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * Makes the lookup report its cache caught up with storage ({@link #caughtUp}), as a watch cache that has seen
     * every write does: consistent reads then read the cache, stale entries and all. By default it cannot tell, and
     * consistent reads read live.
     */
    public InMemoryObjects reportingCaughtUp() {
        caughtUp = true;
        return this;
    }

    @Override
    public Future<Boolean> caughtUp(GroupResource resource, String namespace) {
        return Future.succeededFuture(caughtUp);
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
        return Future.succeededFuture(Optional.ofNullable(cached().get(key(resource, namespace, name))));
    }

    @Override
    public Future<Optional<ObjectNode>> getLive(GroupResource resource, String namespace, String name) {
        return Future.succeededFuture(Optional.ofNullable(objects.get(key(resource, namespace, name))));
    }

    /** The objects as the cache has them. */
    private Map<String, ObjectNode> cached() {
        if (stale.isEmpty()) {
            return objects;
        }
        Map<String, ObjectNode> cached = new TreeMap<>(objects);
        cached.putAll(stale);
        return cached;
    }

    /** Lists hand out {@code view} of each object, as the server's cache does for Shoots; gets stay whole. */
    public InMemoryObjects listsAsViews(UnaryOperator<ObjectNode> view) {
        listView = view;
        return this;
    }

    @Override
    public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
        return Future.succeededFuture(collection(cached(), resource, namespace));
    }

    @Override
    public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
        return Future.succeededFuture(collection(objects, resource, namespace));
    }

    private List<ObjectNode> collection(Map<String, ObjectNode> from, GroupResource resource, String namespace) {
        String prefix = resource + "/" + (namespace.isEmpty() ? "" : namespace + "/");
        List<ObjectNode> items = new ArrayList<>();
        from.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                items.add(listView.apply(v));
            }
        });
        return items;
    }

    @Override
    public boolean ready() {
        return ready;
    }
}
