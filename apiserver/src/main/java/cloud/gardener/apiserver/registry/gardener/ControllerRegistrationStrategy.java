package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ControllerRegistrations: the generation follows spec changes and deletion.
 */
public final class ControllerRegistrationStrategy extends GardenerStrategy {

    public ControllerRegistrationStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode registration, ObjectNode old) {
        if (specChangedOrDeletionStarted(registration, old)) {
            bumpGeneration(registration, old);
        }
    }
}
