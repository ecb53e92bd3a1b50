package cloud.gardener.apiserver.storage.etcd3;

import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.GuaranteedUpdate;
import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.google.protobuf.ByteString;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.TxnResponse;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Storage} on etcd v3: reads and writes through {@link EtcdKv} (etcd's KV service over one gRPC
 * channel per event loop, requests built by {@link KvRequests}, concurrent GETs coalesced by {@link
 * GetBatcher}); watches, compaction and the maintenance API through jetcd.
 *
 * <p>Writes are single transactions compared on revisions and are never re-sent, and every unary call carries
 * a deadline, so a write whose outcome is unknown fails with UNAVAILABLE instead of running twice (Jepsen,
 * jetcd 0.8.2). Reads are idempotent and are retried on UNAVAILABLE within the same deadline budget.
 *
 * <p>Results complete on the caller's context (on its own event loop's thread, without a hop, for KV calls);
 * nothing here blocks.
 */
public final class EtcdStorage implements Storage {

    private static final Logger LOG = LoggerFactory.getLogger(EtcdStorage.class);

    /** Key read by {@link #ping()} and {@link #currentRevision()}; it need not exist (kube-apiserver reads "health" too). */
    static final ByteString HEALTH_KEY = KvRequests.key("health");
    /** Chunk size of range reads that would otherwise be unbounded (keeps responses well below gRPC limits). */
    static final long CHUNK = 1000;
    /** Largest chunk when a filter makes the store read ahead (kube-apiserver's maxLimit). */
    static final long MAX_FILTER_CHUNK = 10_000;
    /**
     * Values per range read of a streamed list ({@link #listChunked}): about 2 MiB of 8.6 KB objects, small enough to
     * die young (a chunk of 1,000, 8.6 MiB, outlived young collections, was promoted and made G1 grow the heap) and
     * below G1's region size times a few; as fast as 1,000 (issue 17's benchmark).
     */
    static final long LIST_CHUNK = 250;

    private static final byte[] EMPTY = new byte[0];

