package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * One resource's view of the storage that times every round trip ({@code etcd_request_duration_seconds}, type the
 * group resource as upstream) and counts the work of each list ({@code apiserver_storage_list_*}): the objects the
 * selector tested, and those it kept. Recording is a histogram observation when the future completes.
 */
public final class MeteredStorage implements Storage {

    private final Storage storage;
    private final String resource;
    private final StorageMetrics metrics;

    /** @param resource the group resource, {@code shoots.core.gardener.cloud} */
    public MeteredStorage(Storage storage, String resource, StorageMetrics metrics) {
        this.storage = storage;
        this.resource = resource;
        this.metrics = metrics;
    }

    @Override
    public Future<StoredObject> create(String key, byte[] value) {
        return timed("create", storage.create(key, value));
    }

    @Override
    public Future<StoredObject> get(String key) {
        return timed("get", storage.get(key));
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        AtomicLong evaluated = new AtomicLong();
        Predicate<StoredObject> filter = request.filter();
        ListRequest counted = filter == null
                ? request
                : new ListRequest(request.prefix(), request.revision(), request.limit(), request.startKey(), object -> {
                    evaluated.incrementAndGet();
                    return filter.test(object);
                });
        return timed("list", storage.list(counted)).onSuccess(page -> {
            long returned = page.items().size();
            long tested = filter == null ? returned : evaluated.get();
            metrics.listed(resource, tested, tested, returned);
        });
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        return timed("update", storage.update(key, expectedRevision, value));
    }

    @Override
    public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
        return timed("update", storage.guaranteedUpdate(key, fn, maxAttempts));
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        return timed("delete", storage.delete(key, expectedRevision));
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        return storage.watch(keyOrPrefix, afterRevision, listener);
    }

    @Override
    public Future<Long> currentRevision() {
        return storage.currentRevision();
    }

    @Override
    public long compactedRevision() {
        return storage.compactedRevision();
    }

    @Override
    public Future<Void> compact(long revision) {
        return storage.compact(revision);
    }

    @Override
    public Future<Void> ping() {
        return storage.ping();
    }

    /** The shared storage is closed by its owner, not by one resource's view of it. */
    @Override
    public void close() {}

    private <T> Future<T> timed(String operation, Future<T> request) {
        long start = System.nanoTime();
        return request.onComplete(ar -> metrics.etcdRequest(operation, resource, System.nanoTime() - start));
    }
}
