package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;

/**
 * The read side of the storage contract: what serving a get, a list or a watch needs. {@link Storage} is one; a
 * watch cache in front of it (serving reads from memory once synced) is meant to be another, so the registry's
 * stores read through this interface and write through {@link Storage}.
 */
public interface StoreReader {

    /** Reads the latest value (a quorum read). */
    Future<StoredObject> get(String key);

    /** Reads a range at one revision; see {@link ListRequest}. */
    Future<ListPage> list(ListRequest request);

    /**
     * Watches one key, or every key under a prefix ending in {@code /}, delivering every change with a
     * revision greater than {@code afterRevision} (0: changes from now on).
     */
    WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener);

    /** The store's current revision (a quorum read). */
    Future<Long> currentRevision();
}
