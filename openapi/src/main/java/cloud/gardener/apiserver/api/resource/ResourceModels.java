package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.Optional;

/**
 * The record class that models each kind in each version (see {@code api.model}), as its {@link KindDefinition}
 * says. A kind without one is handled as open JSON: kept as sent, no unknown-field detection.
 */
public final class ResourceModels {

    private ResourceModels() {}

    public static Optional<Class<?>> of(GroupVersionKind gvk) {
        return Kinds.model(gvk);
    }
}
