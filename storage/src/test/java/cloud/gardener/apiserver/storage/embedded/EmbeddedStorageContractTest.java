package cloud.gardener.apiserver.storage.embedded;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract against the embedded store: a fresh database per test. */
class EmbeddedStorageContractTest extends StorageContractTest {

    @TempDir
    static Path root;

    private static final AtomicInteger STORES = new AtomicInteger();

    @Override
    protected Storage newStorage(Vertx vertx) {
        return new EmbeddedStorage(vertx, root.resolve("store-" + STORES.incrementAndGet()));
    }

    @Override
    protected String newPrefix() {
        return "/registry-test/";
    }
}
