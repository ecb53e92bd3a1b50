package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.internal.ContextInternal;
import java.util.ArrayDeque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One watch of the embedded store.
 *
 * <p>It joins the {@link WatchHub} first and only then reads the committed revision C: every change
 * above C is committed later and so reaches it through the hub, while every change up to C is in the
 * table. It replays (start, C] from the table in chunks, buffering what the hub offers meanwhile, then
 * drains the buffer and goes live. Each change is delivered once: whatever is not above the last
 * delivered revision is dropped. A start below the compacted revision, or a compaction that overtakes
 * the replay, ends the watch with COMPACTED, as etcd cancels such a watch.
 *
 * <p>All state lives on the hub's context; listener calls arrive there, one at a time.
 */
final class EmbeddedWatch implements WatchSubscription {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedWatch.class);
    /** Rows read per replay round trip. */
    static final int REPLAY_CHUNK = 500;

    private final EmbeddedStorage storage;
    private final WatchHub hub;
    private final ContextInternal context;
    private final KeyMatcher keys;
    private final WatchListener listener;

    private volatile boolean closed;

    // Confined to the hub's context.
    private long delivered;
    private long replayUpTo;
    private boolean live;
    private boolean finished;
    private boolean progressWanted;
    private final ArrayDeque<LogRow> buffered = new ArrayDeque<>();

    EmbeddedWatch(
            EmbeddedStorage storage, WatchHub hub, String keyOrPrefix, long afterRevision, WatchListener listener) {
        this.storage = storage;
        this.hub = hub;
        this.context = hub.context();
        this.keys = KeyMatcher.of(keyOrPrefix);
        this.listener = listener;
        this.delivered = afterRevision;
    }

    void start() {
        context.runOnContext(v -> begin());
    }

    /** Ends the watch at once with {@code error} (used when the store is closed). */
    void fail(StorageException error) {
        context.runOnContext(v -> finish(error));
    }

    private void begin() {
        if (closed || finished) {
            return;
        }
        long compacted = storage.compactedRevision();
        if (delivered + 1 < compacted) {
            finish(StorageException.compacted(delivered + 1, compacted));
            return;
        }
        hub.add(this);
        replayUpTo = storage.committedRevision();
        replay();
    }

    private void replay() {
        if (delivered >= replayUpTo) {
            goLive();
            return;
        }
        storage.history(context, keys, delivered, replayUpTo, REPLAY_CHUNK).onComplete(ar -> {
            if (closed || finished) {
                return;
            }
            if (ar.failed()) {
                finish(
                        ar.cause() instanceof StorageException se
                                ? se
                                : StorageException.internal(
                                        "watch replay failed: " + ar.cause().getMessage(), ar.cause()));
                return;
            }
            List<LogRow> rows = ar.result();
            for (LogRow row : rows) {
                if (closed) {
                    return;
                }
                deliver(row);
            }
            if (rows.size() < REPLAY_CHUNK) {
                delivered = Math.max(delivered, replayUpTo); // nothing else of ours up to C
                goLive();
            } else {
                replay();
            }
        });
    }

    private void goLive() {
        live = true;
        while (!buffered.isEmpty() && !closed) {
            deliver(buffered.poll());
        }
        buffered.clear();
        if (progressWanted && !closed) {
            progressWanted = false;
            progress();
        }
    }

    /** On the context: the rows of one committed batch. */
    void offer(List<LogRow> rows) {
        if (closed || finished) {
            return;
        }
        for (LogRow row : rows) {
            if (!keys.matches(row.key())) {
                continue;
            }
            if (live) {
                deliver(row);
            } else {
                buffered.add(row);
            }
        }
    }

    private void deliver(LogRow row) {
        if (row.revision() <= delivered || closed) {
            return; // replayed already, or a repeat from the buffer
        }
        delivered = row.revision();
        try {
            listener.onEvent(row.event());
        } catch (RuntimeException e) {
            LOG.warn("a watch listener on {} failed", keys.key(), e);
        }
    }

    private void progress() {
        try {
            listener.onProgress(Math.max(delivered, hub.dispatchedRevision()));
        } catch (RuntimeException e) {
            LOG.warn("a watch listener on {} failed", keys.key(), e);
        }
    }

    private void finish(StorageException error) {
        if (finished || closed) {
            return;
        }
        finished = true;
        buffered.clear();
        hub.remove(this);
        storage.forget(this);
        try {
            listener.onError(error);
        } catch (RuntimeException e) {
            LOG.warn("a watch listener on {} failed", keys.key(), e);
        }
    }

    @Override
    public void requestProgress() {
        if (closed) {
            return;
        }
        context.runOnContext(v -> {
            if (closed || finished) {
                return;
            }
            if (live) {
                progress();
            } else {
                progressWanted = true;
            }
        });
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        storage.forget(this);
        context.runOnContext(v -> {
            buffered.clear();
            hub.remove(this);
        });
    }
}
