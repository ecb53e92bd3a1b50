package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import io.vertx.core.MultiMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthenticationHeadersTest {

    @Test
    void removesTokensAndEveryAssertedIdentityHeader() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("Authorization", "Bearer t")
                .add("x-remote-user", "alice")
                .add("X-Remote-Group", "a")
                .add("X-Remote-Group", "b")
                .add("X-Remote-Extra-Scopes", "s")
                .add("X-Remote-Uid", "1")
                .add("X-Proxy-User", "bob")
                .add("X-Proxy-Uid", "b-1")
                .add("X-Proxy-Extra-Foo", "bar")
                .add("Accept", "application/json")
                .add("X-Remotely-Harmless", "kept");
        RequestHeaderConfig custom = new RequestHeaderConfig(
                List.of(),
                List.of(),
                List.of("X-Proxy-User"),
                List.of("X-Proxy-Uid"),
                List.of("X-Proxy-Group"),
                List.of("X-Proxy-Extra-"));

        AuthenticationFilter.clearAuthenticationHeaders(headers, custom);

        assertThat(headers.names()).containsExactlyInAnyOrder("Accept", "X-Remotely-Harmless");
    }

    @Test
    void aRotatedRequestHeaderConfigurationClearsItsOwnHeaders() {
        RequestHeaderConfig first = new RequestHeaderConfig(
                List.of(), List.of(), List.of("X-First-User"), List.of(), List.of(), List.of("X-First-Extra-"));
        RequestHeaderConfig second = new RequestHeaderConfig(
                List.of(), List.of(), List.of("X-Second-User"), List.of(), List.of(), List.of("X-Second-Extra-"));
        for (int i = 0; i < 2; i++) {
            MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                    .add("x-first-user", "a")
                    .add("X-First-Extra-A", "1")
                    .add("X-Second-User", "b")
                    .add("x-second-extra-b", "2")
                    .add("authorization", "Bearer t")
                    .add("x-remote-user", "r")
                    .add("x-remote-user", "again");

            AuthenticationFilter.clearAuthenticationHeaders(headers, i == 0 ? first : second);

            assertThat(headers.names())
                    .containsExactlyInAnyOrderElementsOf(
                            i == 0
                                    ? List.of("X-Second-User", "x-second-extra-b")
                                    : List.of("x-first-user", "X-First-Extra-A"));
        }
    }
}
