package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Context;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One watch served by a {@link WatchCache}. The cache offers it events on the cache's context; the watcher
 * queues references to them (the events themselves are shared by every watcher) and hands them to its
 * listener on its own delivery context (the context that opened the watch, so a connection's listener runs
 * on its connection's event loop). The queue is bounded: a watcher that falls {@code buffer} events behind
 * is terminated as kube-apiserver's cacher terminates an unresponsive watcher (the watch ends; the client
 * watches again from the last revision it saw). Offering never blocks and never waits for the listener.
 *
 * <p>Behind means behind after the listener had its turn: a burst of events the cache applies before the delivery
 * context runs (always so when both share an event loop: the drain is queued behind the burst) is no sign of a slow
 * listener, so while its drain waits to begin a watcher may fall up to the cache window's capacity behind (where a
 * re-watch could still resume). kube-apiserver's cacher gives a full watcher a time budget instead, blocking its
 * dispatch meanwhile; this cache never blocks, so it counts turns, not time.
 */
final class CacheWatcher implements WatchSubscription {

    /** Listener calls per turn on the delivery context, so one busy watcher does not hold its event loop. */
    private static final int BATCH = 64;

    private final WatchCache cache;
    private final KeyRange keys;
    private final WatchListener listener;
    private final Context delivery;
    private final int limit;

    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
    // Fields with updaters rather than atomic objects: a thousand watches of a resource each keep one of these.
    private static final AtomicIntegerFieldUpdater<CacheWatcher> QUEUED =
            AtomicIntegerFieldUpdater.newUpdater(CacheWatcher.class, "queued");
    private static final AtomicIntegerFieldUpdater<CacheWatcher> SCHEDULED =
            AtomicIntegerFieldUpdater.newUpdater(CacheWatcher.class, "scheduled");
    private static final AtomicIntegerFieldUpdater<CacheWatcher> ENDED =
            AtomicIntegerFieldUpdater.newUpdater(CacheWatcher.class, "ended");

    private volatile int queued;
    /** 1 while a drain is scheduled on the delivery context. */
    private volatile int scheduled;
    /** 1 once the watch has ended. */
    private volatile int ended;
    /** Set while a drain runs on the delivery context: the listener has its turn. */
    private volatile boolean draining;

    /** Confined to the cache's context: events at or below it are not for this watcher. */
    private long after;
    /** Confined to the cache's context: the replayed events, which the live bound allows on top of its own. */
    private int replayed;
    /** Confined to the cache's context: the watch knows where it starts (its replay is queued). */
    private boolean registered;
    /** Confined to the cache's context: progress asked for before the watch knew where it starts. */
    private boolean progressWanted;

    CacheWatcher(WatchCache cache, KeyRange keys, long after, WatchListener listener, Context delivery, int limit) {
        this.cache = cache;
        this.keys = keys;
        this.after = after;
        this.listener = listener;
        this.delivery = delivery;
        this.limit = limit;
    }

    /** A progress marker in the queue: delivered after every event queued before it. */
    private record Progress(long revision) {}

    /**
     * The end of the watch: an error, a termination (with its reason), or, for a watch its client closed,
     * silence.
     */
    private record End(StorageException error, String terminated, boolean silent) {}

    long after() {
        return after;
    }

    /** On the cache's context: queues the event if it is for this watcher; false if the watcher had to go. */
    boolean offer(CacheEvent event) {
        if (event.revision() <= after || !keys.contains(event.key())) {
            return true;
        }
        after = event.revision();
        return push(event, limit + replayed);
    }

    /**
     * On the cache's context: starts the watch after {@code from} (its start revision, which may be ahead of the
     * cache: events up to it still on their way are not for this watcher) and queues the replay of the window,
     * which may exceed the live bound.
     */
    void replay(Iterable<CacheEvent> events, long from, long upTo) {
        after = Math.max(after, from);
        for (CacheEvent e : events) {
            if (e.revision() > after && keys.contains(e.key())) {
                push(e, Integer.MAX_VALUE);
                replayed++;
            }
        }
        after = Math.max(after, upTo);
        registered = true;
        if (progressWanted) {
            progressWanted = false;
            progress(upTo);
        }
    }

    /**
     * On the cache's context. Before the watch knows its start revision (a watch "from now" waits for a quorum
     * read) a progress report would claim a start it has not got: it is given once the watch is registered.
     */
    void progress(long revision) {
        if (!registered) {
            progressWanted = true;
            return;
        }
        if (ended == 0) {
            push(new Progress(Math.max(revision, after)), Integer.MAX_VALUE);
        }
    }

    /** Ends the watch at once with an error (a start revision outside the window). */
    void fail(StorageException error) {
        if (ENDED.compareAndSet(this, 0, 1)) {
            queue.clear();
            QUEUED.set(this, 0);
            enqueue(new End(error, null, false));
        }
    }

    /** Ends the watch at once, dropping what is queued: the client re-watches from its last revision. */
    void terminate(String why) {
        if (ENDED.compareAndSet(this, 0, 1)) {
            queue.clear();
            QUEUED.set(this, 0);
            enqueue(new End(null, why, false));
        }
    }

    boolean ended() {
        return ended != 0;
    }

    private boolean push(Object item, int bound) {
        if (ended != 0) {
            return false;
        }
        int backlog = queued;
        if (backlog >= bound && (!waitingForTurn() || backlog >= Math.max(bound, cache.windowCapacity()))) {
            terminate("the watcher fell more than " + limit + " events behind");
            return false;
        }
        enqueue(item);
        return true;
    }

    private void enqueue(Object item) {
        queue.add(item);
        QUEUED.incrementAndGet(this);
        if (SCHEDULED.compareAndSet(this, 0, 1)) {
            delivery.runOnContext(v -> drain());
        }
    }

    /** A drain is scheduled and has not begun: what is queued has not been offered to the listener yet. */
    private boolean waitingForTurn() {
        return scheduled != 0 && !draining;
    }

    /** On the delivery context. */
    private void drain() {
        draining = true;
        for (int i = 0; i < BATCH; i++) {
            Object item = queue.poll();
            if (item == null) {
                break;
            }
            QUEUED.decrementAndGet(this);
            if (!deliver(item)) {
                queue.clear();
                draining = false;
                return; // ended; scheduled stays set, so nothing is delivered any more
            }
        }
        draining = false;
        scheduled = 0;
        if (!queue.isEmpty() && SCHEDULED.compareAndSet(this, 0, 1)) {
            delivery.runOnContext(v -> drain());
        }
    }

    /** Hands one item to the listener; false once the watch has ended. */
    private boolean deliver(Object item) {
        if (item instanceof CacheEvent e) {
            if (ended == 0) {
                listener.onEvent(e.event());
            }
            return true;
        }
        if (item instanceof Progress p) {
            if (ended == 0) {
                listener.onProgress(p.revision());
            }
            return true;
        }
        End end = (End) item;
        if (end.silent()) {
            return false;
        }
        if (end.error() != null) {
            listener.onError(end.error());
        } else {
            listener.onTerminated(end.terminated());
        }
        return false;
    }

    @Override
    public void requestProgress() {
        if (ended == 0) {
            cache.progressRequested(this);
        }
    }

    @Override
    public void close() {
        if (ENDED.compareAndSet(this, 0, 1)) {
            queue.clear();
            QUEUED.set(this, 0);
            enqueue(new End(null, null, true));
            cache.remove(this);
        }
    }
}
