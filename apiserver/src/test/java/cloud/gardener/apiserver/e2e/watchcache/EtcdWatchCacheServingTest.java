package cloud.gardener.apiserver.e2e.watchcache;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The watch cache over etcd 3.4 (consistent reads are the cache's only where etcd's revisions of their keys match the
 * cache's copies; the rest is the cache's).
 */
@Tag("integration")
class EtcdWatchCacheServingTest extends WatchCacheServingContract {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    @Override
    ApiServerExtension server() {
        return SERVER;
    }
}
