package cloud.gardener.apiserver.api.defaults;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.Map;
import java.util.Optional;

/** The defaulter of each kind and version; kinds without one are stored as sent. */
public final class Defaulters {

    private static final Map<GroupVersionKind, Defaulter> DEFAULTERS = Map.of();

    private Defaulters() {
    }

    public static Optional<Defaulter> of(GroupVersionKind gvk) {
        return Optional.ofNullable(DEFAULTERS.get(gvk));
    }
}
