package cloud.gardener.apiserver.storage.testing;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Future;

/**
 * A store that passes every call to another: the base of the tests' stores that change one behaviour of a real
 * store (what they watch, count or hold back) and leave the rest to it.
 */
public abstract class ForwardingStorage implements Storage {

    private final Storage delegate;

    protected ForwardingStorage(Storage delegate) {
        this.delegate = delegate;
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
    public Future<Long> modRevision(String key) {
        return delegate.modRevision(key);
    }

    @Override
    public Future<RangeRevisions> rangeRevisions(String prefix) {
        return delegate.rangeRevisions(prefix);
    }

    @Override
    public boolean readsAlike(StoredObject held) {
        return delegate.readsAlike(held);
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        return delegate.list(request);
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        return delegate.watch(keyOrPrefix, afterRevision, listener);
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
