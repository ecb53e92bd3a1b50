package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The storage contract through the watch cache over a real etcd: each test's prefix is one cached resource. On
 * etcd before 3.4.31 (3.4.23 here) progress reports can overtake events (etcd-io/etcd#15220), so the cache is
 * told so from etcd's version and sends consistent reads to the store; everything else is the cache's.
 */
@Tag("integration")
class CachedEtcdStorageContractTest extends StorageContractTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    private String cachedPrefix;

    @Override
    protected Storage newStorage(Vertx vertx) {
        cachedPrefix = ETCD.newPrefix();
        EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config());
        boolean ordered = await(etcd.progressNotifyOrdered());
        CachedStorage cached =
                new CachedStorage(vertx, etcd, Map.of(cachedPrefix, WatchCacheConfig.defaults()), ordered);
        await(cached.start());
        this.cached = cached;
        return cached;
    }

    private CachedStorage cached;

    /**
     * The cache did the serving: only the read below the compacted revision went to the store for want of the
     * cache (consistent reads the cache does not hold at etcd's revisions go there by design on this etcd, see
     * {@link CachedStorage#delegatedReads()}).
     */
    @AfterEach
    void servedFromTheCache(TestInfo test) {
        long expected =
                test.getTestMethod().orElseThrow().getName().equals("compactionExpiresOldListsAndWatches") ? 1 : 0;
        assertThat(cached.storeReads()).as("reads handed to the store").isEqualTo(expected);
    }

    @Override
    protected String newPrefix() {
        return cachedPrefix;
    }
}
