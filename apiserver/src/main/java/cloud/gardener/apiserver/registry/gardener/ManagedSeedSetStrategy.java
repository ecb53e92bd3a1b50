package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ManagedSeedSets: the generation follows spec changes (also through {@code scale}), deletion and
 * {@code gardener.cloud/operation: reconcile} (removed).
 */
public final class ManagedSeedSetStrategy extends GardenerStrategy {

    public ManagedSeedSetStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode set, ObjectNode old) {
        if (specChangedOrDeletionStarted(set, old) || Operations.takeReconcile(set)) {
            bumpGeneration(set, old);
        }
    }
}
