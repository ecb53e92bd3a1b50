package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.ForwardingStorage;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store as a controller test needs to see it: how many lists it answered (a controller driven by watches
 * lists once per watch started, never periodically), and its open watches can be stalled (their events are lost, as
 * on a stream that stopped delivering) and ended as a compacted revision ends them (410), losing the events after
 * it, so that only a fresh list shows them; how many single objects it read; and its watches' events can be held
 * back, so that a watch cache above it is stale on purpose.
 */
public final class ObservedStorage extends ForwardingStorage {

    private final AtomicInteger lists = new AtomicInteger();
    private final AtomicInteger gets = new AtomicInteger();
    private final AtomicInteger deletes = new AtomicInteger();
    /** The events and progress held back from every watch while {@link #holdEvents()} is in force, in order. */
    private List<Runnable> held;

    private final List<String> listed = new CopyOnWriteArrayList<>();
    private final List<String> watched = new CopyOnWriteArrayList<>();
    private final List<EndableWatch> open = new CopyOnWriteArrayList<>();

    public ObservedStorage(Storage delegate) {
        super(delegate);
    }

    /** Lists answered so far. */
    public int lists() {
        return lists.get();
    }

    /** Single-object reads of storage so far. */
    public int gets() {
        return gets.get();
    }

    /** Delete transactions sent to storage so far (each one, whether its revision compare held or not). */
    public int deletes() {
        return deletes.get();
    }

    /** Holds back every watch's events and progress (a watch cache above stays where it is) until {@link #release()}. */
    public synchronized void holdEvents() {
        if (held == null) {
            held = new ArrayList<>();
        }
    }

    /** Delivers what was held back, in order, and lets events through again. */
    public void release() {
        List<Runnable> delivery;
        synchronized (this) {
            delivery = held;
            held = null;
        }
        if (delivery != null) {
            delivery.forEach(Runnable::run);
        }
    }

    /** Runs {@code delivery} now, or later when events are held. */
    private synchronized boolean heldBack(Runnable delivery) {
        if (held == null) {
            return false;
        }
        held.add(delivery);
        return true;
    }

    /** The prefix of every list answered so far (one entry per page), in order. */
    public List<String> listedPrefixes() {
        return List.copyOf(listed);
    }

    /** The key or prefix of every watch opened so far, in order. */
    public List<String> watchedPrefixes() {
        return List.copyOf(watched);
    }

    /** Watches open now. */
    public int watches() {
        return open.size();
    }

    /** Every open watch delivers nothing more (events and progress are lost) until it ends. */
    public void stallWatches() {
        for (EndableWatch watch : open) {
            watch.stalled = true;
        }
    }

    /** Ends every open watch with 410 Gone (Expired); what is written afterwards reaches none of them. */
    public void expireWatches() {
        for (EndableWatch watch : open) {
            watch.expire();
        }
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        lists.incrementAndGet();
        listed.add(request.prefix());
        return super.list(request);
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        deletes.incrementAndGet();
        return super.delete(key, expectedRevision);
    }

    @Override
    public Future<StoredObject> get(String key) {
        gets.incrementAndGet();
        return super.get(key);
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        EndableWatch watch = new EndableWatch(listener);
        watched.add(keyOrPrefix);
        watch.subscription = super.watch(keyOrPrefix, afterRevision, watch);
        open.add(watch);
        return watch;
    }

    private final class EndableWatch implements WatchListener, WatchSubscription {

        private final WatchListener listener;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile WatchSubscription subscription;
        private volatile boolean stalled;

        EndableWatch(WatchListener listener) {
            this.listener = listener;
        }

        void expire() {
            if (ended.compareAndSet(false, true)) {
                open.remove(this);
                subscription.close();
                listener.onError(StorageException.compacted(1, 2));
            }
        }

        @Override
        public void onEvent(WatchEvent event) {
            if (!ended.get() && !stalled && !heldBack(() -> onEvent(event))) {
                listener.onEvent(event);
            }
        }

        @Override
        public void onProgress(long revision) {
            if (!ended.get() && !stalled && !heldBack(() -> onProgress(revision))) {
                listener.onProgress(revision);
            }
        }

        @Override
        public void onError(StorageException error) {
            if (ended.compareAndSet(false, true)) {
                open.remove(this);
                listener.onError(error);
            }
        }

        @Override
        public void requestProgress() {
            subscription.requestProgress();
        }

        @Override
        public void close() {
            ended.set(true);
            open.remove(this);
            subscription.close();
        }
    }
}
