package cloud.gardener.apiserver.e2e.events;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Event expiry on etcd. */
class EventExpiryTest extends EventExpiryScenarios {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.eventTtl(TTL));

    @Override
    ApiServerExtension server() {
        return SERVER;
    }
}