    private final Vertx vertx;
    private final ContextInternal ownContext;
    private final EtcdConfig config;
    private final Client client;
    private final KV kv;
    private final Watch watchClient;
    private final ReconnectPacer reconnects;
    private final EtcdKv kvCalls;
    private final AtomicLong compactedRevision = new AtomicLong();
    private final Set<EtcdWatch> watches = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The most values one range read of a streamed list holds ({@link #listChunked}). */
    private final long listChunk;

    /**
     * Connects lazily (the first request dials). {@code vertx} is shared with jetcd and stays open when
     * this storage closes.
     */
    public EtcdStorage(Vertx vertx, EtcdConfig config) {
        this(vertx, config, List.of());
    }

    /** With extra gRPC interceptors on the KV calls (tests count requests with one). */
    EtcdStorage(Vertx vertx, EtcdConfig config, List<ClientInterceptor> kvInterceptors) {
        this(vertx, config, kvInterceptors, LIST_CHUNK);
    }

    /**
     * With a streamed list's chunk size instead of {@link #LIST_CHUNK} (tests read a few values in several chunks).
     */
    public EtcdStorage(Vertx vertx, EtcdConfig config, long listChunk) {
        this(vertx, config, List.of(), listChunk);
    }

    /** With extra gRPC interceptors and a streamed list's chunk size. */
    EtcdStorage(Vertx vertx, EtcdConfig config, List<ClientInterceptor> kvInterceptors, long listChunk) {
        this.listChunk = listChunk;
        this.vertx = vertx;
        this.config = config;
        this.ownContext = (ContextInternal) vertx.getOrCreateContext();
        ClientBuilder settings = clientBuilder(vertx, config);
        this.client = settings.build();
        this.kv = client.getKVClient();
        this.watchClient = client.getWatchClient();
        this.reconnects = ReconnectPacer.start(vertx, client, ReconnectPacer.DEFAULT_CAP);
        this.kvCalls = new EtcdKv(vertx, settings, config.requestTimeout(), compactedRevision::get, kvInterceptors);
    }

    private static ClientBuilder clientBuilder(Vertx vertx, EtcdConfig config) {
        Duration timeout = config.requestTimeout();
        ClientBuilder builder = Client.builder()
                .vertx(SharedVertx.withoutClose(vertx))
                .endpoints(config.endpoints())
                // Idempotent reads may be retried on UNAVAILABLE, but never past one request's budget
                // (Failsafe wants the backoff below that budget).
                .retryDelay(Math.max(1, Math.min(500, timeout.toMillis() / 4)))
                .retryMaxDelay(Math.max(2, Math.min(2500, timeout.toMillis() / 2)))
                .retryMaxDuration(timeout)
                .connectTimeout(timeout.compareTo(Duration.ofSeconds(5)) < 0 ? timeout : Duration.ofSeconds(5))
                // etcd refuses keepalive pings without active calls (GOAWAY too_many_pings, jetcd#1075).
                .keepaliveWithoutCalls(false)
                .maxInboundMessageSize(256 * 1024 * 1024)
                .interceptor(new UnaryDeadline(timeout));
        if (config.tls()) {
            try {
                builder.sslContext(ssl -> {
                    ssl.trustManager(config.caFile().toFile());
                    if (config.certFile() != null) {
                        ssl.keyManager(
                                config.certFile().toFile(), config.keyFile().toFile());
                    }
                });
            } catch (SSLException | RuntimeException e) {
                throw new IllegalArgumentException("cannot build the etcd TLS context: " + e.getMessage(), e);
            }
        }
        return builder;
    }

    public EtcdConfig config() {
        return config;
    }

    // ---------------------------------------------------------------- writes

    @Override
    public Future<StoredObject> create(String key, byte[] value) {
        return kvCalls.write(callerContext(), KvRequests.create(KvRequests.key(key), value))
                .compose(txn -> {
                    if (!txn.getSucceeded()) {
                        return Future.failedFuture(StorageException.keyExists(key));
                    }
                    long rev = txn.getHeader().getRevision();
                    return Future.succeededFuture(new StoredObject(key, value, rev, rev));
                });
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        return written(key, updateOn(callerContext(), key, expectedRevision, 0, value));
    }

    @Override
    public Future<StoredObject> update(StoredObject current, byte[] value) {
        return written(
                current.key(),
                updateOn(callerContext(), current.key(), current.modRevision(), current.createRevision(), value));
    }

    private static Future<StoredObject> written(String key, Future<WriteOutcome> outcome) {
        return outcome.compose(
                o -> o.written() != null ? Future.succeededFuture(o.written()) : Future.failedFuture(o.failure(key)));
    }

    /**
     * One compare-and-put round trip; a failed compare carries the current object from the else branch. A known
     * {@code createRevision} (not 0, with an expected revision: the compare pins the key's incarnation) spares the
     * transaction its read of it.
     */
    private Future<WriteOutcome> updateOn(
            ContextInternal ctx, String key, long expectedRevision, long createRevision, byte[] value) {
        boolean known = createRevision != 0 && expectedRevision != 0;
        return kvCalls.write(ctx, KvRequests.update(KvRequests.key(key), expectedRevision, value, !known))
                .map(txn -> {
                    if (txn.getSucceeded()) {
                        long rev = txn.getHeader().getRevision();
                        long created = known ? createRevision : createdBefore(txn, rev);
                        return new WriteOutcome(new StoredObject(key, value, rev, created), null);
                    }
                    return new WriteOutcome(null, current(key, txn));
                });
    }

    /** The create revision the update transaction's keys-only read found ({@code rev} when none). */
    private static long createdBefore(TxnResponse txn, long rev) {
        RangeResponse before = txn.getResponses(0).getResponseRange();
        return before.getKvsCount() == 0 || before.getKvs(0).getCreateRevision() == 0
                ? rev
                : before.getKvs(0).getCreateRevision();
    }

    @Override
    public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
        ContextInternal ctx = callerContext();
        return getOn(ctx, key)
                .compose(current -> GuaranteedUpdate.run(
                        current,
                        () -> getOn(ctx, key),
                        fn,
                        maxAttempts,
                        (cur, value) -> updateOn(ctx, key, cur.modRevision(), cur.createRevision(), value)
                                .compose(outcome -> outcome.written() != null
                                        ? ctx.succeededFuture(outcome.written())
                                        : ctx.failedFuture(outcome.failure(key)))));
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        return kvCalls.write(callerContext(), KvRequests.delete(KvRequests.key(key), expectedRevision))
                .compose(txn -> {
                    if (!txn.getSucceeded()) {
                        return Future.failedFuture(new WriteOutcome(null, current(key, txn)).failure(key));
                    }
                    List<KeyValue> prev =
                            txn.getResponses(0).getResponseDeleteRange().getPrevKvsList();
                    long rev = txn.getHeader().getRevision();
                    if (prev.isEmpty()) {
                        // Cannot happen with the compare above; report what we know rather than guess a value.
                        return Future.failedFuture(
                                StorageException.internal("etcd deleted " + key + " without its previous value", null));
                    }
                    KeyValue last = prev.get(0);
                    return Future.succeededFuture(
                            new StoredObject(key, ValueBytes.of(last.getValue()), rev, last.getCreateRevision()));
                });
    }

    /** The current object from a failed compare's else branch (null: absent). */
    private static StoredObject current(String key, TxnResponse txn) {
        if (txn.getResponsesCount() == 0) {
            return null;
        }
        RangeResponse range = txn.getResponses(0).getResponseRange();
        return range.getKvsCount() == 0 ? null : stored(key, range.getKvs(0));
    }

    /** The result of one compare-and-write: the written object, or the current one (null: absent). */
    private record WriteOutcome(StoredObject written, StoredObject current) {
        StorageException failure(String key) {
            return current == null ? StorageException.notFound(key) : StorageException.conflict(key, current);
        }
    }

    // ---------------------------------------------------------------- reads

    @Override
    public Future<StoredObject> get(String key) {
        return getOn(callerContext(), key);
    }

    private Future<StoredObject> getOn(ContextInternal ctx, String key) {
        return kvCalls.get(ctx, key)
                .compose(kvp -> kvp == null
                        ? ctx.failedFuture(StorageException.notFound(key))
                        : ctx.succeededFuture(stored(key, kvp)));
    }

    /** A keys-only read: etcd sends the pair's revisions, not its value (batched as gets are). */
    @Override
    public Future<Long> modRevision(String key) {
        ContextInternal ctx = callerContext();
        return kvCalls.getKeyOnly(ctx, key)
                .compose(kvp -> kvp == null
                        ? ctx.failedFuture(StorageException.notFound(key))
                        : ctx.succeededFuture(kvp.getModRevision()));
    }

    /**
     * One keys-only range of the prefix: etcd sends each pair's key and revisions, not its value (etcd 3.4 still reads
     * the values inside, but neither marshals nor sends them).
     */
    @Override
    public Future<RangeRevisions> rangeRevisions(String prefix) {
        ContextInternal ctx = callerContext();
        return kvCalls.range(ctx, KvRequests.keysOnly(KvRequests.key(prefix)))
                .map(resp -> {
                    String[] keys = new String[resp.getKvsCount()];
                    long[] modRevisions = new long[keys.length];
                    for (int i = 0; i < keys.length; i++) {
                        KeyValue kvp = resp.getKvs(i);
                        keys[i] = kvp.getKey().toStringUtf8();
                        modRevisions[i] = kvp.getModRevision();
                    }
                    return new RangeRevisions(resp.getHeader().getRevision(), keys, modRevisions);
                })
                .recover(failure -> listFailure(ctx, ListRequest.all(prefix), failure));
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        ContextInternal ctx = callerContext();
        if (request.limit() < 0 || request.revision() < 0) {
            return ctx.failedFuture(StorageException.internal("negative limit or revision in " + request, null));
        }
        ByteString end = KvRequests.prefixEnd(KvRequests.key(request.prefix()));
        String start = request.startKey() != null ? request.startKey() : request.prefix();
        long limit = request.limit();
        Predicate<StoredObject> filter = request.filter();
        long firstChunk = limit > 0 ? limit : CHUNK;
        return range(ctx, start, end, request.revision(), firstChunk)
                .compose(resp -> {
                    long revision = request.revision() != 0
                            ? request.revision()
                            : resp.getHeader().getRevision();
                    if (filter == null && limit > 0) {
                        return ctx.succeededFuture(unfilteredPage(resp, revision));
                    }
                    List<StoredObject> items = new ArrayList<>();
                    return collect(ctx, new ListCursor(request, end, revision, limit, filter, items), resp, firstChunk);
                })
                .recover(failure -> listFailure(ctx, request, failure));
    }

    /**
     * An unlimited list read {@code listChunk} values at a time ({@link EtcdListChunks}): the first chunk with a match
     * now, each next one when asked, all at the first one's revision. A request with a limit is read as one page.
     */
    @Override
    public Future<ChunkedList> listChunked(ListRequest request) {
        if (request.limit() != 0 || request.revision() < 0) {
            return list(request).map(ChunkedList::whole);
        }
        EtcdListChunks chunks =
                new EtcdListChunks(this, request, KvRequests.prefixEnd(KvRequests.key(request.prefix())), listChunk);
        return chunks.next()
                .map(first -> new ChunkedList(
                        new ListPage(first, chunks.revision(), null, null), chunks.ended() ? ItemChunks.NONE : chunks));
    }

    private ListPage unfilteredPage(RangeResponse resp, long revision) {
        List<StoredObject> items = new ArrayList<>(resp.getKvsCount());
        for (KeyValue kvp : resp.getKvsList()) {
            items.add(stored(kvp));
        }
        if (!resp.getMore() || items.isEmpty()) {
            return new ListPage(items, revision, null, null);
        }
        String last = items.get(items.size() - 1).key();
        return new ListPage(items, revision, last + "\0", resp.getCount() - items.size());
    }

    /** State of a filtered (or unlimited) read that goes on chunk by chunk at one revision. */
    private record ListCursor(
            ListRequest request,
            ByteString end,
            long revision,
            long limit,
            Predicate<StoredObject> filter,
            List<StoredObject> items) {}

    private Future<ListPage> collect(ContextInternal ctx, ListCursor cur, RangeResponse resp, long chunk) {
        List<KeyValue> kvs = resp.getKvsList();
        for (int i = 0; i < kvs.size(); i++) {
            StoredObject obj = stored(kvs.get(i));
            if (cur.filter() == null || cur.filter().test(obj)) {
                cur.items().add(obj);
            }
            if (cur.limit() > 0 && cur.items().size() >= cur.limit()) {
                boolean more = i < kvs.size() - 1 || resp.getMore();
                return ctx.succeededFuture(new ListPage(
                        cur.items(),
                        cur.revision(),
                        more ? obj.key() + "\0" : null,
                        more && cur.filter() == null ? resp.getCount() - (i + 1) : null));
            }
        }
        if (!resp.getMore() || kvs.isEmpty()) {
            return ctx.succeededFuture(new ListPage(cur.items(), cur.revision(), null, null));
        }
        String next = kvs.get(kvs.size() - 1).getKey().toStringUtf8() + "\0";
        // With a filter, read further ahead each round (as kube-apiserver does) so sparse matches cost few trips.
        long nextChunk = cur.filter() == null ? chunk : Math.min(chunk * 2, MAX_FILTER_CHUNK);
        return range(ctx, next, cur.end(), cur.revision(), nextChunk).compose(r -> collect(ctx, cur, r, nextChunk));
    }

    Future<RangeResponse> range(ContextInternal ctx, String start, ByteString end, long revision, long limit) {
        return kvCalls.range(ctx, KvRequests.range(KvRequests.key(start), end, revision, limit));
    }

    <T> Future<T> listFailure(ContextInternal ctx, ListRequest request, Throwable failure) {
        StorageException error = EtcdErrors.toStorageException(failure, request.revision(), compactedRevision.get());
        if (error.reason() == StorageException.Reason.COMPACTED) {
            return learnCompactedRevision(ctx)
                    .compose(compacted -> ctx.failedFuture(
                            StorageException.compacted(request.revision(), Math.max(compacted, error.revision()))));
        }
        if (error.reason() == StorageException.Reason.TOO_LARGE_RESOURCE_VERSION) {
            return currentRevisionOn(ctx)
                    .compose(current ->
                            ctx.failedFuture(StorageException.tooLargeResourceVersion(request.revision(), current)));
        }
        return ctx.failedFuture(error);
    }

    @Override
    public Future<Long> currentRevision() {
        return currentRevisionOn(callerContext());
    }

    private Future<Long> currentRevisionOn(ContextInternal ctx) {
        return kvCalls.range(ctx, KvRequests.countOnly(HEALTH_KEY))
                .map(resp -> resp.getHeader().getRevision());
    }

    // ---------------------------------------------------------------- watch

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        EtcdWatch watch = new EtcdWatch(this, keyOrPrefix, afterRevision, listener);
        watches.add(watch);
        watch.start();
        return watch;
    }

