package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.ForwardingStorage;
import io.vertx.core.Future;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store as a controller test needs to see it: how many lists it answered (a controller driven by watches
 * lists once per watch started, never periodically), and its open watches can be stalled (their events are lost, as
 * on a stream that stopped delivering) and ended as a compacted revision ends them (410), losing the events after
 * it, so that only a fresh list shows them.
 */
public final class ObservedStorage extends ForwardingStorage {

    private final AtomicInteger lists = new AtomicInteger();
    private final List<EndableWatch> open = new CopyOnWriteArrayList<>();

    public ObservedStorage(Storage delegate) {
        super(delegate);
    }

    /** Lists answered so far. */
    public int lists() {
        return lists.get();
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
        return super.list(request);
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        EndableWatch watch = new EndableWatch(listener);
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
            if (!ended.get() && !stalled) {
                listener.onEvent(event);
            }
        }

        @Override
        public void onProgress(long revision) {
            if (!ended.get() && !stalled) {
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
