package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Future;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store as a controller test needs to see it: how many lists it answered (a controller driven by watches
 * lists once per watch started, never periodically), and every open watch can be ended as a compacted revision ends
 * it (410), losing the events after it, so that only a fresh list shows them.
 */
public final class ObservedStorage implements Storage {

    private final Storage delegate;
    private final AtomicInteger lists = new AtomicInteger();
    private final List<String> listed = new CopyOnWriteArrayList<>();
    private final List<String> watched = new CopyOnWriteArrayList<>();
    private final List<EndableWatch> open = new CopyOnWriteArrayList<>();

    public ObservedStorage(Storage delegate) {
        this.delegate = delegate;
    }

    /** Lists answered so far. */
    public int lists() {
        return lists.get();
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
        return delegate.list(request);
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        EndableWatch watch = new EndableWatch(listener);
        watched.add(keyOrPrefix);
        watch.subscription = delegate.watch(keyOrPrefix, afterRevision, watch);
        open.add(watch);
        return watch;
    }

    private final class EndableWatch implements WatchListener, WatchSubscription {

        private final WatchListener listener;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile WatchSubscription subscription;

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
            if (!ended.get()) {
                listener.onEvent(event);
            }
        }

        @Override
        public void onProgress(long revision) {
            if (!ended.get()) {
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

    @Override
    public Future<StoredObject> create(String key, byte[] value) {
        return delegate.create(key, value);
    }

    @Override
    public Future<StoredObject> get(String key) {
        return delegate.get(key);
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        return delegate.update(key, expectedRevision, value);
    }

    @Override
    public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
        return delegate.guaranteedUpdate(key, fn, maxAttempts);
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        return delegate.delete(key, expectedRevision);
    }

    @Override
    public Future<Long> currentRevision() {
        return delegate.currentRevision();
    }

    @Override
    public Future<Void> compact(long revision) {
        return delegate.compact(revision);
    }

    @Override
    public Future<Void> ping() {
        return delegate.ping();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
