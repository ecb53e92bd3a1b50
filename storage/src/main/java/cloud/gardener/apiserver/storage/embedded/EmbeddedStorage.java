package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.GuaranteedUpdate;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.PromiseInternal;
import io.vertx.core.internal.VertxInternal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Storage} in a local SQLite database, so the server needs no other process; the same contract as
 * the etcd store, down to revisions, errors and watch events.
 *
 * <p><b>Why SQLite, in kine's layout.</b> SQLite (through {@code org.xerial:sqlite-jdbc}, which ships the
 * native library for every common platform) is the most widely deployed and tested embedded database;
 * its write-ahead log with {@code synchronous=FULL} makes every acknowledged commit survive a crash, and
 * k3s's kine has shown that one table of revisioned rows serves exactly the etcd subset Kubernetes needs
 * (range at a revision, create-if-absent, compare on mod revision, watch from a revision, compaction).
 * H2's MVStore would fit as well; SQLite wins on how widely its crash safety is deployed and tested, and
 * its files can be inspected with the stock {@code sqlite3} tool. See {@link LogConnection} for the layout.
 *
 * <p><b>Threads.</b> Nothing here blocks the caller: writes go to one writer thread ({@link CommitLoop}),
 * which assigns revisions in commit order and commits batches of concurrent writes with one fsync; reads
 * run on a small pool of reader connections; futures complete on the caller's Vert.x context (or the
 * store's own). Watches are fed in process by the writer after each commit ({@link WatchHub}) and replay
 * older history from the table first ({@link EmbeddedWatch}); nothing polls.
 *
 * <p>The constructor opens (or creates) the database and blocks briefly: call it at startup, not on an
 * event loop. One store owns its directory; a second opener fails.
 */
