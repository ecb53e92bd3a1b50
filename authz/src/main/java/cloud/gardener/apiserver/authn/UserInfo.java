package cloud.gardener.apiserver.authn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Who made a request, as k8s.io/apiserver's {@code user.Info}: name, uid, groups and extra values.
 * Collections are immutable copies; {@code null}s become empty.
 */
public record UserInfo(String name, String uid, List<String> groups, Map<String, List<String>> extra) {

    public static final String ANONYMOUS = "system:anonymous";
    public static final String ALL_UNAUTHENTICATED = "system:unauthenticated";
    public static final String ALL_AUTHENTICATED = "system:authenticated";
    public static final String SYSTEM_MASTERS = "system:masters";
    /** Extra key under which authenticators record which credential was used. */
    public static final String CREDENTIAL_ID_KEY = "authentication.kubernetes.io/credential-id";

    public UserInfo {
        Objects.requireNonNull(name, "name");
        uid = uid == null ? "" : uid;
        groups = groups == null ? List.of() : List.copyOf(groups);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        if (extra != null) {
            extra.forEach((key, values) -> copy.put(key, values == null ? List.of() : List.copyOf(values)));
        }
        extra = java.util.Collections.unmodifiableMap(copy);
    }

    public static UserInfo of(String name, List<String> groups) {
        return new UserInfo(name, "", groups, Map.of());
    }

    /** {@code system:anonymous} in {@code system:unauthenticated}. */
    public static UserInfo anonymous() {
        return new UserInfo(ANONYMOUS, "", List.of(ALL_UNAUTHENTICATED), Map.of());
    }

    public boolean isInGroup(String group) {
        return groups.contains(group);
    }

    /** This user with {@code group} appended, unless already a member. */
    public UserInfo withGroup(String group) {
        if (groups.contains(group)) {
            return this;
        }
        List<String> more = new ArrayList<>(groups);
        more.add(group);
        return new UserInfo(name, uid, more, extra);
    }
}
