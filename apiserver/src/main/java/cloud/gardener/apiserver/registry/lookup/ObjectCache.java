package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.registry.ResourceIndexes;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.cache.CachedStorage;
import cloud.gardener.apiserver.storage.cache.OrderedSteps;
import cloud.gardener.apiserver.storage.cache.TermIndex;
import cloud.gardener.apiserver.storage.cache.WatchCache;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The objects of the resources admission reads, as the shared informers gardener-apiserver's admission plugins read
 * from, without a copy of their own: a resource with a watch cache ({@link CachedStorage}) is read from that cache's
 * current state (the stored bytes the writes produced, already held there), so no second list or watch of storage
 * is opened and no written value is parsed again only to be kept. A resource without a watch cache
 * ({@code --watch-cache=false}, a size of 0) is followed here as before, by a list and a watch of its key root,
 * holding its stored bytes (the one copy there is).
 *
 * <p>Objects are decoded when looked up, off the event loop when large ({@link CpuWork}). A decoded object is kept
 * per key and revision in a memo bounded by {@link #MEMO_BYTES} of stored JSON (about 5-7 times that on the heap),
 * evicting arbitrary entries when full: the small kinds admission reads on every request (CloudProfiles, Seeds,
 * Projects, bindings, quotas, policies; a landscape's whole set is a few MiB) stay decoded, so a Shoot create
 * decodes none of them again; a Shoot, Secret or ConfigMap looked up is decoded once per revision while it stays.
 * Kinds never held decoded (InternalSecrets; ShootStates are not in the scope at all) are decoded per lookup.
 * Resources with a {@link CachedResource#listView()} hand out compact views in lists, kept per revision for every
 * object (Shoots: scanned whole on every Shoot create). Trees handed out are shared and never changed.
 */
public final class ObjectCache implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ObjectCache.class);
    private static final int PAGE = 500;
    private static final long RELIST_DELAY_MS = 1000;
    /** Stored bytes whose decoded trees the memo keeps at most. */
    static final long MEMO_BYTES = 16L * 1024 * 1024;
    /** How often memo entries of deleted or changed objects are dropped (list views have no other bound). */
    private static final long SWEEP_MS = 30_000;

    private final Vertx vertx;
    private final StoreReader storage;
    private final List<Resource> resources = new ArrayList<>();
    /**
     * The resources by key root when every root ends in a slash and none is a prefix of another (then a key is under
     * at most one, found by its own prefixes up to a slash: a few map lookups instead of a scan of every resource, on
     * every lookup); null otherwise.
     */
    private final Map<String, Resource> byRoot;

    private final Memo trees = new Memo(MEMO_BYTES);
    private final Memo views = new Memo(Long.MAX_VALUE);
    private volatile Future<Void> synced;
    private volatile boolean closed;
    private long sweepTimer = -1;

    /**
     * @param storage   where the objects are read: a {@link CachedStorage} serves each resource it caches from its
     *                  watch cache; any other resource (or any other reader) is listed and watched here
     * @param resources the resources to hold and how (see {@link AdmissionCacheScope}); lookups of other keys are
     *                  not this cache's ({@link #holds})
     */
    public ObjectCache(Vertx vertx, StoreReader storage, Collection<CachedResource> resources) {
        this.vertx = vertx;
        this.storage = storage;
        for (CachedResource r : resources) {
            WatchCache shared = storage instanceof CachedStorage cs ? cs.cacheFor(r.root()) : null;
            Source source = shared != null && shared.prefix().equals(r.root())
                    ? new SharedSource(shared)
                    : new OwnSource(r.root(), r.indexes());
            TermIndex terms = r.indexes().isEmpty() ? null : new TermIndex();
            this.resources.add(new Resource(r, source, terms));
        }
        this.byRoot = prefixFree(this.resources);
    }

    private static Map<String, Resource> prefixFree(List<Resource> resources) {
        Map<String, Resource> byRoot = new HashMap<>();
        for (Resource r : resources) {
            String root = r.spec.root();
            if (!root.endsWith("/") || byRoot.putIfAbsent(root, r) != null) {
                return null;
            }
        }
        for (String root : byRoot.keySet()) {
            for (int slash = root.indexOf('/', 1);
                    slash >= 0 && slash < root.length() - 1;
                    slash = root.indexOf('/', slash + 1)) {
                if (byRoot.containsKey(root.substring(0, slash + 1))) {
                    return null;
                }
            }
        }
        return byRoot;
    }

    /** Starts following storage; the future completes when every resource has been listed once. */
    public Future<Void> start() {
        List<Future<Void>> started = new ArrayList<>();
        resources.forEach(r -> started.add(r.source.start(r.terms)));
        synced = Future.all(started).mapEmpty();
        if (vertx != null) {
            sweepTimer = vertx.setPeriodic(SWEEP_MS, id -> sweep());
        }
        return synced;
    }

    public boolean synced() {
        Future<Void> s = synced;
        return s != null && s.succeeded();
    }

    /** Whether keys are matched to roots by lookup rather than a scan (for tests). */
    boolean findsRootsByLookup() {
        return byRoot != null;
    }

    /** Whether the cache follows the key (or the key prefix of a collection); if not, ask storage. */
    public boolean holds(String key) {
        return resourceOf(key) != null;
    }

    /**
     * Whether the resource at {@code root} is read from a watch cache (else it is listed and watched here, its
     * resource having none).
     */
    boolean sharesWatchCache(String root) {
        Resource r = resourceOf(root);
        return r != null && r.source instanceof SharedSource;
    }

    /**
     * Completes with true once what this cache hands out under {@code keyPrefix} includes every write completed before
     * the call (a watch cache caught up with storage, {@link WatchCache#caughtUp}); false where that is not known (a
     * resource followed here, not through a watch cache; one not held) or not reached in time: then read storage.
     */
    public Future<Boolean> caughtUp(String keyPrefix) {
        Resource r = resourceOf(keyPrefix);
        return r == null ? Future.succeededFuture(false) : r.source.caughtUp(keyPrefix);
    }

    /** The object at a key, or null; decoded off the event loop when it is large. */
    public Future<ObjectNode> get(String key) {
        Resource r = resourceOf(key);
        StoredObject stored = r == null ? null : r.source.get(key);
        if (stored == null) {
            return Future.succeededFuture(null);
        }
        ObjectNode memoized = r.spec.memoized() ? trees.get(stored) : null;
        return memoized != null
                ? Future.succeededFuture(memoized)
                : CpuWork.run(stored.value().length, () -> tree(r, stored));
    }

    /**
     * {@link #get}, decoded on the calling thread: for callers that cannot wait (the authorizer's Projects), of kinds
     * small enough to decode inline.
     */
    public ObjectNode getNow(String key) {
        Resource r = resourceOf(key);
        StoredObject stored = r == null ? null : r.source.get(key);
        return stored == null ? null : tree(r, stored);
    }

    /**
     * The objects whose keys start with {@code keyPrefix}, in key order (of one resource: a collection; or of several
     * when the prefix spans them); views where the resource has a {@link CachedResource#listView()}.
     */
    public Future<List<ObjectNode>> list(String keyPrefix) {
        return handOutLater(pending(keyPrefix));
    }

    private Future<List<ObjectNode>> handOutLater(List<Pending> pending) {
        long undecoded = 0;
        for (Pending p : pending) {
            undecoded += p.handedOut == null ? p.stored.value().length : 0;
        }
        return CpuWork.run(undecoded, () -> handOut(pending));
    }

    /**
     * The objects whose keys start with {@code keyPrefix} (of one resource: its root, or one namespace's collection)
     * that {@code index} files under the query terms of {@code value}, in key order, as {@link #list} hands them out
     * (see {@link ObjectIndex}); null when the resource has no such index.
     * The index is kept in step with the objects read, by their one writer (see {@link TermIndex}).
     */
    public Future<List<ObjectNode>> candidates(String keyPrefix, ObjectIndex index, String value) {
        List<Pending> pending = candidatePending(keyPrefix, index, value);
        return pending == null ? null : handOutLater(pending);
    }

    /** {@link #candidates}, decoded on the calling thread (see {@link #getNow}). */
    public List<ObjectNode> candidatesNow(String keyPrefix, ObjectIndex index, String value) {
        List<Pending> pending = candidatePending(keyPrefix, index, value);
        return pending == null ? null : handOut(pending);
    }

    private List<Pending> candidatePending(String keyPrefix, ObjectIndex index, String value) {
        Resource r = resourceOf(keyPrefix);
        if (r == null
                || r.terms == null
                || r.spec.indexes().stream().noneMatch(i -> i.name().equals(index.name()))) {
            return null;
        }
        List<Pending> pending = new ArrayList<>();
        NavigableSet<String> keys = r.terms.keys(ResourceIndexes.queryTerms(index, value));
        if (!keyPrefix.equals(r.spec.root())) {
            keys = keys.subSet(keyPrefix, true, keyPrefix + Character.MAX_VALUE, false);
        }
        for (String key : keys) {
            StoredObject stored = r.source.get(key);
            if (stored != null) {
                pending.add(new Pending(r, stored, memoizedListItem(r, stored)));
            }
        }
        return pending;
    }

    /** {@link #list}, decoded on the calling thread (see {@link #getNow}). */
    public List<ObjectNode> listNow(String keyPrefix) {
        return handOut(pending(keyPrefix));
    }

    /** An object of a list, with what the memo already has for it. */
    private record Pending(Resource resource, StoredObject stored, ObjectNode handedOut) {}

    private List<Pending> pending(String keyPrefix) {
        List<Pending> out = new ArrayList<>();
        Resource only = byRoot == null ? null : resourceOf(keyPrefix);
        if (only != null) {
            // under one root, and (roots being prefix-free) under no other and spanning none
            for (StoredObject stored : only.source.under(keyPrefix)) {
                out.add(new Pending(only, stored, memoizedListItem(only, stored)));
            }
            return out;
        }
        int sources = 0;
        for (Resource r : resources) {
            String root = r.spec.root();
            String under = keyPrefix.startsWith(root) ? keyPrefix : root.startsWith(keyPrefix) ? root : null;
            if (under == null) {
                continue;
            }
            sources++;
            for (StoredObject stored : r.source.under(under)) {
                out.add(new Pending(r, stored, memoizedListItem(r, stored)));
            }
        }
        if (sources > 1) {
            // each source is in key order already; only a prefix spanning resources mixes them
            out.sort((a, b) -> a.stored.key().compareTo(b.stored.key()));
        }
        return out;
    }

    private ObjectNode memoizedListItem(Resource r, StoredObject stored) {
        if (r.spec.listView() != null) {
            return views.get(stored);
        }
        return r.spec.memoized() ? trees.get(stored) : null;
    }

    private List<ObjectNode> handOut(List<Pending> pending) {
        List<ObjectNode> out = new ArrayList<>(pending.size());
        for (Pending p : pending) {
            ObjectNode item = p.handedOut != null
                    ? p.handedOut
                    : p.resource.spec.listView() != null ? view(p.resource, p.stored) : tree(p.resource, p.stored);
            if (item != null) {
                out.add(item);
            }
        }
        return out;
    }

    /** The whole object, from the memo or decoded (and memoized when its kind may be). */
    private ObjectNode tree(Resource r, StoredObject stored) {
        ObjectNode memoized = r.spec.memoized() ? trees.get(stored) : null;
        if (memoized != null) {
            return memoized;
        }
        JsonNode tree = Json.readTree(stored.value());
        if (!(tree instanceof ObjectNode obj)) {
            return null;
        }
        // as the store reads it: an older server's stored stringData is data
        InputConversions.forObject(obj).ifPresent(c -> c.apply(obj));
        obj.withObjectProperty("metadata").put("resourceVersion", Long.toString(stored.modRevision()));
        if (r.spec.memoized()) {
            trees.put(stored, obj);
        }
        return obj;
    }

    private ObjectNode view(Resource r, StoredObject stored) {
        ObjectNode memoized = views.get(stored);
        if (memoized != null) {
            return memoized;
        }
        ObjectNode view = r.spec.listView().read(stored.value());
        view.withObjectProperty("metadata").put("resourceVersion", Long.toString(stored.modRevision()));
        views.put(stored, view);
        return view;
    }

    private Resource resourceOf(String key) {
        if (byRoot != null) {
            for (int slash = key.indexOf('/', 1); slash >= 0; slash = key.indexOf('/', slash + 1)) {
                Resource r = byRoot.get(key.substring(0, slash + 1));
                if (r != null) {
                    return r;
                }
            }
            return null;
        }
        for (Resource r : resources) {
            if (key.startsWith(r.spec.root())) {
                return r;
            }
        }
        return null;
    }

    /** Drops memo entries of objects deleted or changed since (the tree memo is bounded anyway, the views not). */
    void sweep() {
        trees.retainCurrent(this::current);
        views.retainCurrent(this::current);
    }

    private StoredObject current(String key) {
        Resource r = resourceOf(key);
        return r == null ? null : r.source.get(key);
    }

    /** Decoded trees of {@link #trees}' memo and views kept now (for tests and measurements). */
    int memoized() {
        return trees.size() + views.size();
    }

    @Override
    public void close() {
        closed = true;
        if (sweepTimer >= 0) {
            vertx.cancelTimer(sweepTimer);
        }
        resources.forEach(r -> r.source.close());
    }

    /**
     * @param terms the keys by every index's terms (see {@link ResourceIndexes}), or null when the resource has no
     *              index
     */
    private record Resource(CachedResource spec, Source source, TermIndex terms) {}

    /** Where a resource's current objects are read, as stored. */
    private interface Source {
        StoredObject get(String key);

        List<StoredObject> under(String keyPrefix);

        /** Starts following; {@code terms} (if any) is kept in step with the objects from then on. */
        Future<Void> start(TermIndex terms);

        /** See {@link ObjectCache#caughtUp}. */
        Future<Boolean> caughtUp(String keyPrefix);

        void close();
    }

    /** A watch cache's current state: its objects are not copied. */
    private record SharedSource(WatchCache cache) implements Source {
        @Override
        public StoredObject get(String key) {
            return cache.current(key);
        }

        @Override
        public List<StoredObject> under(String keyPrefix) {
            return cache.currentUnder(keyPrefix);
        }

        @Override
        public Future<Void> start(TermIndex terms) {
            // the cache's attribute pass reads the terms (ResourceIndexes, ResourceReads#cachedAttributes)
            Future<Void> followed = terms == null ? Future.succeededFuture() : cache.follow(terms);
            // the server starts the cache; this only waits for it
            return followed.compose(v -> cache.filled());
        }

        @Override
        public Future<Boolean> caughtUp(String keyPrefix) {
            return cache.caughtUp(keyPrefix);
        }

        @Override
        public void close() {
            // the server's
        }
    }

    /**
     * A resource without a watch cache: a list of its root, then a watch from the list's revision, its stored
     * objects held as they come; a watch that fails (a compacted revision, a lost connection) is replaced by a fresh
     * list and watch, meanwhile what was held is served, as an informer does.
     */
    private final class OwnSource implements Source {
        private final String root;
        private final ResourceIndexes indexes;
        /** What the indexes read of a value: their paths only, in one pass for all of them. */
        private final SelectableView indexed;

        private final io.vertx.core.Promise<Void> listed = io.vertx.core.Promise.promise();
        private final AtomicInteger generation = new AtomicInteger();
        private volatile ConcurrentSkipListMap<String, StoredObject> objects = new ConcurrentSkipListMap<>();
        private volatile WatchSubscription watch;
        private TermIndex terms;

        OwnSource(String root, List<ObjectIndex> indexes) {
            this.root = root;
            this.indexes = new ResourceIndexes(indexes);
            this.indexed = SelectableView.of(this.indexes.paths());
        }

        /** The object's terms in every index, from one read of its value. */
        private Set<String> termsOf(StoredObject o) {
            return indexes.terms(indexed.read(o.value()));
        }

        @Override
        public StoredObject get(String key) {
            return objects.get(key);
        }

        @Override
        public List<StoredObject> under(String keyPrefix) {
            return new ArrayList<>(objects.subMap(keyPrefix, true, keyPrefix + Character.MAX_VALUE, false)
                    .values());
        }

        @Override
        public Future<Void> start(TermIndex terms) {
            this.terms = terms;
            relist();
            return listed.future();
        }

        /** Not known here: without a watch cache's consistent read the objects held may lag storage. */
        @Override
        public Future<Boolean> caughtUp(String keyPrefix) {
            return Future.succeededFuture(false);
        }

        private void relist() {
            if (closed) {
                return;
            }
            int gen = generation.incrementAndGet();
            ConcurrentSkipListMap<String, StoredObject> fresh = new ConcurrentSkipListMap<>();
            readPages(null, 0, fresh)
                    .onSuccess(revision -> {
                        if (gen != generation.get() || closed) {
                            return;
                        }
                        if (terms != null) {
                            Map<String, Set<String>> byKey = new HashMap<>();
                            fresh.values().forEach(o -> byKey.put(o.key(), termsOf(o)));
                            terms.reset(byKey);
                        }
                        objects = fresh;
                        // a list always has a revision to watch after (a store never written to is at 1)
                        watch = storage.watch(root, revision, new Listener(gen));
                        // started means listed and following: the watch is open before anyone is told
                        listed.tryComplete();
                    })
                    .onFailure(t -> {
                        LOG.warn("listing " + root + " for the admission caches failed; retrying", t);
                        vertx.setTimer(RELIST_DELAY_MS, id -> relist());
                    });
        }

        /** Reads every page at {@code revision} (0: the latest, which the first page then fixes). */
        private Future<Long> readPages(String start, long revision, Map<String, StoredObject> into) {
            return storage.list(new ListRequest(root, revision, PAGE, start, null))
                    .compose((ListPage page) -> {
                        page.items().forEach(item -> into.put(item.key(), item));
                        return page.hasMore()
                                ? readPages(page.nextKey(), page.revision(), into)
                                : Future.succeededFuture(page.revision());
                    });
        }

        @Override
        public void close() {
            WatchSubscription w = watch;
            if (w != null) {
                w.close();
            }
        }

        /**
         * The watch's listener. A change's index terms are read as the watch cache's attribute pass reads them: inline,
         * or off the loop for a large value ({@link CpuWork}), the changes after it waiting behind it in order
         * ({@link OrderedSteps}), so that the objects and their index follow the watch in revision order.
         */
        private final class Listener implements WatchListener {
            private final int gen;
            /** Confined to the store's delivery context, as the listener's calls. */
            private final OrderedSteps steps = new OrderedSteps();

            Listener(int gen) {
                this.gen = gen;
            }

            @Override
            public void onEvent(WatchEvent event) {
                if (gen != generation.get()) {
                    return;
                }
                if (event.type() == WatchEvent.Type.DELETE || terms == null) {
                    steps.run(() -> apply(event, null));
                    return;
                }
                StoredObject o = event.object();
                steps.after(CpuWork.run(o.value().length, () -> termsOf(o)), read -> apply(event, termsOr(read, o)));
            }

            /** @param after the changed object's index terms; null for a delete or a resource without index */
            private void apply(WatchEvent event, Set<String> after) {
                if (gen != generation.get()) {
                    return;
                }
                if (after != null) {
                    terms.changing(event.key(), after);
                }
                if (event.type() == WatchEvent.Type.DELETE) {
                    objects.remove(event.key());
                } else {
                    objects.put(event.key(), event.object());
                }
                if (terms != null) {
                    terms.changed(event.key(), after);
                }
            }

            /**
             * The terms read, or none when the value could not be read: as in a watch cache, the object is still held
             * (and served by key and in lists), only no index lookup finds it.
             */
            private Set<String> termsOr(Future<Set<String>> read, StoredObject o) {
                if (read.succeeded()) {
                    return read.result();
                }
                LOG.warn("admission cache of {}: index terms of {} could not be read", root, o.key(), read.cause());
                return Set.of();
            }

            @Override
            public void onProgress(long revision) {
                // nothing to do: the source has every event up to here
            }

            @Override
            public void onError(StorageException error) {
                if (!closed && gen == generation.get()) {
                    LOG.debug("admission cache watch of " + root + " ended (" + error.reason() + "); listing again");
                    vertx.setTimer(RELIST_DELAY_MS, id -> relist());
                }
            }
        }
    }

    /**
     * Decoded trees per key, each valid for one revision of its object; bounded by the stored bytes they were decoded
     * from. Reads take no lock; a put that overflows the bound drops arbitrary entries (hash order) to 3/4 of it.
     */
    private static final class Memo {
        private record Entry(long modRevision, ObjectNode tree, int bytes) {}

        private final Map<String, Entry> entries = new ConcurrentHashMap<>();
        private final long maxBytes;
        private long bytes; // guarded by this

        Memo(long maxBytes) {
            this.maxBytes = maxBytes;
        }

        ObjectNode get(StoredObject stored) {
            Entry e = entries.get(stored.key());
            return e != null && e.modRevision == stored.modRevision() ? e.tree : null;
        }

        synchronized void put(StoredObject stored, ObjectNode tree) {
            int size = stored.value().length;
            if (size > maxBytes / 4) {
                return; // one object would take most of the memo: decoded per lookup
            }
            Entry old = entries.put(stored.key(), new Entry(stored.modRevision(), tree, size));
            bytes += size - (old == null ? 0 : old.bytes);
            if (bytes > maxBytes) {
                Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
                while (bytes > maxBytes / 4 * 3 && it.hasNext()) {
                    bytes -= it.next().getValue().bytes;
                    it.remove();
                }
            }
        }

        synchronized void retainCurrent(java.util.function.Function<String, StoredObject> current) {
            Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<String, Entry> e = it.next();
                StoredObject now = current.apply(e.getKey());
                if (now == null || now.modRevision() != e.getValue().modRevision) {
                    bytes -= e.getValue().bytes;
                    it.remove();
                }
            }
        }

        int size() {
            return entries.size();
        }
    }
}
