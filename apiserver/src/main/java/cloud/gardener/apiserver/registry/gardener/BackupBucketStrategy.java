package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * BackupBuckets: the generation follows spec changes, deletion and {@code gardener.cloud/operation: reconcile}
 * (which is removed).
 */
public final class BackupBucketStrategy extends GardenerStrategy {

    public BackupBucketStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode bucket, ObjectNode old) {
        if (specChangedOrDeletionStarted(bucket, old) || Operations.takeReconcile(bucket)) {
            bumpGeneration(bucket, old);
        }
    }
}
