package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("integration")
class SmokeTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @Test
    void healthIsOpenAndDiscoveryNeedsCredentials() {
        assertThat(SERVER.anonymous().get("/healthz").body()).isEqualTo("ok");
        assertThat(SERVER.anonymous().get("/apis").status()).isEqualTo(403);
        assertThat(SERVER.admin().get("/apis").json().path("kind").asText()).isEqualTo("APIGroupList");
    }
}
