package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * BackupEntries: the generation follows spec changes, deletion, the force-deletion annotation and the
 * {@code reconcile}, {@code restore} and {@code migrate} operations; {@code restore} stays until the reconciliation
 * ends (and a kept one moves nothing). The seed names are mirrored into labels.
 */
public final class BackupEntryStrategy extends GardenerStrategy {

    static final String FORCE_DELETION = "backupentry.core.gardener.cloud/force-deletion";

    public BackupEntryStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode entry, ObjectNode old) {
        if (mustIncreaseGeneration(old, entry)) {
            bumpGeneration(entry, old);
        }
    }

    private static boolean mustIncreaseGeneration(ObjectNode old, ObjectNode entry) {
        if (specChangedOrDeletionStarted(entry, old)) {
            return true;
        }
        boolean oldForce = Trees.parseBool(Trees.annotation(old, FORCE_DELETION));
        boolean newForce = Trees.parseBool(Trees.annotation(entry, FORCE_DELETION));
        if (oldForce != newForce && newForce) {
            return true;
        }
        String operation = Trees.annotation(entry, Trees.OPERATION);
        if (!Trees.RECONCILE.equals(operation) && !"restore".equals(operation) && !"migrate".equals(operation)) {
            return false;
        }
        if (!"restore".equals(operation)) {
            Trees.removeAnnotation(entry, Trees.OPERATION);
        } else if ("restore".equals(Trees.annotation(old, Trees.OPERATION))) {
            // removed only at the end of the restoration: keeping it must not cause another reconciliation
            return false;
        }
        return true;
    }

    @Override
    public void canonicalize(ObjectNode entry) {
        ShootStrategy.maintainSeedNameLabels(
                entry, JsonTrees.text(entry, "spec", "seedName"), JsonTrees.text(entry, "status", "seedName"));
    }
}
