package cloud.gardener.apiserver.e2e.watchcache;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The watch cache over the embedded store, whose progress reports consistent reads from the cache wait for. */
@Tag("integration")
class EmbeddedWatchCacheServingTest extends WatchCacheServingContract {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            ApiServerExtension.withStorage(EmbeddedStorage::new, Fixtures::withoutShootGardenChecks);

    @Override
    ApiServerExtension server() {
        return SERVER;
    }
}
