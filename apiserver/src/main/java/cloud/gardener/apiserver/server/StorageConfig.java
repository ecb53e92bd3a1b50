package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;

/**
 * Where objects are kept.
 *
 * @param store      the object store, owned by the caller (who closes it after the server)
 * @param prefix     {@code --etcd-prefix}: the key prefix of every object
 * @param watchCache which resources are read through a watch cache
 */
public record StorageConfig(Storage store, String prefix, WatchCacheSettings watchCache) {

    /**
     * Upstream's default caching; progress reports are trusted only from the embedded store used directly (the
     * caller, who knows its etcd's version, says otherwise with the full constructor).
     */
    public StorageConfig(Storage store, String prefix) {
        this(store, prefix, WatchCacheSettings.defaults(store instanceof EmbeddedStorage));
    }
}
