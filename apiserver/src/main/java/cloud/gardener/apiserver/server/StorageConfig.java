package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.storage.Storage;

/**
 * Where objects are kept.
 *
 * @param store  the object store, owned by the caller (who closes it after the server)
 * @param prefix {@code --etcd-prefix}: the key prefix of every object
 */
public record StorageConfig(Storage store, String prefix) {}
