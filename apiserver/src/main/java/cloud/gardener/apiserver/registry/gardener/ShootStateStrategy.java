package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ShootStates: the generation follows spec changes and deletion.
 */
public final class ShootStateStrategy extends GardenerStrategy {

    public ShootStateStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode state, ObjectNode old) {
        if (specChangedOrDeletionStarted(state, old)) {
            bumpGeneration(state, old);
        }
    }
}
