package cloud.gardener.apiserver.metrics;

import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoreReader;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code apiserver_storage_objects}: every minute, as upstream, each resource's objects are counted in storage (a
 * list of one object, whose remaining count says the rest); a failed count is reported as -1, as upstream.
 */
public final class StoredObjectCounts {

    static final long INTERVAL_MS = 60_000;

    private final Vertx vertx;
    private final StoreReader storage;
    private final Map<String, String> prefixes;
    private final StorageMetrics metrics;
    private long timer = -1;

    /** @param prefixes each resource's key prefix (ending in {@code /}) by its group resource */
    public StoredObjectCounts(Vertx vertx, StoreReader storage, Map<String, String> prefixes, StorageMetrics metrics) {
        this.vertx = vertx;
        this.storage = storage;
        this.prefixes = Map.copyOf(prefixes);
        this.metrics = metrics;
    }

    /** Counts now, then every minute until {@link #stop}. */
    public void start() {
        countAll();
        timer = vertx.setPeriodic(INTERVAL_MS, id -> countAll());
    }

    public void stop() {
        vertx.cancelTimer(timer);
    }

    /** One round of counts; completes when every resource has been counted (or failed to). */
    Future<Void> countAll() {
        List<Future<Void>> counts = new ArrayList<>();
        prefixes.forEach((resource, prefix) -> counts.add(storage.list(new ListRequest(prefix, 0, 1, null, null))
                .map(page -> page.items().size()
                        + (page.remainingItemCount() == null
                                ? 0L
                                : page.remainingItemCount().longValue()))
                .otherwise(-1L)
                .map(count -> {
                    metrics.objects(resource, count);
                    return null;
                })));
        return Future.join(counts).mapEmpty();
    }
}
