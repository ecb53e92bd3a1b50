package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.RequestHeaders;
import io.vertx.core.MultiMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class MultiMapRequestHeadersTest {

    private static MultiMap http1() {
        return MultiMap.caseInsensitiveMultiMap()
                .add("X-Remote-User", "alice")
                .add("X-Remote-Group", "dev")
                .add("x-remote-group", "")
                .add("X-REMOTE-GROUP", "ops")
                .add("X-Remote-Extra-Scopes", "a")
                .add("x-remote-extra-scopes", "b")
                .add("Accept", "application/json");
    }

    @Test
    void aNameInAnyCaseFindsEveryValueInRequestOrder() {
        RequestHeaders headers = new MultiMapRequestHeaders(http1());

        assertThat(headers.getAll("x-remote-group")).containsExactly("dev", "", "ops");
        assertThat(headers.getAll("X-Remote-Group")).containsExactly("dev", "", "ops");
        assertThat(headers.getAll("X-Remote-Extra-Scopes")).containsExactly("a", "b");
        assertThat(headers.get("x-REMOTE-user")).isEqualTo("alice");
        assertThat(headers.get("Authorization")).isNull();
        assertThat(headers.getAll("Authorization")).isEmpty();
    }

    @Test
    void namesAreLowerCasedAndListedOnce() {
        RequestHeaders headers = new MultiMapRequestHeaders(http1());

        assertThat(headers.names())
                .containsExactlyInAnyOrder("x-remote-user", "x-remote-group", "x-remote-extra-scopes", "accept");
    }

    @Test
    void answersAsTheCopyItReplaces() {
        MultiMap vertx = http1();
        RequestHeaders view = new MultiMapRequestHeaders(vertx);
        RequestHeaders copy = RequestHeaders.of(java.util.Map.of(
                "X-Remote-User", List.of("alice"),
                "X-Remote-Group", vertx.getAll("X-Remote-Group"),
                "X-Remote-Extra-Scopes", List.of("a", "b"),
                "Accept", List.of("application/json")));

        assertThat(view.names()).isEqualTo(copy.names());
        for (String name : copy.names()) {
            assertThat(view.getAll(name)).as(name).isEqualTo(copy.getAll(name));
            assertThat(view.getAll(name.toUpperCase(java.util.Locale.ROOT)))
                    .as(name)
                    .isEqualTo(copy.getAll(name));
        }
    }

    @Test
    void readsTheHeadersAsTheyAreNow() {
        // a view, not a copy: what authenticators read is what the request carries
        MultiMap vertx = http1();
        RequestHeaders headers = new MultiMapRequestHeaders(vertx);
        vertx.add("Authorization", "Bearer t");

        assertThat(headers.get("authorization")).isEqualTo("Bearer t");
    }
}
