package cloud.gardener.apiserver.storage.cache;

/**
 * What one watch cache reports for metrics (k8s.io/apiserver's cacher metrics); every call comes from the
 * cache's own context and must be cheap.
 */
public interface WatchCacheObserver {

    WatchCacheObserver NONE = new WatchCacheObserver() {};

    /**
     * A list page served from the cache.
     *
     * @param index    the secondary index the candidates came from, or "" when it walked the whole range
     * @param fetched  objects the cache looked at
     * @param returned objects in the page
     */
    default void listServed(String index, long fetched, long returned) {}

    /** The event window's capacity changed (at start too, from 0). */
    default void capacityChanged(int from, int to) {}

    /** An event came from the store's watch. */
    default void eventReceived() {}

    /** An event was handed to this many watchers. */
    default void eventDispatched(int watchers) {}

    /** The cache listed its prefix and is (again) ready at this revision. */
    default void initialized(long revision) {}

    /** Watchers were terminated for falling behind. */
    default void watchersTerminated(int count) {}

    /** The revision the cache has seen up to. */
    default void revision(long revision) {}
}