public final class EmbeddedStorage implements Storage {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStorage.class);
    /** Rows read per round of an unlimited or filtered list. */
    static final long CHUNK = 1000;
    /** Largest round when a filter makes the store read ahead (kube-apiserver's maxLimit). */
    static final long MAX_FILTER_CHUNK = 10_000;

    private static final long CLOSE_TIMEOUT_MILLIS = 10_000;
    /** The revision of a store never written to; its first write is at the next one (etcd's too). */
    static final long EMPTY_REVISION = 1;

    private final EmbeddedConfig config;
    private final ContextInternal ownContext;
    private final DirectoryLock lock;
    private final CommitLoop writer;
    private final ReaderPool readers;
    private final WatchHub hub;
    private final PeriodicCompaction compaction;
    private final Set<EmbeddedWatch> watches = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Opens the store in {@code config.directory()}, creating it if needed. {@code vertx} stays open when
     * the store closes.
     *
     * @throws IllegalStateException if the directory is in use or the database cannot be opened
     */
    public EmbeddedStorage(Vertx vertx, EmbeddedConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.ownContext = ((VertxInternal) vertx).createEventLoopContext();
        try {
            Files.createDirectories(config.directory());
            this.lock = DirectoryLock.acquire(config.directory());
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot open the embedded store in " + config.directory() + ": " + e.getMessage(), e);
        }
        LogConnection writeConnection = null;
        try {
            writeConnection = LogConnection.open(config.databaseFile());
            writeConnection.createSchema();
            long compacted = writeConnection.compactedRevision();
            // A store never written to is at revision 1, as a new etcd is: every read has a revision a watch can
            // start after, so nothing has to tell "nothing written yet" from "watch from now" (revision 0).
            long revision = Math.max(EMPTY_REVISION, Math.max(writeConnection.lastRevision(), compacted));
            this.hub = new WatchHub(ownContext, revision);
            this.readers = new ReaderPool(config.databaseFile(), config.readers(), "embedded-storage-reader");
            this.writer = new CommitLoop(writeConnection, revision, compacted, hub, "embedded-storage-writer");
        } catch (SQLException | RuntimeException e) {
            if (writeConnection != null) {
                writeConnection.close();
            }
            lock.close();
            throw new IllegalStateException(
                    "cannot open the embedded store " + config.databaseFile() + ": " + e.getMessage(), e);
        }
        writer.start();
        compaction = new PeriodicCompaction(vertx, this, config.compactionInterval());
        compaction.start();
        LOG.info("embedded store {} open at revision {}", config.databaseFile(), writer.committedRevision());
    }

    /** Opens the store in {@code directory} with the defaults. */
    public EmbeddedStorage(Vertx vertx, Path directory) {
        this(vertx, EmbeddedConfig.of(directory));
    }

    public EmbeddedConfig config() {
        return config;
    }

    // ---------------------------------------------------------------- writes

    /**
     * etcd's default {@code --max-request-bytes}, 1.5 MiB. etcd measures the whole raft request; key and value
     * are nearly all of it, so the embedded store measures those and refuses before checking revisions, as etcd
     * refuses before the transaction runs.
     */
    public static final int MAX_REQUEST_BYTES = 1536 * 1024;

    @Override
    public Future<StoredObject> create(String key, byte[] value) {
        ContextInternal ctx = callerContext();
        StorageException tooLarge = tooLarge(key, Objects.requireNonNull(value, "value"));
        return tooLarge != null ? ctx.failedFuture(tooLarge) : write(ctx, WriteOps.create(key, value));
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        ContextInternal ctx = callerContext();
        StorageException tooLarge = tooLarge(key, Objects.requireNonNull(value, "value"));
        return tooLarge != null
                ? ctx.failedFuture(tooLarge)
                : write(ctx, WriteOps.update(key, expectedRevision, value));
    }

    private static StorageException tooLarge(String key, byte[] value) {
        long size = (long) key.getBytes(StandardCharsets.UTF_8).length + value.length;
        return size > MAX_REQUEST_BYTES ? StorageException.requestTooLarge(key, null) : null;
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        return write(callerContext(), WriteOps.delete(key, expectedRevision));
    }

    @Override
    public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
        ContextInternal ctx = callerContext();
        // The update function's futures may complete elsewhere; the caller still hears back on its context.
        PromiseInternal<StoredObject> done = ctx.promise();
        getOn(ctx, key)
                .compose(current ->
                        GuaranteedUpdate.run(current, () -> getOn(ctx, key), fn, maxAttempts, (cur, value) -> {
                            StorageException tooLarge = tooLarge(key, value);
                            return tooLarge != null
                                    ? ctx.failedFuture(tooLarge)
                                    : write(ctx, WriteOps.update(key, cur.modRevision(), value));
                        }))
                .onComplete(done);
        return done.future();
    }

    @Override
    public Future<Void> compact(long revision) {
        return write(callerContext(), WriteOps.compact(revision));
    }

    private <T> Future<T> write(ContextInternal ctx, WriteOp<T> op) {
        PromiseInternal<T> promise = ctx.promise();
        if (closed.get()) {
            promise.fail(closedFailure());
        } else {
            writer.submit(op, promise);
        }
        return promise.future();
    }

    // ---------------------------------------------------------------- reads

    @Override
    public Future<StoredObject> get(String key) {
        return getOn(callerContext(), key);
    }

    private Future<StoredObject> getOn(ContextInternal ctx, String key) {
        return read(ctx, log -> {
            LogRow latest = log.latest(key);
            if (latest == null || latest.deleted()) {
                throw StorageException.notFound(key);
            }
            return latest.object();
        });
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        ContextInternal ctx = callerContext();
        if (request.limit() < 0 || request.revision() < 0) {
            return ctx.failedFuture(StorageException.internal("negative limit or revision in " + request, null));
        }
        long current = writer.committedRevision();
        if (request.revision() > current) {
            return ctx.failedFuture(StorageException.tooLargeResourceVersion(request.revision(), current));
        }
        long revision = request.revision() != 0 ? request.revision() : current;
        return read(ctx, log -> {
            log.beginRead();
            long compacted = log.compactedRevision();
            if (revision < compacted) {
                throw StorageException.compacted(revision, compacted);
            }
            ListPage page = collect(log, request, revision);
            log.commit();
            return page;
        });
    }

    /**
     * Reads the range round by round at one revision until the page is full or the range ends (the same
     * paging as the etcd store: {@code nextKey} is the last key returned plus a NUL byte).
     */
    private static ListPage collect(LogConnection log, ListRequest request, long revision) throws SQLException {
        String end = KeyMatcher.rangeEnd(request.prefix());
        String cursor = request.startKey() != null ? request.startKey() : request.prefix();
        boolean exclusive = false;
        if (cursor.endsWith("\0")) {
            // "key\0" is the first key after "key": say so without binding a NUL into SQL text.
            cursor = cursor.substring(0, cursor.length() - 1);
            exclusive = true;
        }
        long limit = request.limit();
        Predicate<StoredObject> filter = request.filter();
        long chunk = limit > 0 ? limit : CHUNK;
        List<StoredObject> items = new ArrayList<>();
        while (true) {
            List<LogRow> rows = log.range(cursor, exclusive, end, revision, chunk + 1);
            boolean moreRows = rows.size() > chunk;
            int n = (int) Math.min(rows.size(), chunk);
            for (int i = 0; i < n; i++) {
                StoredObject obj = rows.get(i).object();
                if (filter == null || filter.test(obj)) {
                    items.add(obj);
                }
                if (limit > 0 && items.size() >= limit) {
                    boolean more = i < n - 1 || moreRows;
                    if (!more) {
                        return new ListPage(items, revision, null, null);
                    }
                    Long remaining = filter == null ? log.countAfter(obj.key(), end, revision) : null;
                    return new ListPage(items, revision, obj.key() + "\0", remaining);
                }
            }
            if (!moreRows) {
                return new ListPage(items, revision, null, null);
            }
            cursor = rows.get(n - 1).key();
            exclusive = true;
            // With a filter, read further ahead each round (as kube-apiserver does) so sparse matches cost few rounds.
            chunk = filter == null ? chunk : Math.min(chunk * 2, MAX_FILTER_CHUNK);
        }
    }

    /** Changes of {@code keys} in (after, upTo], at most {@code limit}; COMPACTED if some may be gone. */
    Future<List<LogRow>> history(ContextInternal ctx, KeyMatcher keys, long after, long upTo, int limit) {
        return read(ctx, log -> {
            log.beginRead();
            long compacted = log.compactedRevision();
            if (after + 1 < compacted) {
                throw StorageException.compacted(after + 1, compacted);
            }
            List<LogRow> rows = log.history(keys, after, upTo, limit);
            log.commit();
            return rows;
        });
    }

    @Override
    public Future<Long> currentRevision() {
        ContextInternal ctx = callerContext();
        return closed.get() ? ctx.failedFuture(closedFailure()) : ctx.succeededFuture(writer.committedRevision());
    }

    private <T> Future<T> read(ContextInternal ctx, ReaderPool.ReadOp<T> op) {
        PromiseInternal<T> promise = ctx.promise();
        if (closed.get()) {
            promise.fail(closedFailure());
        } else {
            readers.run(op, promise);
        }
        return promise.future();
    }

    // ---------------------------------------------------------------- watch

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        long after = afterRevision > 0 ? afterRevision : writer.committedRevision();
        EmbeddedWatch watch = new EmbeddedWatch(this, hub, keyOrPrefix, after, listener);
        if (closed.get()) {
            watch.fail(closedFailure());
            return watch;
        }
        watches.add(watch);
        watch.start();
        return watch;
    }

    void forget(EmbeddedWatch watch) {
        watches.remove(watch);
    }

    /** The revision of the last acknowledged write. */
    long committedRevision() {
        return writer.committedRevision();
    }

    /** The revision history was last compacted to (0: never). */
    @Override
    public long compactedRevision() {
        return writer.compactedRevision();
    }

    // ---------------------------------------------------------------- health and lifecycle

    @Override
    public Future<Void> ping() {
        return read(callerContext(), log -> {
            log.ping();
            return null;
        });
    }

    /** Stops the writer after the writes queued so far, closes every watch and the database, and frees the directory. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        compaction.stop();
        for (EmbeddedWatch w : List.copyOf(watches)) {
            w.close();
        }
        writer.close(CLOSE_TIMEOUT_MILLIS);
        readers.close(CLOSE_TIMEOUT_MILLIS);
        lock.close();
        LOG.info("embedded store {} closed", config.databaseFile());
    }

    /** The context futures complete on: the caller's when it has one, else this store's own. */
    private ContextInternal callerContext() {
        Context current = Vertx.currentContext();
        return current instanceof ContextInternal ci ? ci : ownContext;
    }

    private static StorageException closedFailure() {
        return StorageException.unavailable("the embedded store is closed", null);
    }
}
