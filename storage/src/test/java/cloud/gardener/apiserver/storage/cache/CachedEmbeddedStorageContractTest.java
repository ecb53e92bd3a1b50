package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

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
        CachedStorage cached = new CachedStorage(vertx,
                new EmbeddedStorage(vertx, root.resolve("store-" + STORES.incrementAndGet())),
                Map.of(ROOT, WatchCacheConfig.defaults()));
        await(cached.start());
        return cached;
    }

    @Override
    protected String newPrefix() {
        return ROOT;
    }
}
