package cloud.gardener.apiserver.e2e.events;

import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Event expiry on the embedded store. */
class EmbeddedEventExpiryTest extends EventExpiryScenarios {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            ApiServerExtension.withStorage(EmbeddedStorage::new, config -> config.eventTtl(TTL));

    @Override
    ApiServerExtension server() {
        return SERVER;
    }
}
