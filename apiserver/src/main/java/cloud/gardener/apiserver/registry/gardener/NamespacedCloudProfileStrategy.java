package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * NamespacedCloudProfiles: the generation follows spec changes and deletion; unconditional updates allowed.
 */
public final class NamespacedCloudProfileStrategy extends GardenerStrategy {

    public NamespacedCloudProfileStrategy() {
        super(true);
    }

    @Override
    protected void update(ObjectNode profile, ObjectNode old) {
        if (specChangedOrDeletionStarted(profile, old)) {
            bumpGeneration(profile, old);
        }
    }
}
