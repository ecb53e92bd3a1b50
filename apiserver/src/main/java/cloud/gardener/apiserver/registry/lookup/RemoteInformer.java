package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.delegation.KubeApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One resource of a kube-apiserver (namespaces, secrets, config maps, webhook configurations) kept in memory by list
 * and watch, as
 * a client-go informer: paged list, watch from the list's resourceVersion with bookmarks, a fresh watch from the
 * last seen version when the server ends one, a fresh list when the version expired (410) or the watch failed.
 */
public final class RemoteInformer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteInformer.class);
    private static final int PAGE = 500;
    private static final int WATCH_SECONDS = 300;
    private static final long RETRY_MS = 1000;
    private static final long ABSENT_RETRY_MS = 30_000;

    private final Vertx vertx;
    private final KubeApiClient client;
    private final String resource;
    /** {@code /api/v1} or {@code /apis/<group>/<version>} */
    private final String base;

    private final NavigableMap<String, ObjectNode> objects = new ConcurrentSkipListMap<>();
    private final Promise<Void> synced = Promise.promise();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final boolean optional;
    private volatile String resourceVersion = "";
    private volatile boolean relist;
    private volatile boolean closed;

    /** @param resource the plural of a core/v1 resource, e.g. {@code secrets} */
    public RemoteInformer(Vertx vertx, KubeApiClient client, String resource) {
        this(vertx, client, "", "v1", resource, false);
    }

    /**
     * @param group    the resource's API group, empty for core
     * @param optional whether a server that does not serve the resource (404 on the list) counts as holding none
     */
    public RemoteInformer(
            Vertx vertx, KubeApiClient client, String group, String version, String resource, boolean optional) {
        this.vertx = vertx;
        this.optional = optional;
        this.client = client;
        this.resource = resource;
        this.base = group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
    }

    /** Follows the informer: every (re)list as a whole, then each change. */
    public interface Listener {

        void replaced(Collection<ObjectNode> objects);

        void changed(ObjectNode object);

        void deleted(ObjectNode object);
    }

    /** Adds a listener; when the first list is in already, it is handed over at once. */
    public synchronized void addListener(Listener listener) {
        listeners.add(listener);
        if (synced()) {
            listener.replaced(List.copyOf(objects.values()));
        }
    }

    /** Starts listing and watching; the future completes once the first list is in memory. */
    public Future<Void> start() {
        list();
        return synced.future();
    }

    public boolean synced() {
        return synced.future().succeeded();
    }

    /** The object, or null ({@code namespace} empty for namespaces). */
    public ObjectNode get(String namespace, String name) {
        return objects.get(key(namespace, name));
    }

    /** The objects of one namespace, or all when {@code namespace} is empty. */
    public List<ObjectNode> list(String namespace) {
        if (namespace.isEmpty()) {
            return new ArrayList<>(objects.values());
        }
        String prefix = namespace + "/";
        return new ArrayList<>(objects.subMap(prefix, true, prefix + Character.MAX_VALUE, false)
                .values());
    }

    /** Reads one object from the server itself; empty when it does not exist. */
    public Future<Optional<ObjectNode>> read(String namespace, String name) {
        String path = namespace.isEmpty()
                ? base + "/" + resource + "/" + segment(name)
                : base + "/namespaces/" + segment(namespace) + "/" + resource + "/" + segment(name);
        return client.get(path)
                .map(found -> Optional.of((ObjectNode) found))
                .recover(t -> t instanceof KubeApiException e && e.status() == 404
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(t));
    }

    /** One path segment, escaped: a name is never read as a query or another path. */
    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Lists from the server itself. */
    public Future<List<ObjectNode>> readAll(String namespace) {
        String path = namespace.isEmpty() ? base + "/" + resource : base + "/namespaces/" + namespace + "/" + resource;
        return client.get(path).map(list -> {
            List<ObjectNode> items = new ArrayList<>();
            list.path("items").forEach(item -> items.add((ObjectNode) item));
            return items;
        });
    }

    private static String key(String namespace, String name) {
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }

    private static String key(JsonNode obj) {
        JsonNode meta = obj.path("metadata");
        return key(meta.path("namespace").asText(), meta.path("name").asText());
    }

    private void list() {
        if (closed) {
            return;
        }
        Map<String, ObjectNode> fresh = new ConcurrentSkipListMap<>();
        listPages("", fresh)
                .onSuccess(version -> {
                    synchronized (this) {
                        objects.keySet().retainAll(fresh.keySet());
                        objects.putAll(fresh);
                        resourceVersion = version;
                        synced.tryComplete();
                        listeners.forEach(l -> l.replaced(List.copyOf(fresh.values())));
                    }
                    watch();
                })
                .onFailure(t -> {
                    if (optional && t instanceof KubeApiException e && e.status() == 404) {
                        // the server does not serve the resource, so it holds none; look again later
                        synchronized (this) {
                            objects.clear();
                            synced.tryComplete();
                            listeners.forEach(l -> l.replaced(List.of()));
                        }
                        vertx.setTimer(ABSENT_RETRY_MS, id -> list());
                        return;
                    }
                    LOG.warn("listing " + resource + " failed; retrying", t);
                    vertx.setTimer(RETRY_MS, id -> list());
                });
    }

    private Future<String> listPages(String continueToken, Map<String, ObjectNode> into) {
        String path = base + "/" + resource + "?limit=" + PAGE
                + (continueToken.isEmpty()
                        ? ""
                        : "&continue=" + URLEncoder.encode(continueToken, StandardCharsets.UTF_8));
        return client.get(path).compose(list -> {
            list.path("items").forEach(item -> into.put(key(item), (ObjectNode) item));
            String next = list.path("metadata").path("continue").asText();
            return next.isEmpty()
                    ? Future.succeededFuture(
                            list.path("metadata").path("resourceVersion").asText())
                    : listPages(next, into);
        });
    }

    private void watch() {
        if (closed) {
            return;
        }
        relist = false;
        String path = base + "/" + resource + "?watch=1&allowWatchBookmarks=true&timeoutSeconds=" + WATCH_SECONDS
                + "&resourceVersion=" + resourceVersion;
        client.watch(path, this::onEvent).onComplete(ended -> {
            if (closed) {
                return;
            }
            if (relist || ended.failed()) {
                if (ended.failed()) {
                    LOG.debug("watch of " + resource + " failed; listing again", ended.cause());
                }
                vertx.setTimer(RETRY_MS, id -> list());
            } else {
                watch();
            }
        });
    }

    private synchronized void onEvent(JsonNode event) {
        JsonNode obj = event.path("object");
        switch (event.path("type").asText()) {
            case "ADDED", "MODIFIED" -> {
                objects.put(key(obj), (ObjectNode) obj);
                listeners.forEach(l -> l.changed((ObjectNode) obj));
            }
            case "DELETED" -> {
                objects.remove(key(obj));
                listeners.forEach(l -> l.deleted((ObjectNode) obj));
            }
            case "BOOKMARK" -> {}
            default -> {
                // ERROR: most often 410 Gone, the version is too old to watch from
                relist = true;
                return;
            }
        }
        String version = obj.path("metadata").path("resourceVersion").asText();
        if (!version.isEmpty()) {
            resourceVersion = version;
        }
    }

    @Override
    public void close() {
        closed = true;
    }
}
