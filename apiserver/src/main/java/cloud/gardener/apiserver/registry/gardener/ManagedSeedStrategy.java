package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ManagedSeeds: the generation follows spec changes, deletion, {@code gardener.cloud/operation: reconcile}
 * (removed) and {@code renew-kubeconfig} (kept for gardenlet).
 */
public final class ManagedSeedStrategy extends GardenerStrategy {

    public ManagedSeedStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode managedSeed, ObjectNode old) {
        if (specChangedOrDeletionStarted(managedSeed, old)
                || Operations.takeReconcile(managedSeed)
                || Trees.hasAnnotation(managedSeed, Trees.OPERATION, "renew-kubeconfig")) {
            bumpGeneration(managedSeed, old);
        }
    }
}
