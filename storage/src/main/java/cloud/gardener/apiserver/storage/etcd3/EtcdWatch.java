package cloud.gardener.apiserver.storage.etcd3;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.api.Event;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.vertx.core.internal.ContextInternal;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One storage watch over one or more jetcd watch streams.
 *
 * <p>jetcd's own resume is not used: it may restart from the revision in the "created" header, which
 * skips events that were still being replayed. This class remembers the last revision it delivered and,
 * when the stream breaks, opens a new one from the next revision (dropping repeats), for at most
 * {@link EtcdStorage#watchResumeWindow()}; then it reports UNAVAILABLE. A compacted start ends the
 * watch with COMPACTED.
 *
 * <p>All jetcd callbacks hop onto the storage's context, so handling is serial and lock-free and never
 * runs under jetcd's internal lock.
 */
final class EtcdWatch implements WatchSubscription {

    private static final Logger LOG = LoggerFactory.getLogger(EtcdWatch.class);
    private static final long RETRY_MIN_MILLIS = 100;
    private static final long RETRY_MAX_MILLIS = 1000;

    private final EtcdStorage storage;
    private final ContextInternal context;
    private final String key;
    private final boolean prefix;
    private final WatchListener listener;

    private volatile boolean closed;
    private volatile Watch.Watcher watcher;

    // Confined to the context (or to the caller thread before the first stream opens).
    private long lastRevision;
    private boolean fromNow;
    private int generation;
    private boolean finished;
    private long failingSinceNanos;
    private long retryMillis = RETRY_MIN_MILLIS;
    private long timerId = -1;

    EtcdWatch(EtcdStorage storage, String keyOrPrefix, long afterRevision, WatchListener listener) {
        this.storage = storage;
        this.context = storage.context();
        this.key = keyOrPrefix;
        this.prefix = keyOrPrefix.endsWith("/");
        this.listener = listener;
        this.lastRevision = Math.max(0, afterRevision);
        this.fromNow = afterRevision <= 0;
    }

    void start() {
        open();
    }

    private void open() {
        int gen = ++generation;
        WatchOption option = WatchOption.builder()
                .withRevision(fromNow ? 0 : lastRevision + 1)
                .withPrevKV(listener.needsPrevious())
                .withProgressNotify(true)
                .withCreateNotify(true)
                .isPrefix(prefix)
                .build();
        Watch.Watcher w;
        try {
            w = storage.watchClient().watch(EtcdStorage.bytes(key), option, new Watch.Listener() {
                @Override
                public void onNext(WatchResponse response) {
                    context.runOnContext(v -> handle(gen, response));
                }

                @Override
                public void onError(Throwable t) {
                    context.runOnContext(v -> broken(gen, t));
                }

                @Override
                public void onCompleted() {
                    context.runOnContext(v -> broken(gen, null));
                }
            });
        } catch (RuntimeException e) {
            context.runOnContext(v -> finish(EtcdErrors.toStorageException(e)));
            return;
        }
        watcher = w;
        if (closed) {
            w.close();
        }
    }

    private void handle(int gen, WatchResponse response) {
        if (closed || finished || gen != generation) {
            return;
        }
        failingSinceNanos = 0;
        retryMillis = RETRY_MIN_MILLIS;
        long headerRevision = response.getHeader().getRevision();
        if (response.isCreatedNotify()) {
            if (fromNow) {
                // "From now" means after the revision the watch was created at.
                lastRevision = headerRevision;
                fromNow = false;
            }
            return;
        }
        if (response.isProgressNotify()) {
            // The resume point stays at the last event: on etcd < 3.4.24 an answer to RequestProgress
            // may overtake events still queued on the stream (etcd-io/etcd#15220).
            if (!fromNow && headerRevision >= lastRevision) {
                listener.onProgress(headerRevision);
            }
            return;
        }
        List<Event> events = WatchMessages.events(response);
        long floor = lastRevision; // events of one txn share a revision and arrive in one response
        for (Event e : events) {
            if (closed) {
                return;
            }
            KeyValue kv = e.getKv();
            long rev = kv.getModRevision();
            if (rev <= floor) {
                continue; // a repeat after a resume
            }
            lastRevision = Math.max(lastRevision, rev);
            WatchEvent event = toEvent(e);
            if (event != null) {
                listener.onEvent(event);
            }
        }
    }

    private static WatchEvent toEvent(Event e) {
        KeyValue kv = e.getKv();
        String k = kv.getKey().toStringUtf8();
        // An event without a previous pair carries the empty default one (create revision 0).
        KeyValue prevKv = e.getPrevKv();
        StoredObject previous = prevKv.getCreateRevision() == 0 ? null : EtcdStorage.stored(k, prevKv);
        return switch (e.getType()) {
            case PUT -> new WatchEvent(WatchEvent.Type.PUT, k, EtcdStorage.stored(k, kv), previous);
            case DELETE ->
                new WatchEvent(
                        WatchEvent.Type.DELETE,
                        k,
                        new StoredObject(
                                k,
                                previous == null ? EtcdStorage.emptyValue() : previous.value(),
                                kv.getModRevision(),
                                previous == null ? 0 : previous.createRevision()),
                        previous);
            default -> null;
        };
    }

    private void broken(int gen, Throwable failure) {
        if (closed || finished || gen != generation) {
            return;
        }
        generation++; // late callbacks of the broken stream are ignored from here on
        closeWatcher();
        if (failure != null && EtcdErrors.isCompacted(failure)) {
            long compacted = EtcdErrors.unwrap(failure) instanceof CompactedException ce
                    ? ce.getCompactedRevision()
                    : storage.knownCompactedRevision();
            storage.noteCompacted(compacted);
            finish(StorageException.compacted(lastRevision + 1, compacted));
            return;
        }
        if (failure != null && !EtcdErrors.isTransientStreamFailure(failure)) {
            finish(EtcdErrors.toStorageException(failure, lastRevision + 1, storage.knownCompactedRevision()));
            return;
        }
        long now = System.nanoTime();
        if (failingSinceNanos == 0) {
            failingSinceNanos = now;
        } else if (now - failingSinceNanos > storage.watchResumeWindow().toNanos()) {
            finish(StorageException.unavailable("etcd watch on " + key + " could not be resumed", failure));
            return;
        }
        LOG.debug(
                "etcd watch on {} broke ({}); resuming after revision {} in {} ms",
                key,
                failure == null ? "stream ended" : failure.getMessage(),
                lastRevision,
                retryMillis);
        long delay = retryMillis;
        retryMillis = Math.min(retryMillis * 2, RETRY_MAX_MILLIS);
        timerId = storage.vertx()
                .setTimer(
                        delay,
                        id -> context.runOnContext(v -> {
                            timerId = -1;
                            if (!closed && !finished) {
                                open();
                            }
                        }));
    }

    private void finish(StorageException error) {
        if (finished || closed) {
            return;
        }
        finished = true;
        closeWatcher();
        storage.forget(this);
        listener.onError(error);
    }

    private void closeWatcher() {
        Watch.Watcher w = watcher;
        watcher = null;
        if (w != null) {
            try {
                w.close();
            } catch (RuntimeException e) {
                LOG.debug("closing an etcd watcher failed", e);
            }
        }
    }

    @Override
    public void requestProgress() {
        Watch.Watcher w = watcher;
        if (w != null && !closed) {
            w.requestProgress();
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeWatcher();
        storage.forget(this);
        context.runOnContext(v -> {
            if (timerId >= 0) {
                storage.vertx().cancelTimer(timerId);
                timerId = -1;
            }
        });
    }
}