    Watch watchClient() {
        return watchClient;
    }

    Vertx vertx() {
        return vertx;
    }

    ContextInternal context() {
        return ownContext;
    }

    /** How long a broken watch keeps trying to resume before it reports UNAVAILABLE. */
    Duration watchResumeWindow() {
        return config.requestTimeout().multipliedBy(3);
    }

    void forget(EtcdWatch watch) {
        watches.remove(watch);
    }

    // ---------------------------------------------------------------- compaction

    @Override
    public Future<Void> compact(long revision) {
        ContextInternal ctx = callerContext();
        return call(ctx, () -> kv.compact(revision))
                .<Void>map(resp -> {
                    noteCompacted(revision);
                    return null;
                })
                .recover(failure -> {
                    StorageException error = EtcdErrors.toStorageException(failure);
                    if (error.reason() == StorageException.Reason.COMPACTED) {
                        // Already compacted at or past this revision: the requested history is gone, as asked.
                        return ctx.succeededFuture();
                    }
                    if (error.reason() == StorageException.Reason.TOO_LARGE_RESOURCE_VERSION) {
                        return currentRevisionOn(ctx)
                                .compose(current ->
                                        ctx.failedFuture(StorageException.tooLargeResourceVersion(revision, current)));
                    }
                    return ctx.failedFuture(error);
                });
    }

