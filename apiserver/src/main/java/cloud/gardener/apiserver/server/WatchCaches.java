package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.storage.cache.CachedStorage;
import io.vertx.core.Future;

/**
 * The server's watch caches as readiness and shutdown see them: {@code /readyz} says "watch-cache" is not synced
 * until every cache has listed its resource once (as kube-apiserver waits for its cachers before it is ready);
 * later re-lists do not make the server unready, reads go to the store meanwhile.
 */
final class WatchCaches {

    private final CachedStorage caches;
    private volatile boolean filled;

    /** @param caches the caches, or null when no resource is cached */
    WatchCaches(CachedStorage caches) {
        this.caches = caches;
        this.filled = caches == null;
    }

    Future<Void> start() {
        if (caches == null) {
            return Future.succeededFuture();
        }
        return caches.start().onSuccess(v -> filled = true);
    }

    boolean filled() {
        return filled;
    }

    /** Stops the caches; the store under them stays open (its owner closes it). */
    void close() {
        if (caches != null) {
            caches.closeCaches();
        }
    }
}
