package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ControllerInstallations: the generation follows spec changes and deletion.
 */
public final class ControllerInstallationStrategy extends GardenerStrategy {

    public ControllerInstallationStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode installation, ObjectNode old) {
        if (specChangedOrDeletionStarted(installation, old)) {
            bumpGeneration(installation, old);
        }
    }
}
