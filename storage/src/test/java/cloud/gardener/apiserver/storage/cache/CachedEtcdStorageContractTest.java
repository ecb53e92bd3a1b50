package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

/**
 * The storage contract through the watch cache over a real etcd (3.4, without reliable progress
 * notifications): each test's prefix is one cached resource.
 */
class CachedEtcdStorageContractTest extends StorageContractTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    private String cachedPrefix;

    @Override
    protected Storage newStorage(Vertx vertx) {
        cachedPrefix = ETCD.newPrefix();
        CachedStorage cached = new CachedStorage(vertx, new EtcdStorage(vertx, ETCD.config()),
                Map.of(cachedPrefix, WatchCacheConfig.defaults()));
        await(cached.start());
        return cached;
    }

    @Override
    protected String newPrefix() {
        return cachedPrefix;
    }
}
