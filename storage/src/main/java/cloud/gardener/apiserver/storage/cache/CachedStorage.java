package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@link Storage} whose reads and watches under the cached prefixes are served by one {@link WatchCache}
 * per prefix (one resource each); writes, and everything under other prefixes, go to the store underneath.
 * It keeps the storage contract, so the contract suite runs against it unchanged: {@link #get(String)} and
 * {@link #list(ListRequest)} at revision 0 are consistent reads, a list at a revision is an Exact read, and
 * the freshness-taking reads let the API layer ask for {@code resourceVersion=0} and NotOlderThan.
 *
 * <p>The current revision is read through one {@link QuorumRevision}, shared by every cache, so concurrent
 * consistent reads share quorum reads.
 *
 * <p>Over a store whose progress reports can overtake its events (etcd before 3.4.31 and 3.5.13,
 * etcd-io/etcd#15220), reads newer than a cache go to the store, as kube-apiserver does on such an etcd, and a
 * consistent read is the cache's only when the store's revisions of its key or range (read without values) match
 * the cache's copies; reads at resourceVersion 0, older revisions, continue pages and watches are still the cache's.
 */
public final class CachedStorage implements Storage {

    /**
     * How long a write that names a revision a write of this server made waits for the cache to see it: the event
     * comes within milliseconds; past this the write reads the store, as it would without the wait.
     */
    public static final long WRITE_WAIT_MILLIS = 100;

    private final Storage delegate;
    private final QuorumRevision quorum;
    /** Longest prefix first, so that a nested cached prefix wins. */
    private final List<WatchCache> caches;
    /**
     * The caches by prefix, when every prefix ends in {@code /} (else null): a read finds its cache among the key's
     * own prefixes, a few map lookups, instead of trying every resource's prefix in turn.
     */
    private final Map<String, WatchCache> byPrefix;

    /**
     * @param delegate the store; closed with this one
     * @param cached   key prefix (ending in {@code /}) to that resource's cache settings
     * @param progressOrdered whether the store's progress reports never overtake its events (true for the
     *                 embedded store; for etcd see {@code EtcdStorage#progressNotifyOrdered()}); false is safe
     */
    public CachedStorage(Vertx vertx, Storage delegate, Map<String, WatchCacheConfig> cached, boolean progressOrdered) {
        this(vertx, delegate, cached, progressOrdered, prefix -> delegate);
    }

    /**
     * As {@link #CachedStorage(Vertx, Storage, Map, boolean)}, each cache listing and watching its prefix through
     * {@code sourceFor.apply(prefix)} (the same objects as {@code delegate}, e.g. metered per resource).
     */
    public CachedStorage(
            Vertx vertx,
            Storage delegate,
            Map<String, WatchCacheConfig> cached,
            boolean progressOrdered,
            Function<String, ? extends Storage> sourceFor) {
        this.delegate = delegate;
        this.quorum = new QuorumRevision(delegate);
        List<WatchCache> all = new ArrayList<>();
        cached.forEach((prefix, config) ->
                all.add(new WatchCache(vertx, sourceFor.apply(prefix), prefix, config, quorum, progressOrdered)));
        all.sort(Comparator.comparingInt((WatchCache c) -> c.prefix().length()).reversed());
        this.caches = List.copyOf(all);
        Map<String, WatchCache> prefixes = new HashMap<>();
        all.forEach(c -> prefixes.put(c.prefix(), c));
        this.byPrefix = all.stream().allMatch(c -> c.prefix().endsWith("/")) ? Map.copyOf(prefixes) : null;
    }

    /** Starts every cache; completes when all of them hold their prefix (readiness). */
    public Future<Void> start() {
        List<Future<Void>> started = new ArrayList<>();
        caches.forEach(c -> started.add(c.start()));
        return Future.all(started).mapEmpty();
    }

    /** The cache serving {@code keyOrPrefix}, or null when it is not cached. */
    public WatchCache cacheFor(String keyOrPrefix) {
        if (byPrefix != null) {
            // the key's prefixes that end in '/', longest first: the first cached one is the longest cached prefix
            for (int slash = keyOrPrefix.lastIndexOf('/');
                    slash >= 0;
                    slash = keyOrPrefix.lastIndexOf('/', slash - 1)) {
                WatchCache c = byPrefix.get(keyOrPrefix.substring(0, slash + 1));
                if (c != null) {
                    return c;
                }
            }
            return null;
        }
        for (WatchCache c : caches) {
            if (keyOrPrefix.startsWith(c.prefix())) {
                return c;
            }
        }
        return null;
    }

    /**
     * The cache that serves every key starting with {@code prefix} (a resource's keys), for a reader that looks it up
     * once instead of per key; null when some of those keys are not cached or are another cache's (a longer prefix).
     */
    public WatchCache cacheOfAll(String prefix) {
        WatchCache cache = cacheFor(prefix);
        if (cache == null) {
            return null;
        }
        for (WatchCache c : caches) {
            if (c.prefix().length() > prefix.length() && c.prefix().startsWith(prefix)) {
                return null;
            }
        }
        return cache;
    }

    /** Reads the caches handed to the store (see {@link WatchCache#storeReads()}). */
    public long storeReads() {
        return caches.stream().mapToLong(WatchCache::storeReads).sum();
    }

    /** Reads the caches handed to the store by design, its progress reports not being trusted. */
    public long delegatedReads() {
        return caches.stream().mapToLong(WatchCache::delegatedReads).sum();
    }

    /** Whether every cache has listed its prefix and serves reads. */
    public boolean ready() {
        return caches.stream().allMatch(WatchCache::ready);
    }

    /** The caches, longest prefix first. */
    public List<WatchCache> caches() {
        return caches;
    }

    /** The store underneath. */
    public Storage delegate() {
        return delegate;
    }

    // ---------------------------------------------------------------- reads

    @Override
    public Future<StoredObject> get(String key) {
        return get(key, ReadFreshness.consistent());
    }

    @Override
    public Future<StoredObject> get(String key, ReadFreshness freshness) {
        WatchCache cache = cacheFor(key);
        return cache != null ? cache.get(key, freshness) : delegate.get(key, freshness);
    }

    /** The store's: a quorum read of the key's revision. */
    @Override
    public Future<Long> modRevision(String key) {
        return delegate.modRevision(key);
    }

    /** The store's: a quorum read of the range's revisions. */
    @Override
    public Future<RangeRevisions> rangeRevisions(String prefix) {
        return delegate.rangeRevisions(prefix);
    }

    /** The store's: the caches hold what it read. */
    @Override
    public boolean readsAlike(StoredObject held) {
        return delegate.readsAlike(held);
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        return list(
                request,
                request.revision() == 0 ? ReadFreshness.consistent() : ReadFreshness.exact(request.revision()));
    }

    @Override
    public Future<ListPage> list(ListRequest request, ReadFreshness freshness) {
        WatchCache cache = cacheFor(request.prefix());
        return cache != null ? cache.list(request, freshness) : delegate.list(request, freshness);
    }

    @Override
    public Future<ChunkedList> listChunked(ListRequest request) {
        return listChunked(
                request,
                request.revision() == 0 ? ReadFreshness.consistent() : ReadFreshness.exact(request.revision()));
    }

    /** {@link #list}, read in chunks where the store serves it (the cache's own pages are whole). */
    @Override
    public Future<ChunkedList> listChunked(ListRequest request, ReadFreshness freshness) {
        WatchCache cache = cacheFor(request.prefix());
        return cache != null ? cache.listChunked(request, freshness) : delegate.listChunked(request, freshness);
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        WatchCache cache = cacheFor(keyOrPrefix);
        return cache != null
                ? cache.watch(keyOrPrefix, afterRevision, listener)
                : delegate.watch(keyOrPrefix, afterRevision, listener);
    }

    @Override
    public Future<Long> currentRevision() {
        return quorum.get();
    }

    // ---------------------------------------------------------------- writes and the rest: the store's

    @Override
    public Future<StoredObject> create(String key, byte[] value) {
        return noted(key, delegate.create(key, value));
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        return noted(key, delegate.update(key, expectedRevision, value));
    }

    @Override
    public Future<StoredObject> update(StoredObject current, byte[] value) {
        return noted(current.key(), delegate.update(current, value));
    }

    @Override
    public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
        return noted(key, delegate.guaranteedUpdate(key, fn, maxAttempts));
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        return noted(key, delegate.delete(key, expectedRevision));
    }

    /** Tells the key's cache the revision a write made ({@link WatchCache#noteWritten}). */
    private Future<StoredObject> noted(String key, Future<StoredObject> write) {
        return write.andThen(done -> {
            if (done.succeeded()) {
                noteWritten(key, done.result().modRevision());
            }
        });
    }

    /**
     * A write of {@code key} that went to the store past this one (a server writes through its metered stores)
     * succeeded at {@code revision}: the key's cache may let a write that names it wait for it ({@link #getForWrite}).
     */
    public void noteWritten(String key, long revision) {
        WatchCache cache = cacheFor(key);
        if (cache != null) {
            cache.noteWritten(revision);
        }
    }

    /**
     * The key's copy for a write that names the resourceVersion {@code named}: its cache's, possibly stale, once the
     * cache has seen {@code named} when a write of this server made it ({@link WatchCache#getForWrite}); the store's
     * for a key no cache holds.
     */
    public Future<StoredObject> getForWrite(String key, long named) {
        WatchCache cache = cacheFor(key);
        return cache != null
                ? cache.getForWrite(key, named, WRITE_WAIT_MILLIS)
                : delegate.get(key, ReadFreshness.any());
    }

    @Override
    public long compactedRevision() {
        return delegate.compactedRevision();
    }

    /** Compacts the store; the caches then refuse reads and watches from before it, as the store does. */
    @Override
    public Future<Void> compact(long revision) {
        return delegate.compact(revision).onSuccess(done -> caches.forEach(c -> c.compacted(revision)));
    }

    @Override
    public Future<Void> ping() {
        return delegate.ping();
    }

    @Override
    public void close() {
        closeCaches();
        delegate.close();
    }

    /** Closes the caches (their watchers end) and leaves the store open. */
    public void closeCaches() {
        caches.forEach(WatchCache::close);
    }
}
