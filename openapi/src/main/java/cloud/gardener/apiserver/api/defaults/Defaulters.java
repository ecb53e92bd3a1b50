package cloud.gardener.apiserver.api.defaults;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.Kinds;
import java.util.Optional;

/**
 * The defaulter of each kind and version, as its definition in {@link Kinds} says; kinds without one are stored as
 * sent. Also the defaulters of the credential-request subresources' bodies.
 */
public final class Defaulters {

    private Defaulters() {}

    public static Optional<Defaulter> of(GroupVersionKind gvk) {
        return Kinds.defaulter(gvk);
    }
}
