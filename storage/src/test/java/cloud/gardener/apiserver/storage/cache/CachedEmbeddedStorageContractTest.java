package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * The storage contract through the watch cache over the embedded store: every read and watch of the test's
 * prefix is served by a {@link WatchCache}, every write goes to the store.
 */
class CachedEmbeddedStorageContractTest extends StorageContractTest {

    private static final String ROOT = "/registry-test/";

    @TempDir
    static Path root;

    private static final AtomicInteger STORES = new AtomicInteger();

    @Override
    protected Storage newStorage(Vertx vertx) {
        CachedStorage cached = new CachedStorage(
                vertx,
                new EmbeddedStorage(vertx, root.resolve("store-" + STORES.incrementAndGet())),
                Map.of(ROOT, WatchCacheConfig.defaults()),
                true);
        await(cached.start());
        this.cached = cached;
        return cached;
    }

    private CachedStorage cached;

    /** The cache did the serving: only the read below the compacted revision went to the store. */
    @AfterEach
    void servedFromTheCache(TestInfo test) {
        long expected =
                test.getTestMethod().orElseThrow().getName().equals("compactionExpiresOldListsAndWatches") ? 1 : 0;
        assertThat(cached.storeReads()).as("reads handed to the store").isEqualTo(expected);
    }

    @Override
    protected String newPrefix() {
        return ROOT;
    }
}
