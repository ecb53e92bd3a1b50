package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The watch cache of one resource (one key prefix): k8s.io/apiserver's cacher, holding the stored bytes.
 *
 * <p>One {@link Storage#watch} feeds it: it lists the prefix at a revision R, then watches from R. It holds
 * the current objects as the store returned them ({@link StoredObject}s, never decoded trees) in a sorted map,
 * a bounded window of recent events ({@link EventWindow}) and, for selectors, each object's
 * {@link ObjectAttributes} with optional secondary indexes. From these it serves:
 * <ul>
 *   <li>gets and lists at any {@link ReadFreshness}: Any at once; Consistent by reading the store's current
 *       revision with one quorum read and waiting until the cache has seen it (kube-apiserver's consistent
 *       list from cache, which needs no progress notification to be reliable); NotOlderThan by waiting for
 *       the revision ({@code Too large resource version} after the block timeout, 3 s); Exact and continue
 *       pages from the window (the state at a past revision is the current one with later events undone),
 *       and from the store when the revision is older than the window;</li>
 *   <li>paging with the store's own continue keys (last key plus NUL) and remaining counts;</li>
 *   <li>watches from any revision in the window (older: COMPACTED, {@code too old resource version}), from now,
 *       with progress; every watcher is handed the same event instance, through a bounded queue; a watcher that
 *       falls behind is terminated, never the feed or other watchers slowed.</li>
 * </ul>
 * When its feed fails (a compacted or lost watch) it terminates every watcher, as kube-apiserver's cacher does
 * on a re-list, lists again and serves from the new state; until it is ready again reads go to the store.
 *
 * <p>Threading: every change of the cache's state happens on the cache's own event-loop context: the feed's
 * events hop there, and lists and watch registrations run there, so each sees one coherent state without
 * locks. The labels, fields and index terms of a large value are read off that loop, in one pass over it
 * ({@link WatchCacheConfig.AttributeWork}); the feed's later events and progress wait for them, so events are
 * still applied one at a time in order. The current-object map is also readable from any thread (a concurrent map, replaced whole on a
 * re-list), so gets of {@code resourceVersion=0} and gets after a wait cost no hop. Watchers deliver on the
 * context that opened them. Futures complete on the caller's context.
 */
public final class WatchCache implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WatchCache.class);
    /** Objects per page of the initial list (kube-apiserver's storageWatchListPageSize). */
    static final long LIST_PAGE = 10_000;

    private static final long RELIST_BACKOFF_MIN_MS = 100;
    private static final long RELIST_BACKOFF_MAX_MS = 30_000;
    /** While reads wait for a revision, the feed is asked for progress this often. */
    private static final long PROGRESS_PUMP_MS = 100;
    /** How soon {@link #caughtUp} reads the range's revisions again when the cache did not hold them yet. */
    private static final long RECHECK_MS = 20;

    private static final CacheWatcher[] NONE = new CacheWatcher[0];
    /** Consistent lists whose continue pages the cache can serve without trusted progress (see {@link #verified}). */
    private static final int VERIFIED_RANGES = 32;

    /** A range the store held at a revision exactly as the cache did at {@code cacheRevision}. */
    private record VerifiedRange(String prefix, long cacheRevision) {}

    private final Vertx vertx;
    private final ContextInternal context;
    private final Storage source;
    private final String prefix;
    private final WatchCacheConfig config;
    private final Supplier<Future<Long>> quorumRevision;
    /**
     * Whether the store's progress reports never overtake its events (the embedded store; etcd from 3.4.31 and
     * 3.5.13). Only then does a progress report move {@link #revision} on and may consistent reads, and reads
     * newer than the cache, wait for the cache; otherwise they go to the store (kube-apiserver likewise serves
     * consistent reads from its cache only on such an etcd), except that a consistent read reads only the revisions
     * of its key or range there and answers the cache's copies when they are at those revisions. Either way a
     * consistent read answers a copy only while the store would read its bytes alike ({@link StoreReader#readsAlike}): kube-apiserver reads
     * every get without resourceVersion from etcd, so a value whose encryption key was dropped from the configuration
     * since the cache read it fails there, and must here too.
     */
    private final boolean progressOrdered;

    private final Function<StoredObject, ObjectAttributes> extractor;
    private final Promise<Void> firstReady;
    private final AtomicLong storeReads = new AtomicLong();
    private final AtomicLong delegatedReads = new AtomicLong();
    /** The newest revision a write through this server made under the prefix ({@link #noteWritten}). */
    private final AtomicLong written = new AtomicLong();

    private final WatchCacheObserver observer;

    // Readable from any thread; written on the context.
    private volatile ConcurrentSkipListMap<String, CachedObject> objects = new ConcurrentSkipListMap<>();
    private volatile long revision;
    private volatile boolean ready;
    private volatile boolean closed;

    // Confined to the context.
    private final EventWindow window;
    private final FieldIndexes indexes;
    /**
     * The steps of the feed (events, progress): while a large value's attributes are computed off the loop, the
     * later ones wait, in order, so that the revision, its waiters and the watchers see events in revision order.
     */
    private final OrderedSteps feedSteps = new OrderedSteps();

    /**
     * Store revisions at which a consistent list found the store holding a range exactly as the cache did (see
     * {@link #checkedAgainstStore(ContextInternal, ListRequest, ReadFreshness, boolean)}), with the cache's revision
     * then: the range's state at the store's revision is the cache's at its own, so the list's continue pages (Exact
     * reads at the store's revision, which the cache has not seen without trusted progress) are the cache's too.
     * The latest few, oldest dropped first.
     */
    private final Map<Long, VerifiedRange> verified = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, VerifiedRange> eldest) {
            return size() > VERIFIED_RANGES;
        }
    };

    private final PriorityQueue<Waiter> waiters = new PriorityQueue<>((a, b) -> Long.compare(a.revision, b.revision));
    private final List<Runnable> pendingUntilReady = new ArrayList<>();
    private CacheWatcher[] watchers = NONE;
    private final List<TermIndex> followers = new ArrayList<>();
    private WatchSubscription feed;
    private int generation;
    private long compactedRevision;
    private long backoffMs = RELIST_BACKOFF_MIN_MS;
    private long pumpTimer = -1;
    private boolean attributesFailed;
    private boolean initialized;

    /**
     * @param source         the store underneath; the cache never writes to it
     * @param prefix         the resource's key prefix, ending in {@code /}
     * @param quorumRevision the store's current revision by a quorum read (usually {@code source::currentRevision},
     *                       or one shared reader that coalesces concurrent reads)
     * @param progressOrdered whether the store's progress reports never overtake its events (see
     *                       {@code EtcdVersion#progressNotifyOrdered()}); false is always safe
     */
    public WatchCache(
            Vertx vertx,
            Storage source,
            String prefix,
            WatchCacheConfig config,
            Supplier<Future<Long>> quorumRevision,
            boolean progressOrdered) {
        if (!prefix.endsWith("/")) {
            throw new IllegalArgumentException("a watch cache covers a prefix ending in '/': " + prefix);
        }
        this.vertx = vertx;
        this.context = ((VertxInternal) vertx).createEventLoopContext();
        this.source = source;
        this.prefix = prefix;
        this.config = config;
        this.quorumRevision = quorumRevision;
        this.progressOrdered = progressOrdered;
        this.observer = config.observer();
        this.extractor = config.attributes();
        this.window = new EventWindow(
                config.lowerBoundCapacity(),
                config.upperBoundCapacity(),
                config.eventFreshDuration().toNanos(),
                config.maxRetainedBytes());
        this.indexes = new FieldIndexes(extractor == null ? java.util.Set.of() : config.indexedFields());
        this.firstReady = context.promise();
    }

    /** A cache over a store whose progress reports follow its events (the embedded store). */
    public WatchCache(Vertx vertx, Storage source, String prefix, WatchCacheConfig config) {
        this(vertx, source, prefix, config, source::currentRevision, true);
    }

    /** Starts listing and watching; completes when the cache first holds the whole prefix. */
    public Future<Void> start() {
        context.runOnContext(v -> relist());
        return firstReady.future();
    }

    public String prefix() {
        return prefix;
    }

    /** Whether the cache serves reads (false while it lists, at start and after its feed failed). */
    public boolean ready() {
        return ready;
    }

    /** Every change up to this revision has been applied. */
    public long revision() {
        return revision;
    }

    /**
     * Completes with true once {@link #current} holds the store's state under {@code keyPrefix} as of a read begun after
     * the call, as a consistent read would serve it: for an in-process reader that must see every write completed
     * before it asked (an admission check right after a create), where the state it reads otherwise may lag the
     * store by the watch's delay. False when the cache is not ready or does not catch up within the block timeout.
     * Where progress is trusted, one shared quorum read and a wait for its revision; else the range's revisions
     * (keys only) compared with the cache's, again every {@value #RECHECK_MS} ms while the watch brings the rest.
     */
    public Future<Boolean> caughtUp(String keyPrefix) {
        ContextInternal caller = callerContext();
        if (!ready) {
            return caller.succeededFuture(false);
        }
        if (progressOrdered) {
            return quorumRevision.get().compose(current -> awaitRevision(caller, current));
        }
        return holdsStoreRange(
                caller, keyPrefix, System.nanoTime() + config.blockTimeout().toNanos());
    }

    private Future<Boolean> holdsStoreRange(ContextInternal caller, String keyPrefix, long deadline) {
        return source.rangeRevisions(keyPrefix).compose(current -> {
            Promise<Boolean> held = caller.promise();
            context.runOnContext(v -> {
                // the state's revisions only: a copy the store would decrypt differently now is as fresh
                if (ready && holdsExactly(keyPrefix, current, false)) {
                    held.complete(true);
                } else if (!ready || closed || System.nanoTime() >= deadline) {
                    held.complete(false);
                } else {
                    vertx.setTimer(
                            RECHECK_MS,
                            id -> holdsStoreRange(caller, keyPrefix, deadline).onComplete(held));
                }
            });
            return held.future();
        });
    }

    // ---------------------------------------------------------------------------------------------- reads

    /**
     * Completes when the cache first holds its whole prefix (it does not start the cache): what an in-process reader
     * of {@link #current} waits for, as an informer's HasSynced.
     */
    public Future<Void> filled() {
        return firstReady.future();
    }

    /**
     * The object held at {@code key} now, or null: the cache's current state as it is, read from any thread without
     * a wait or a hop (as an informer's lister). During a re-list it is the state before it; before the first list,
     * nothing (see {@link #filled}).
     */
    public StoredObject current(String key) {
        CachedObject found = objects.get(key);
        return found == null ? null : found.stored();
    }

    /** The objects held now (see {@link #current(String)}) whose keys start with {@code keyPrefix}, in key order. */
    public List<StoredObject> currentUnder(String keyPrefix) {
        KeyRange range = KeyRange.prefix(keyPrefix);
        List<StoredObject> out = new ArrayList<>();
        for (CachedObject o :
                objects.subMap(range.from(), true, range.to(), false).values()) {
            out.add(o.stored());
        }
        return out;
    }

    /**
     * Keeps {@code index} in step with the current objects from now on (filled with them at once if the cache holds
     * them, else at its first list), with the terms the attribute pass read of each ({@link ObjectAttributes#terms}):
     * no value is read again for it. Written on the cache's context, read from any thread (see {@link TermIndex}).
     */
    public Future<Void> follow(TermIndex index) {
        Promise<Void> followed = callerContext().promise();
        context.runOnContext(v -> {
            followers.add(index);
            if (initialized) {
                index.reset(termsByKey(objects.values()));
            }
            followed.complete();
        });
        return followed.future();
    }

    /** Reads one key as fresh as asked; NOT_FOUND when it does not exist in the state served. */
    public Future<StoredObject> get(String key, ReadFreshness freshness) {
        ContextInternal caller = callerContext();
        if (!ready) {
            return fromStore(key, freshness);
        }
        if (freshness instanceof ReadFreshness.Any) {
            return lookup(caller, key);
        }
        if (freshness instanceof ReadFreshness.Consistent) {
            if (!progressOrdered) {
                return checkedAgainstStore(caller, key, freshness);
            }
            Future<Long> current = quorumRevision.get();
            if (current.succeeded() && revision >= current.result() && ready) {
                // the cache has the revision already (always, on the embedded store): the copy in a plain call,
                // not through two compositions' futures and listeners
                return currentCopy(caller, key, freshness);
            }
            return current.compose(at -> awaitRevision(caller, at))
                    .compose(reached ->
                            reached && ready ? currentCopy(caller, key, freshness) : fromStore(key, freshness));
        }
        long wanted = freshness.revision(); // NotOlderThan, and Exact, which a get treats alike
        if (wanted <= revision) {
            return lookup(caller, key);
        }
        if (!progressOrdered) {
            return delegated(key, freshness);
        }
        return awaitRevision(caller, wanted)
                .compose(reached -> reached
                        ? lookup(caller, key)
                        : caller.failedFuture(StorageException.tooLargeResourceVersion(wanted, revision)));
    }

    /**
     * The cache's copy of {@code key} for a write that names {@code named} (a resourceVersion it read), possibly
     * stale, as {@code resourceVersion=0} reads it: when {@code named} is newer than the cache but not newer than a
     * write this server made under the prefix ({@link #noteWritten}), the copy once the cache has seen it, since
     * the event of that write is on its way; waiting at most {@code maxWaitMillis}. A client that writes again as soon
     * as its last write is answered is often a little ahead of the cache, and the store read that a copy older than
     * its resourceVersion meets costs a quorum read. The write's revision compare guards whatever copy this answers.
     */
    public Future<StoredObject> getForWrite(String key, long named, long maxWaitMillis) {
        ContextInternal caller = callerContext();
        if (!ready) {
            return fromStore(key, ReadFreshness.any());
        }
        if (named <= revision || named > written.get()) {
            return lookup(caller, key);
        }
        return awaitRevision(caller, named, maxWaitMillis, false).compose(reached -> lookup(caller, key));
    }

    /**
     * A write under this cache's prefix succeeded at {@code revision}: its event will reach the cache, so a write
     * that names it may wait for the cache ({@link #getForWrite}).
     */
    public void noteWritten(long revision) {
        written.accumulateAndGet(revision, Math::max);
    }

    /**
     * Reads a range as fresh as asked (the request's own revision is ignored; Exact names it). Pages and
     * their continue keys are the store's: a continued read is an Exact read at the first page's revision.
     */
    public Future<ListPage> list(ListRequest request, ReadFreshness freshness) {
        return read(request, freshness, false).map(ChunkedList::first);
    }

    /**
     * {@link #list}, where the store serves it read in chunks ({@link StoreReader#listChunked}); the cache's own pages
     * are whole.
     */
    public Future<ChunkedList> listChunked(ListRequest request, ReadFreshness freshness) {
        return read(request, freshness, true);
    }

    private Future<ChunkedList> read(ListRequest request, ReadFreshness freshness, boolean chunked) {
        ContextInternal caller = callerContext();
        if (!ready) {
            return fromStore(request, freshness, chunked);
        }
        if (freshness instanceof ReadFreshness.Any) {
            return onContext(caller, () -> pageAt(request, Long.MAX_VALUE, freshness, chunked));
        }
        if (freshness instanceof ReadFreshness.Consistent) {
            if (!progressOrdered) {
                return checkedAgainstStore(caller, request, freshness, chunked);
            }
            return quorumRevision
                    .get()
                    .compose(current -> awaitRevision(caller, current))
                    .compose(reached -> reached
                            ? onContext(caller, () -> pageAt(request, Long.MAX_VALUE, freshness, chunked))
                            : fromStore(request, freshness, chunked));
        }
        long wanted = freshness.revision();
        if (wanted > revision && !progressOrdered) {
            // Without trusted progress the cache cannot tell whether it has seen a newer revision of a quiet
            // resource: the store serves it (and says when the revision is in the future), unless it is a
            // consistent list's revision, verified for the range.
            return freshness instanceof ReadFreshness.Exact
                    ? onContext(caller, () -> verifiedPage(request, wanted, freshness, chunked))
                    : delegated(request, freshness, chunked);
        }
        if (freshness instanceof ReadFreshness.NotOlderThan) {
            return awaitRevision(caller, wanted)
                    .compose(reached -> reached
                            ? onContext(caller, () -> pageAt(request, Long.MAX_VALUE, freshness, chunked))
                            : caller.failedFuture(StorageException.tooLargeResourceVersion(wanted, revision)));
        }
        if (wanted <= revision) {
            return onContext(caller, () -> pageAt(request, wanted, freshness, chunked));
        }
        // An exact revision the cache has not seen: the store's answer for a future one, else wait for it.
        return quorumRevision
                .get()
                .compose(current -> wanted > current
                        ? caller.failedFuture(StorageException.tooLargeResourceVersion(wanted, current))
                        : awaitRevision(caller, wanted)
                                .compose(reached -> reached
                                        ? onContext(caller, () -> pageAt(request, wanted, freshness, chunked))
                                        : fromStore(request, freshness, chunked)));
    }

    /**
     * Reads the cache could not serve and handed to the store: while it was not ready, consistent reads it did
     * not catch up for within the block timeout, and Exact reads older than its window. A metric, and what the
     * tests check to know the cache did the serving.
     */
    public long storeReads() {
        return storeReads.get();
    }

    /**
     * Reads handed to the store because the store's progress reports are not trusted (consistent reads whose key or
     * range the cache does not hold at the store's revisions, and reads of a revision newer than the cache's), and
     * consistent reads of a copy the store would not read alike now (see {@link StoreReader#readsAlike}): by design,
     * not for want of the cache.
     */
    public long delegatedReads() {
        return delegatedReads.get();
    }

    private Future<StoredObject> delegated(String key, ReadFreshness freshness) {
        delegatedReads.incrementAndGet();
        return source.get(key, freshness);
    }

    private Future<ChunkedList> delegated(ListRequest request, ReadFreshness freshness, boolean chunked) {
        delegatedReads.incrementAndGet();
        return storeList(request, freshness, chunked);
    }

    private Future<StoredObject> fromStore(String key, ReadFreshness freshness) {
        storeReads.incrementAndGet();
        return source.get(key, freshness);
    }

    private Future<ChunkedList> fromStore(ListRequest request, ReadFreshness freshness, boolean chunked) {
        storeReads.incrementAndGet();
        return storeList(request, freshness, chunked);
    }

    private Future<ChunkedList> storeList(ListRequest request, ReadFreshness freshness, boolean chunked) {
        return chunked
                ? source.listChunked(request, freshness)
                : source.list(request, freshness).map(ChunkedList::whole);
    }

    /**
     * A consistent get where the cache cannot tell it is current (the store's progress reports are not trusted): a
     * quorum read of the key's modification revision alone, then the cache's copy if it is at that revision (the very
     * bytes the store holds, which etcd then need not send) and the store would read them alike, else the store's
     * read. Linearizable as the store's own get: the revision is read after the request began. A key the cache does
     * not hold, or holds read otherwise than the store would read it now, is the store's read at once (the revision
     * could not make the copy the answer).
     */
    private Future<StoredObject> checkedAgainstStore(ContextInternal caller, String key, ReadFreshness freshness) {
        CachedObject held = objects.get(key);
        if (held == null || !source.readsAlike(held.stored())) {
            return delegated(key, freshness);
        }
        return source.modRevision(key).transform(current -> {
            if (current.failed()) {
                return caller.failedFuture(current.cause()); // NOT_FOUND included: the key is gone
            }
            CachedObject found = objects.get(key); // the cache may have caught up meanwhile
            return found != null
                            && found.stored().modRevision() == current.result()
                            && source.readsAlike(found.stored())
                    ? caller.succeededFuture(found.stored())
                    : delegated(key, freshness);
        });
    }

    /**
     * A consistent list where the cache cannot tell it is current (the store's progress reports are not trusted): a
     * quorum read of the range's keys and their modification revisions alone, then the cache's page, carrying that
     * read's revision, when the cache holds exactly those keys at those revisions (the range's stored bytes as the
     * store held them then, which etcd then need not send) and the store would read them alike; else the store's list.
     * Linearizable as the store's own list: the revisions are read after the request began. A cache ahead of that
     * read answers alike: it matched, so nothing in the range changed in between.
     */
    private Future<ChunkedList> checkedAgainstStore(
            ContextInternal caller, ListRequest request, ReadFreshness freshness, boolean chunked) {
        return source.rangeRevisions(request.prefix()).transform(read -> {
            if (read.failed()) {
                return caller.failedFuture(read.cause());
            }
            RangeRevisions current = read.result();
            return onContext(caller, () -> {
                if (!ready || !holdsExactly(request.prefix(), current, true)) {
                    return delegated(request, freshness, chunked);
                }
                verified.put(current.revision(), new VerifiedRange(request.prefix(), revision));
                return Future.succeededFuture(
                        ChunkedList.whole(page(request, revision).at(current.revision())));
            });
        });
    }

    /**
     * On the context: an Exact read at a store revision the cache has not reached, where a consistent list verified
     * the range at it (a continue page of that list): the cache's page at the revision it had then, while its window
     * still reaches back to it (else the store's read); any other such read is the store's.
     */
    private Future<ChunkedList> verifiedPage(ListRequest request, long at, ReadFreshness freshness, boolean chunked) {
        VerifiedRange range = verified.get(at);
        if (range == null || !request.prefix().startsWith(range.prefix())) {
            return delegated(request, freshness, chunked);
        }
        // the store's read where the window no longer reaches back: it reads at the store's revision itself
        return pageAt(request, range.cacheRevision(), freshness, chunked)
                .map(list -> new ChunkedList(list.first().at(at), list.rest()));
    }

    /**
     * On the context: whether the cache holds exactly the range's keys at these revisions, and if {@code readAlike}
     * each copy's bytes as the store would read them now.
     */
    private boolean holdsExactly(String prefix, RangeRevisions current, boolean readAlike) {
        KeyRange range = KeyRange.prefix(prefix);
        Iterator<CachedObject> held =
                objects.subMap(range.from(), true, range.to(), false).values().iterator();
        for (int i = 0; i < current.size(); i++) {
            if (!held.hasNext()) {
                return false;
            }
            StoredObject copy = held.next().stored();
            if (copy.modRevision() != current.modRevision(i)
                    || !copy.key().equals(current.key(i))
                    || (readAlike && !source.readsAlike(copy))) {
                return false;
            }
        }
        return !held.hasNext();
    }

    /**
     * A consistent get once the cache has caught up with the store: its copy, unless the store would no longer read
     * the copy's bytes alike (its transformer of the key was replaced); then the store's read, which kube-apiserver
     * makes for every get without resourceVersion.
     */
    private Future<StoredObject> currentCopy(ContextInternal caller, String key, ReadFreshness freshness) {
        CachedObject found = objects.get(key);
        if (found == null) {
            return caller.failedFuture(StorageException.notFound(key));
        }
        return source.readsAlike(found.stored()) ? caller.succeededFuture(found.stored()) : delegated(key, freshness);
    }

    private Future<StoredObject> lookup(ContextInternal caller, String key) {
        CachedObject found = objects.get(key);
        return found != null
                ? caller.succeededFuture(found.stored())
                : caller.failedFuture(StorageException.notFound(key));
    }

    /** Runs a page read on the cache's context, where the state is coherent, and answers on the caller's. */
    private Future<ChunkedList> onContext(ContextInternal caller, Supplier<Future<ChunkedList>> read) {
        Promise<ChunkedList> promise = caller.promise();
        context.runOnContext(v -> {
            Future<ChunkedList> page;
            try {
                page = read.get();
            } catch (RuntimeException e) {
                page = Future.failedFuture(e);
            }
            page.onComplete(promise);
        });
        return promise.future();
    }

    /** On the context: the page at {@code at} (MAX_VALUE: the current state), or the store's when the cache cannot. */
    private Future<ChunkedList> pageAt(ListRequest request, long at, ReadFreshness freshness, boolean chunked) {
        if (!ready) {
            return fromStore(request, freshness, chunked);
        }
        if (at != Long.MAX_VALUE && at < revision && (at < window.start() || at < compacted())) {
            return fromStore(
                    request, freshness, chunked); // older than the window: the store serves it or says COMPACTED
        }
        return Future.succeededFuture(ChunkedList.whole(page(request, Math.min(at, revision))));
    }

    private ListPage page(ListRequest request, long at) {
        KeyRange range = KeyRange.prefix(request.prefix());
        String from = request.startKey() != null && request.startKey().compareTo(range.from()) > 0
                ? request.startKey()
                : range.from();
        if (from.compareTo(range.to()) >= 0) {
            return new ListPage(List.of(), at, null, null);
        }
        NavigableMap<String, CachedObject> current = objects.subMap(from, true, range.to(), false);
        Predicate<CachedObject> keep = keepFor(request.filter());
        String index = at == revision ? usableIndex(request.filter()) : null;
        Iterator<CachedObject> candidates = index != null
                ? indexCandidates((AttributeFilter) request.filter(), from, range.to())
                : at == revision
                        ? current.values().iterator()
                        : new PastState(current, undoneAfter(at, from, range.to()));
        long[] fetched = new long[1];
        Iterator<CachedObject> counted = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return candidates.hasNext();
            }

            @Override
            public CachedObject next() {
                fetched[0]++;
                return candidates.next();
            }
        };
        ListPage page = collect(counted, keep, request.limit(), at);
        observer.listServed(index == null ? "" : index, fetched[0], page.items().size());
        return page;
    }

    private String usableIndex(Predicate<StoredObject> filter) {
        return filter instanceof AttributeFilter af && af.indexField() != null && indexes.has(af.indexField())
                ? af.indexField()
                : null;
    }

    private Iterator<CachedObject> indexCandidates(AttributeFilter af, String from, String to) {
        Iterator<String> keys = indexes.keys(af.indexField(), af.indexValue())
                .subSet(from, true, to, false)
                .iterator();
        ConcurrentSkipListMap<String, CachedObject> map = objects;
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return keys.hasNext();
            }

            @Override
            public CachedObject next() {
                return map.get(keys.next());
            }
        };
    }

    /** For every key in [from, to) that changed after {@code at}: its state then (empty: it did not exist). */
    private NavigableMap<String, Optional<CachedObject>> undoneAfter(long at, String from, String to) {
        NavigableMap<String, Optional<CachedObject>> then = new TreeMap<>();
        window.forEachAfter(at, e -> {
            if (e.key().compareTo(from) >= 0 && e.key().compareTo(to) < 0) {
                then.putIfAbsent(e.key(), Optional.ofNullable(e.before()));
            }
        });
        return then;
    }

    private Predicate<CachedObject> keepFor(Predicate<StoredObject> filter) {
        if (filter == null) {
            return null;
        }
        if (filter instanceof AttributeFilter af && extractor != null) {
            return o -> af.selector().test(o.attributes());
        }
        return o -> filter.test(o.stored());
    }

    private static ListPage collect(
            Iterator<CachedObject> candidates, Predicate<CachedObject> keep, long limit, long at) {
        List<StoredObject> items = new ArrayList<>();
        while (candidates.hasNext()) {
            CachedObject o = candidates.next();
            if (o == null || (keep != null && !keep.test(o))) {
                continue;
            }
            items.add(o.stored());
            if (limit > 0 && items.size() >= limit && candidates.hasNext()) {
                Long remaining = null;
                if (keep == null) {
                    long n = 0;
                    while (candidates.hasNext()) {
                        if (candidates.next() != null) {
                            n++;
                        }
                    }
                    remaining = n;
                }
                return new ListPage(items, at, o.stored().key() + "\0", remaining);
            }
        }
        return new ListPage(items, at, null, null);
    }

    /** The objects of a past revision in key order: the current ones with the later changes undone. */
    private static final class PastState implements Iterator<CachedObject> {
        private final Iterator<Map.Entry<String, CachedObject>> current;
        private final Iterator<Map.Entry<String, Optional<CachedObject>>> undone;
        private Map.Entry<String, CachedObject> c;
        private Map.Entry<String, Optional<CachedObject>> u;
        private CachedObject next;

        PastState(NavigableMap<String, CachedObject> current, NavigableMap<String, Optional<CachedObject>> undone) {
            this.current = current.entrySet().iterator();
            this.undone = undone.entrySet().iterator();
            this.c = this.current.hasNext() ? this.current.next() : null;
            this.u = this.undone.hasNext() ? this.undone.next() : null;
            advance();
        }

        private void advance() {
            next = null;
            while (next == null && (c != null || u != null)) {
                int cmp = c == null ? 1 : u == null ? -1 : c.getKey().compareTo(u.getKey());
                if (cmp < 0) {
                    next = c.getValue();
                    c = current.hasNext() ? current.next() : null;
                } else {
                    next = u.getValue().orElse(null);
                    if (cmp == 0) {
                        c = current.hasNext() ? current.next() : null;
                    }
                    u = undone.hasNext() ? undone.next() : null;
                }
            }
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public CachedObject next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            CachedObject out = next;
            advance();
            return out;
        }
    }

    // ---------------------------------------------------------------------------------------------- waiting

    private record Waiter(long revision, Promise<Boolean> promise, long timer) {}

    /** True once the cache has seen {@code wanted}; false after the block timeout. */
    private Future<Boolean> awaitRevision(ContextInternal caller, long wanted) {
        return awaitRevision(caller, wanted, config.blockTimeout().toMillis(), true);
    }

    /**
     * True once the cache has seen {@code wanted}; false after {@code timeoutMillis}. With {@code askProgress} the
     * feed is asked for progress while the read waits (a quiet resource's revision moves only so); without, the
     * caller knows an event at or after {@code wanted} is on its way.
     */
    private Future<Boolean> awaitRevision(
            ContextInternal caller, long wanted, long timeoutMillis, boolean askProgress) {
        if (revision >= wanted) {
            return caller.succeededFuture(true);
        }
        Promise<Boolean> promise = caller.promise();
        context.runOnContext(v -> {
            if (revision >= wanted || closed) {
                promise.complete(revision >= wanted);
                return;
            }
            Waiter[] self = new Waiter[1];
            long timer = vertx.setTimer(timeoutMillis, id -> {
                waiters.remove(self[0]);
                promise.tryComplete(false);
            });
            self[0] = new Waiter(wanted, promise, timer);
            waiters.add(self[0]);
            if (askProgress) {
                pumpProgress();
            }
        });
        return promise.future();
    }

    /** Asks the feed for progress now and, while reads wait, every {@value #PROGRESS_PUMP_MS} ms. */
    private void pumpProgress() {
        if (feed != null) {
            feed.requestProgress();
        }
        if (pumpTimer < 0) {
            pumpTimer = vertx.setPeriodic(PROGRESS_PUMP_MS, id -> {
                if (waiters.isEmpty() || closed) {
                    vertx.cancelTimer(id);
                    pumpTimer = -1;
                } else if (feed != null) {
                    feed.requestProgress();
                }
            });
        }
    }

    private void releaseWaiters() {
        while (!waiters.isEmpty() && waiters.peek().revision <= revision) {
            Waiter w = waiters.poll();
            vertx.cancelTimer(w.timer);
            w.promise.tryComplete(true);
        }
    }

    // ---------------------------------------------------------------------------------------------- watches

    /**
     * Watches one key, or every key under a prefix ending in {@code /}, within this cache's prefix, with the
     * store's contract: every change after {@code afterRevision} (0: from the store's current revision).
     */
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        Context current = Vertx.currentContext();
        Context delivery = current != null ? current : context;
        CacheWatcher watcher = new CacheWatcher(
                this, KeyRange.of(keyOrPrefix).canonical(), afterRevision, listener, delivery, config.watcherBuffer());
        if (afterRevision > 0) {
            context.runOnContext(v -> register(watcher, afterRevision));
        } else {
            quorumRevision.get().onComplete(ar -> {
                if (ar.failed()) {
                    watcher.fail(
                            ar.cause() instanceof StorageException se
                                    ? se
                                    : StorageException.unavailable("reading the current revision failed", ar.cause()));
                } else {
                    context.runOnContext(v -> register(watcher, ar.result()));
                }
            });
        }
        return watcher;
    }

    private void register(CacheWatcher watcher, long after) {
        if (watcher.ended()) {
            return;
        }
        if (closed) {
            watcher.terminate("the watch cache is closed");
            return;
        }
        if (!ready) {
            pendingUntilReady.add(() -> register(watcher, after));
            return;
        }
        long compacted = compacted();
        long oldest = Math.max(window.start(), compacted - 1);
        if (after < oldest) {
            watcher.fail(new StorageException(
                    StorageException.Reason.COMPACTED,
                    null,
                    Math.max(window.start(), compacted),
                    null,
                    "too old resource version: " + after + " (" + oldest + ")",
                    null));
            return;
        }
        watcher.replay(window.after(after), after, revision);
        CacheWatcher[] next = Arrays.copyOf(watchers, watchers.length + 1);
        next[watchers.length] = watcher;
        watchers = next;
    }

    /** From a watcher: a progress report after what it has queued. */
    void progressRequested(CacheWatcher watcher) {
        context.runOnContext(v -> {
            watcher.progress(revision);
            if (feed != null) {
                feed.requestProgress();
            }
        });
    }

    /** On this cache's context: the events the window holds, how far a watcher may lag before its first turn. */
    int windowCapacity() {
        return window.capacity();
    }

    /** From a watcher that closed. */
    void remove(CacheWatcher watcher) {
        context.runOnContext(v -> removeNow(watcher));
    }

    private void removeNow(CacheWatcher watcher) {
        for (int i = 0; i < watchers.length; i++) {
            if (watchers[i] == watcher) {
                CacheWatcher[] next = new CacheWatcher[watchers.length - 1];
                System.arraycopy(watchers, 0, next, 0, i);
                System.arraycopy(watchers, i + 1, next, i, watchers.length - i - 1);
                watchers = next;
                return;
            }
        }
    }

    /** Watchers registered now (for metrics and tests). */
    public Future<Integer> watcherCount() {
        Promise<Integer> p = callerContext().promise();
        context.runOnContext(v -> p.complete(watchers.length));
        return p.future();
    }

    /**
     * The window's start revision, its event count, its capacity and the bytes of old versions it keeps
     * alive (for metrics and tests).
     */
    public Future<long[]> windowState() {
        Promise<long[]> p = callerContext().promise();
        context.runOnContext(
                v -> p.complete(new long[] {window.start(), window.size(), window.capacity(), window.retainedBytes()}));
        return p.future();
    }

    // ---------------------------------------------------------------------------------------------- the feed

    private void relist() {
        if (closed) {
            return;
        }
        int gen = ++generation;
        feedSteps.clear(); // the replaced feed's; a computation still running finds its generation gone
        ready = false;
        closeFeed();
        listPage(gen, new ConcurrentSkipListMap<>(), null, 0);
    }

    private void listPage(int gen, ConcurrentSkipListMap<String, CachedObject> fresh, String start, long at) {
        source.list(new ListRequest(prefix, at, LIST_PAGE, start, null)).onComplete(ar -> {
            if (gen != generation || closed) {
                return;
            }
            if (ar.failed()) {
                retry(gen, "listing " + prefix + " failed", ar.cause());
                return;
            }
            ListPage page = ar.result();
            List<Future<ObjectAttributes>> computed =
                    new ArrayList<>(page.items().size());
            boolean done = true;
            for (StoredObject o : page.items()) {
                Future<ObjectAttributes> attributes = attributeWork(o);
                computed.add(attributes);
                done &= attributes.isComplete();
            }
            Runnable fill = () -> {
                if (gen != generation || closed) {
                    return;
                }
                for (int i = 0; i < computed.size(); i++) {
                    StoredObject o = page.items().get(i);
                    fresh.put(o.key(), new CachedObject(o, attributesOr(computed.get(i), o)));
                }
                if (page.hasMore()) {
                    listPage(gen, fresh, page.nextKey(), page.revision());
                } else {
                    replace(gen, fresh, page.revision());
                }
            };
            if (done) {
                fill.run();
            } else {
                Future.join(computed).onComplete(all -> context.runOnContext(v -> fill.run()));
            }
        });
    }

    private void replace(int gen, ConcurrentSkipListMap<String, CachedObject> fresh, long listRevision) {
        if (!followers.isEmpty()) {
            Map<String, Set<String>> terms = termsByKey(fresh.values());
            followers.forEach(f -> f.reset(terms));
        }
        objects = fresh;
        verified.clear(); // the revisions they name may be gone from the new window
        indexes.rebuild(fresh.values());
        int capacityBefore = initialized ? window.capacity() : 0;
        window.reset(listRevision);
        if (capacityBefore != window.capacity()) {
            observer.capacityChanged(capacityBefore, window.capacity());
        }
        initialized = true;
        revision = listRevision;
        observer.initialized(listRevision);
        observer.revision(listRevision);
        feed = source.watch(prefix, listRevision, new Feed(gen));
        ready = true;
        backoffMs = RELIST_BACKOFF_MIN_MS;
        LOG.debug("watch cache {} holds {} objects at revision {}", prefix, fresh.size(), listRevision);
        releaseWaiters();
        List<Runnable> pending = new ArrayList<>(pendingUntilReady);
        pendingUntilReady.clear();
        pending.forEach(Runnable::run);
        firstReady.tryComplete();
    }

    private void retry(int gen, String what, Throwable cause) {
        LOG.warn("watch cache {}: {}; listing again in {} ms", prefix, what + ": " + cause.getMessage(), backoffMs);
        long delay = backoffMs;
        backoffMs = Math.min(backoffMs * 2, RELIST_BACKOFF_MAX_MS);
        vertx.setTimer(delay, id -> {
            if (gen == generation) {
                relist();
            }
        });
    }

    /** The feed's listener: hops every call onto the cache's context, and ignores a replaced feed. */
    private final class Feed implements WatchListener {
        private final int gen;

        Feed(int gen) {
            this.gen = gen;
        }

        @Override
        public void onEvent(WatchEvent event) {
            context.runOnContext(v -> inOrder(gen, () -> receive(gen, event)));
        }

        /** The cache holds every object of its feed: the value before a change is its own copy ({@link #apply}). */
        @Override
        public boolean needsPrevious() {
            return false;
        }

        @Override
        public void onProgress(long progress) {
            if (!progressOrdered) {
                return; // it may have overtaken events still on their way (etcd-io/etcd#15220)
            }
            context.runOnContext(v -> inOrder(gen, () -> {
                if (progress > revision) {
                    revision = progress;
                    observer.revision(progress);
                    releaseWaiters();
                }
            }));
        }

        @Override
        public void onError(StorageException error) {
            context.runOnContext(v -> {
                if (gen == generation && !closed) {
                    restart(error);
                }
            });
        }
    }

    /** As kube-apiserver's cacher on a failed watch: every watcher ends (and re-watches); the cache lists again. */
    private void restart(StorageException error) {
        ready = false;
        closeFeed();
        terminateWatchers("the watch cache of " + prefix + " is re-listing");
        if (error.reason() == StorageException.Reason.COMPACTED) {
            relist();
        } else {
            retry(generation, "its watch failed", error);
        }
    }

    /** Runs a step of the current feed now, or after the steps still waiting ahead of it. */
    private void inOrder(int gen, Runnable step) {
        if (gen != generation || closed) {
            return;
        }
        if (feedSteps.busy()) {
            feedSteps.run(() -> {
                if (gen == generation && !closed) {
                    step.run();
                }
            });
        } else {
            step.run();
        }
    }

    /**
     * An event of the feed, nothing pending ahead of it: applied at once, or, when its value is large, once its
     * attributes are computed off the loop, the feed's later steps waiting behind it. Attributes that cannot be
     * read do not stop the feed: the object is cached without them (see {@link #attributesOr}).
     */
    private void receive(int gen, WatchEvent event) {
        StoredObject subject =
                extractor == null || (event.type() == WatchEvent.Type.DELETE && objects.containsKey(event.key()))
                        ? null // none, or a delete of a cached object, whose attributes it has
                        : event.object();
        Future<ObjectAttributes> computed = subject == null ? null : attributeWork(subject);
        if (computed == null || computed.isComplete()) {
            apply(event, computed == null ? ObjectAttributes.NONE : attributesOr(computed, subject));
            return;
        }
        feedSteps.after(computed, done -> {
            if (gen == generation && !closed) {
                apply(event, attributesOr(done, subject));
            }
        });
    }

    /** @param computed the attributes of the event's object (a delete of a cached object uses the cached ones) */
    private void apply(WatchEvent event, ObjectAttributes computed) {
        observer.eventReceived();
        long rev = event.revision();
        if (rev < revision) {
            // A progress report overtook this event (etcd before 3.4.24, etcd-io/etcd#15220): the cache may have
            // served a state without it, so it starts over from a fresh list rather than go on inconsistent.
            restart(StorageException.internal(
                    "watch cache " + prefix + ": event at revision " + rev + " arrived after progress to " + revision,
                    null));
            return;
        }
        String key = event.key();
        CachedObject before = objects.get(key);
        StoredObject previous = before == null ? null : before.stored();
        CachedObject after;
        WatchEvent shared;
        ObjectAttributes attributes;
        if (event.type() == WatchEvent.Type.PUT) {
            after = new CachedObject(event.object(), computed);
            attributes = after.attributes();
            shared = new WatchEvent(WatchEvent.Type.PUT, key, event.object(), previous);
        } else {
            after = null;
            // The deleted object is the cache's last copy at the delete's revision: its bytes are not copied again.
            StoredObject gone = previous == null
                    ? event.object()
                    : new StoredObject(key, previous.value(), rev, previous.createRevision(), previous.readWith());
            attributes = before == null ? computed : before.attributes();
            shared = new WatchEvent(WatchEvent.Type.DELETE, key, gone, previous);
        }
        CacheEvent cached = new CacheEvent(shared, attributes, before, System.nanoTime());
        int capacityBefore = window.capacity();
        window.add(cached);
        if (capacityBefore != window.capacity()) {
            observer.capacityChanged(capacityBefore, window.capacity());
        }
        // the terms were read with the attributes (off the loop for a large value): the indexes only file the key
        Set<String> terms = after == null ? null : after.attributes().terms();
        if (terms != null) {
            followers.forEach(f -> f.changing(key, terms));
        }
        if (after != null) {
            objects.put(key, after);
        } else {
            objects.remove(key);
        }
        followers.forEach(f -> f.changed(key, terms));
        indexes.update(before, after);
        revision = rev;
        observer.revision(rev);
        dispatch(cached);
        releaseWaiters();
    }

    private void dispatch(CacheEvent event) {
        CacheWatcher[] all = watchers;
        List<CacheWatcher> gone = null;
        for (CacheWatcher w : all) {
            if (!w.offer(event)) {
                if (gone == null) {
                    gone = new ArrayList<>();
                }
                gone.add(w);
            }
        }
        observer.eventDispatched(all.length);
        if (gone != null) {
            observer.watchersTerminated(gone.size());
            LOG.info("watch cache {}: terminated {} watcher(s) that fell behind", prefix, gone.size());
            gone.forEach(this::removeNow);
        }
    }

    /** Each object's index terms, by key, as its attributes have them. */
    private static Map<String, Set<String>> termsByKey(Collection<CachedObject> cached) {
        Map<String, Set<String>> terms = new HashMap<>();
        for (CachedObject o : cached) {
            terms.put(o.stored().key(), o.attributes().terms());
        }
        return terms;
    }

    /** The attributes of {@code o}: computed inline, or off the loop when its value is large; answers on the loop. */
    private Future<ObjectAttributes> attributeWork(StoredObject o) {
        if (extractor == null) {
            return Future.succeededFuture(ObjectAttributes.NONE);
        }
        return config.attributeWork().run(o.value().length, () -> extractor.apply(o));
    }

    /**
     * The computed attributes, or none when they could not be read (a value that does not decode): the object is
     * still cached and served by gets and unfiltered lists as the store has it, but no selector matches it. The
     * feed goes on rather than skip the event (the cache would then differ from the store) or list again (the same
     * value would fail again, and the cache would never be ready).
     */
    private ObjectAttributes attributesOr(Future<ObjectAttributes> computed, StoredObject o) {
        if (computed.succeeded()) {
            return computed.result();
        }
        if (!attributesFailed) {
            attributesFailed = true;
            LOG.warn(
                    "watch cache {}: attributes of {} could not be read; selectors will not match it",
                    prefix,
                    o.key(),
                    computed.cause());
        }
        return ObjectAttributes.NONE;
    }

    private void terminateWatchers(String why) {
        for (CacheWatcher w : watchers) {
            w.terminate(why);
        }
        watchers = NONE;
    }

    private void closeFeed() {
        WatchSubscription f = feed;
        feed = null;
        if (f != null) {
            f.close();
        }
    }

    /** The revision below which history is gone: as told, or as the store knows it (compacted by another client). */
    private long compacted() {
        return Math.max(compactedRevision, source.compactedRevision());
    }

    /** The store compacted its history up to {@code revision}: reads and watches before it are no longer served. */
    public void compacted(long revision) {
        context.runOnContext(v -> compactedRevision = Math.max(compactedRevision, revision));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.runOnContext(v -> {
            generation++;
            feedSteps.clear();
            ready = false;
            closeFeed();
            terminateWatchers("the watch cache of " + prefix + " is closed");
            for (Waiter w : waiters) {
                vertx.cancelTimer(w.timer);
                w.promise.tryComplete(false);
            }
            waiters.clear();
            List<Runnable> pending = new ArrayList<>(pendingUntilReady);
            pendingUntilReady.clear();
            pending.forEach(Runnable::run); // each finds the cache closed and terminates its watcher
            firstReady.tryFail(StorageException.unavailable("the watch cache of " + prefix + " was closed", null));
        });
    }

    private ContextInternal callerContext() {
        Context current = Vertx.currentContext();
        return current instanceof ContextInternal ci ? ci : context;
    }
}
