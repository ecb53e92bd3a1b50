package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardenlets: the generation follows spec changes, deletion, {@code reconcile} (removed) and
 * {@code renew-kubeconfig} or {@code force-redeploy} (kept). Gardener's strategy neither clears the status on create nor
 * keeps it on updates of the main resource.
 */
public final class GardenletStrategy extends GardenerStrategy {

    public GardenletStrategy() {
        super(false);
    }

    @Override
    public boolean resetsStatusOnCreate() {
        return false;
    }

    @Override
    public boolean keepsStatusOnUpdate() {
        return false;
    }

    @Override
    protected void update(ObjectNode gardenlet, ObjectNode old) {
        if (specChangedOrDeletionStarted(gardenlet, old)
                || Operations.takeReconcile(gardenlet)
                || Trees.hasAnnotation(gardenlet, Trees.OPERATION, "renew-kubeconfig")
                || Trees.hasAnnotation(gardenlet, Trees.OPERATION, "force-redeploy")) {
            bumpGeneration(gardenlet, old);
        }
    }
}
