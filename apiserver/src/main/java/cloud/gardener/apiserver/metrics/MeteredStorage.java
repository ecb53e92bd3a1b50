package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Future;
import java.util.List;
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

    /** Timed as a get: it is etcd's range read of the key, without the value. */
    @Override
    public Future<Long> modRevision(String key) {
        return timed("get", storage.modRevision(key));
    }

    /** Timed as a list: it is etcd's range read of the prefix, without the values. */
    @Override
    public Future<RangeRevisions> rangeRevisions(String prefix) {
        return timed("list", storage.rangeRevisions(prefix));
    }

    @Override
    public boolean readsAlike(StoredObject held) {
        return storage.readsAlike(held);
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        AtomicLong evaluated = new AtomicLong();
        Predicate<StoredObject> filter = request.filter();
        return timed("list", storage.list(counted(request, evaluated)))
                .onSuccess(page -> listed(filter, evaluated, page.items()));
    }

    /** {@link #list}; each further chunk of a list read in chunks is timed and counted as it is read. */
    @Override
    public Future<ChunkedList> listChunked(ListRequest request) {
        AtomicLong evaluated = new AtomicLong();
        Predicate<StoredObject> filter = request.filter();
        return timed("list", storage.listChunked(counted(request, evaluated))).map(chunked -> {
            listed(filter, evaluated, chunked.first().items());
            ItemChunks rest = chunked.rest();
            return rest == ItemChunks.NONE
                    ? chunked
                    : new ChunkedList(
                            chunked.first(),
                            () -> timed("list", rest.next()).onSuccess(items -> listed(filter, evaluated, items)));
        });
    }

    /** The request with its filter's evaluations counted in {@code evaluated}. */
    private static ListRequest counted(ListRequest request, AtomicLong evaluated) {
        Predicate<StoredObject> filter = request.filter();
        return filter == null
                ? request
                : new ListRequest(request.prefix(), request.revision(), request.limit(), request.startKey(), object -> {
                    evaluated.incrementAndGet();
                    return filter.test(object);
                });
    }

    /** Counts what a read returned and (with a filter) what it tested since the last count. */
    private void listed(Predicate<StoredObject> filter, AtomicLong evaluated, List<StoredObject> items) {
        long returned = items.size();
        long tested = filter == null ? returned : evaluated.getAndSet(0);
        metrics.listed(resource, tested, tested, returned);
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        return timed("update", storage.update(key, expectedRevision, value));
    }

    @Override
    public Future<StoredObject> update(StoredObject current, byte[] value) {
        return timed("update", storage.update(current, value));
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