    /** The highest compacted revision this client has seen (0: none seen). */
    public long knownCompactedRevision() {
        return compactedRevision.get();
    }

    @Override
    public long compactedRevision() {
        return knownCompactedRevision();
    }

    void noteCompacted(long revision) {
        compactedRevision.accumulateAndGet(revision, Math::max);
    }

    /**
     * etcd's "compacted" error on a range carries no revision; a watch from revision 1 is cancelled with
     * it. Falls back to the highest compaction seen here if the probe does not answer quickly.
     */
    private Future<Long> learnCompactedRevision(ContextInternal ctx) {
        Promise<Long> promise = ctx.promise();
        AtomicBoolean done = new AtomicBoolean();
        Watch.Watcher[] holder = new Watch.Watcher[1];
        long timer = vertx.setTimer(2000, id -> {
            if (done.compareAndSet(false, true)) {
                closeQuietly(holder[0]);
                promise.complete(compactedRevision.get());
            }
        });
        try {
            holder[0] = watchClient.watch(
                    bytes("health"),
                    WatchOption.builder().withRevision(1).withCreateNotify(true).build(),
                    new Watch.Listener() {
                        @Override
                        public void onNext(WatchResponse response) {
                            finish(compactedRevision.get());
                        }

                        @Override
                        public void onError(Throwable t) {
                            Throwable cause = EtcdErrors.unwrap(t);
                            if (cause instanceof io.etcd.jetcd.common.exception.CompactedException ce) {
                                noteCompacted(ce.getCompactedRevision());
                            }
                            finish(compactedRevision.get());
                        }

                        @Override
                        public void onCompleted() {
                            finish(compactedRevision.get());
                        }

                        private void finish(long revision) {
                            if (done.compareAndSet(false, true)) {
                                vertx.cancelTimer(timer);
                                ctx.runOnContext(v -> closeQuietly(holder[0]));
                                promise.complete(revision);
                            }
                        }
                    });
        } catch (RuntimeException e) {
            if (done.compareAndSet(false, true)) {
                vertx.cancelTimer(timer);
                promise.complete(compactedRevision.get());
            }
        }
        return promise.future();
    }

