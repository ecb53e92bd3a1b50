package cloud.gardener.apiserver.authn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserInfoTest {

    @Test
    void anonymousIsSystemAnonymousInSystemUnauthenticated() {
        UserInfo anonymous = UserInfo.anonymous();

        assertThat(anonymous.name()).isEqualTo("system:anonymous");
        assertThat(anonymous.groups()).containsExactly("system:unauthenticated");
        assertThat(anonymous.uid()).isEmpty();
        assertThat(anonymous.extra()).isEmpty();
    }

    @Test
    void copiesItsInputsAndNormalizesNulls() {
        List<String> groups = new ArrayList<>(List.of("a"));
        Map<String, List<String>> extra = new HashMap<>(Map.of("k", List.of("v")));
        UserInfo user = new UserInfo("u", null, groups, extra);
        groups.add("b");
        extra.put("x", List.of());

        assertThat(user.uid()).isEmpty();
        assertThat(user.groups()).containsExactly("a");
        assertThat(user.extra()).containsOnlyKeys("k");
        assertThatThrownBy(() -> user.groups().add("c")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(new UserInfo("u", null, null, null).groups()).isEmpty();
    }

    @Test
    void withGroupAppendsOnce() {
        UserInfo user = UserInfo.of("u", List.of("a"));

        assertThat(user.withGroup("b").groups()).containsExactly("a", "b");
        assertThat(user.withGroup("a")).isSameAs(user);
        assertThat(user.isInGroup("a")).isTrue();
        assertThat(user.isInGroup("b")).isFalse();
    }
}
