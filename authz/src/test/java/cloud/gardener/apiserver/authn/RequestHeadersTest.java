package cloud.gardener.apiserver.authn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestHeadersTest {

    @Test
    void namesAreCaseInsensitiveAndRepeatedNamesMerge() {
        Map<String, List<String>> raw = new LinkedHashMap<>();
        raw.put("X-Remote-User", List.of("alice"));
        raw.put("x-remote-user", List.of("bob"));
        raw.put("X-Remote-Group", List.of("a", "b"));
        RequestHeaders headers = RequestHeaders.of(raw);

        assertThat(headers.getAll("X-REMOTE-USER")).containsExactly("alice", "bob");
        assertThat(headers.get("x-remote-user")).isEqualTo("alice");
        assertThat(headers.getAll("x-remote-group")).containsExactly("a", "b");
        assertThat(headers.names()).containsExactlyInAnyOrder("x-remote-user", "x-remote-group");
        assertThat(headers.get("Authorization")).isNull();
        assertThat(headers.getAll("Authorization")).isEmpty();
        assertThat(RequestHeaders.empty().names()).isEmpty();
    }
}
