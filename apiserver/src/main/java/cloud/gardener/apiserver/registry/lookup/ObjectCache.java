package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The objects of the resources admission reads (given as key roots), kept current by one list per root at one
 * revision and one watch of the server's key prefix, like the shared informers gardener-apiserver's admission
 * plugins read from. Keys outside the roots (ShootStates, hundreds of KiB each) are neither listed nor kept; a
 * lookup of them goes to storage. A watch that fails (a compacted revision, a lost connection) is replaced by a
 * fresh list and watch; meanwhile the cache keeps serving what it had, as an informer does. Trees in the cache are
 * never changed once stored.
 */
public final class ObjectCache implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ObjectCache.class);
    private static final int PAGE = 500;
    private static final long RELIST_DELAY_MS = 1000;

    private final Vertx vertx;
    private final StoreReader storage;
    private final String prefix;
    private final List<String> roots;
    private final Predicate<String> cached;
    private final NavigableMap<String, ObjectNode> objects = new ConcurrentSkipListMap<>();
    private final Promise<Void> synced = Promise.promise();
    private volatile WatchSubscription watch;
    private volatile boolean closed;

    /**
     * @param prefix the key prefix to watch, ending in {@code /}
     * @param roots  the key roots (under {@code prefix}, each ending in {@code /}) of the resources to hold; events
     *               of other keys are skipped unread
     */
    public ObjectCache(Vertx vertx, StoreReader storage, String prefix, Collection<String> roots) {
        this.vertx = vertx;
        this.storage = storage;
        this.prefix = prefix;
        this.roots = List.copyOf(roots);
        this.cached = key -> this.roots.stream().anyMatch(key::startsWith);
    }

    /** Starts following storage; the future completes when the first list is in the cache. */
    public Future<Void> start() {
        relist();
        return synced.future();
    }

    public boolean synced() {
        return synced.future().succeeded();
    }

    /** Whether the cache follows the key (or the key prefix of a collection); if not, ask storage. */
    public boolean holds(String key) {
        return cached.test(key);
    }

    /** The object at a key, or null. */
    public ObjectNode get(String key) {
        return objects.get(key);
    }

    /** The objects whose keys start with {@code keyPrefix}, in key order. */
    public List<ObjectNode> list(String keyPrefix) {
        return new ArrayList<>(objects.subMap(keyPrefix, true, keyPrefix + Character.MAX_VALUE, false)
                .values());
    }

    private void relist() {
        if (closed) {
            return;
        }
        NavigableMap<String, ObjectNode> fresh = new ConcurrentSkipListMap<>();
        readRoots(0, 0, fresh)
                .onSuccess(revision -> {
                    objects.keySet().retainAll(fresh.keySet());
                    objects.putAll(fresh);
                    watch = storage.watch(prefix, revision, new Listener());
                    synced.tryComplete();
                })
                .onFailure(t -> {
                    LOG.warn("listing " + prefix + " for the admission caches failed; retrying", t);
                    vertx.setTimer(RELIST_DELAY_MS, id -> relist());
                });
    }

    /** Lists the roots one after the other, all at the revision of the first page; answers that revision. */
    private Future<Long> readRoots(int index, long revision, NavigableMap<String, ObjectNode> into) {
        if (index == roots.size()) {
            return revision > 0
                    ? Future.succeededFuture(revision)
                    : storage.list(new ListRequest(prefix, 0, 1, null, null)).map(ListPage::revision);
        }
        return readPages(roots.get(index), null, revision, into).compose(read -> readRoots(index + 1, read, into));
    }

    /** Reads every page of one root at {@code revision} (0: the latest, which the first page then fixes). */
    private Future<Long> readPages(String root, String start, long revision, NavigableMap<String, ObjectNode> into) {
        return storage.list(new ListRequest(root, revision, PAGE, start, null)).compose((ListPage page) -> {
            page.items().forEach(item -> store(into, item));
            return page.hasMore()
                    ? readPages(root, page.nextKey(), page.revision(), into)
                    : Future.succeededFuture(page.revision());
        });
    }

    private void store(NavigableMap<String, ObjectNode> into, StoredObject item) {
        if (!cached.test(item.key())) {
            return;
        }
        JsonNode tree = Json.readTree(item.value());
        if (tree instanceof ObjectNode obj) {
            // as the store reads it: an older server's stored stringData is data
            InputConversions.forObject(obj).ifPresent(c -> c.apply(obj));
            obj.withObjectProperty("metadata").put("resourceVersion", Long.toString(item.modRevision()));
            into.put(item.key(), obj);
        }
    }

    @Override
    public void close() {
        closed = true;
        WatchSubscription w = watch;
        if (w != null) {
            w.close();
        }
    }

    private final class Listener implements WatchListener {

        /** The events not yet applied: a large object is decoded off the event loop, and events stay in order. */
        private Future<Void> pending = Future.succeededFuture();

        @Override
        public void onEvent(WatchEvent event) {
            if (event.type() == WatchEvent.Type.DELETE) {
                pending = pending.transform(ar -> {
                    objects.remove(event.key());
                    return Future.succeededFuture();
                });
            } else {
                pending = pending.transform(ar -> CpuWork.run(event.object().value().length, () -> {
                    store(objects, event.object());
                    return null;
                }));
            }
        }

        @Override
        public void onProgress(long revision) {
            // nothing to do: the cache has every event up to here
        }

        @Override
        public void onError(StorageException error) {
            if (!closed) {
                LOG.debug("admission cache watch ended (" + error.reason() + "); listing again", error);
                vertx.setTimer(RELIST_DELAY_MS, id -> relist());
            }
        }
    }
}