    private static void closeQuietly(Watch.Watcher watcher) {
        if (watcher != null) {
            try {
                watcher.close();
            } catch (RuntimeException e) {
                LOG.debug("closing an etcd watcher failed", e);
            }
        }
    }

    /** Raw client for the compactor's coordination transaction. */
    KV kv() {
        return kv;
    }

    // ---------------------------------------------------------------- server version

    /** The version of every endpoint, from etcd's Maintenance status (a short-lived channel per endpoint). */
    public Future<List<EtcdVersion>> serverVersions() {
        ContextInternal ctx = callerContext();
        List<Future<EtcdVersion>> each = new ArrayList<>();
        for (URI endpoint : config.endpoints()) {
            String target = endpoint.getHost() + ":" + (endpoint.getPort() > 0 ? endpoint.getPort() : 2379);
            each.add(call(ctx, () -> client.getMaintenanceClient().statusMember(target))
                    .map(status -> EtcdVersion.parse(status.getVersion())));
        }
        return Future.all(each).map(all -> {
            List<EtcdVersion> versions = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                versions.add(all.resultAt(i));
            }
            return List.copyOf(versions);
        });
    }

    /**
     * Whether every endpoint delivers progress notifications in order with events ({@link
     * EtcdVersion#progressNotifyOrdered()}); false when a version cannot be read, which is the safe answer.
     */
    public Future<Boolean> progressNotifyOrdered() {
        return serverVersions()
                .map(versions -> versions.stream().allMatch(EtcdVersion::progressNotifyOrdered))
                .otherwise(failure -> {
                    LOG.warn(
                            "cannot read the etcd server version; progress notifications are not trusted: {}",
                            failure.getMessage());
                    return false;
                });
    }

    // ---------------------------------------------------------------- health and lifecycle

    @Override
    public Future<Void> ping() {
        return kvCalls.range(callerContext(), KvRequests.get(HEALTH_KEY)).mapEmpty();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            for (EtcdWatch w : List.copyOf(watches)) {
                w.close();
            }
            if (reconnects != null) {
                reconnects.close();
            }
            kvCalls.close();
            client.close();
        }
    }

    // ---------------------------------------------------------------- plumbing

    /** The context futures complete on: the caller's when it has one, else this storage's own. */
    ContextInternal callerContext() {
        Context current = Vertx.currentContext();
        return current instanceof ContextInternal ci ? ci : ownContext;
    }

    /** Runs a jetcd call and brings its outcome onto {@code ctx}, with failures mapped to StorageException. */
    <T> Future<T> call(ContextInternal ctx, Supplier<CompletableFuture<T>> op) {
        if (closed.get()) {
            return ctx.failedFuture(StorageException.unavailable("etcd storage is closed", null));
        }
        CompletableFuture<T> cf;
        try {
            cf = op.get();
        } catch (RuntimeException e) {
            return ctx.failedFuture(EtcdErrors.toStorageException(e));
        }
        Promise<T> promise = ctx.promise();
        var unused = cf.whenComplete((result, failure) -> {
            if (failure == null) {
                promise.complete(result);
            } else {
                promise.fail(EtcdErrors.toStorageException(failure, 0, compactedRevision.get()));
            }
        });
        return promise.future();
    }

    static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    private static StoredObject stored(KeyValue kv) {
        return stored(kv.getKey().toStringUtf8(), kv);
    }

    /**
     * The value as the object carries it: the array protobuf's parse made when it copied the value out of gRPC's
     * buffer, not a second copy ({@link ValueBytes}): one 8.6 KB copy less per read, list item and watch event (two
     * per update event, which brings the previous value too).
     */
    static StoredObject stored(String key, KeyValue kv) {
        return new StoredObject(key, ValueBytes.of(kv.getValue()), kv.getModRevision(), kv.getCreateRevision());
    }

    static byte[] emptyValue() {
        return EMPTY;
    }

    /** Puts a deadline on every unary call; streams (watches) stay open-ended. */
    private static final class UnaryDeadline implements ClientInterceptor {
        private final long timeoutMillis;

        UnaryDeadline(Duration timeout) {
            this.timeoutMillis = timeout.toMillis();
        }

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            if (method.getType() == MethodDescriptor.MethodType.UNARY && options.getDeadline() == null) {
                options = options.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
            }
            return next.newCall(method, options);
        }
    }
}
