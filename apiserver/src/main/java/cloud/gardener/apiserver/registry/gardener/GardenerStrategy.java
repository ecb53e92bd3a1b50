package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The shape every Gardener strategy shares: {@code PrepareForUpdate} of the main resource, of the status (and of other
 * subresources that write the object); {@link #canonicalize} follows validation. As in Go, a strategy that must move
 * the generation sets {@code metadata.generation} to the stored one plus one; the store then sees it moved.
 */
public abstract class GardenerStrategy implements ResourceStrategy {

    private final boolean unconditionalUpdate;

    /** @param unconditionalUpdate {@code AllowUnconditionalUpdate}: whether a PUT may omit the resourceVersion */
    protected GardenerStrategy(boolean unconditionalUpdate) {
        this.unconditionalUpdate = unconditionalUpdate;
    }

    @Override
    public final boolean allowUnconditionalUpdate() {
        return unconditionalUpdate;
    }

    @Override
    public final void prepareForCreate(ObjectNode obj) {
        create(obj);
    }

    @Override
    public final void prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        if ("status".equals(subresource)) {
            updateStatus(obj, old);
        } else if (subresource.isEmpty()) {
            update(obj, old);
        } else {
            updateSubresource(subresource, obj, old);
        }
    }

    /** The generation moved when the kind's rules set it (the store reset it to the stored value before). */
    @Override
    public final boolean generationMoves(ObjectNode obj, ObjectNode old, String subresource) {
        return ObjectTrees.generation(obj) > ObjectTrees.generation(old);
    }

    /** {@code PrepareForCreate}, after the store set uid, creationTimestamp, generation and cleared the status. */
    protected void create(ObjectNode obj) {}

    /** {@code PrepareForUpdate} of the main resource; the stored status is already in place. */
    protected void update(ObjectNode obj, ObjectNode old) {}

    /** {@code PrepareForUpdate} of the status strategy; everything but the status is already the stored one. */
    protected void updateStatus(ObjectNode obj, ObjectNode old) {}

    /** Subresources writing through the kind's main strategy (e.g. {@code managedseedsets/scale}). */
    protected void updateSubresource(String subresource, ObjectNode obj, ObjectNode old) {
        update(obj, old);
    }

    /** The rule most kinds share: the spec changed, or the deletion started. */
    protected static boolean specChangedOrDeletionStarted(ObjectNode obj, ObjectNode old) {
        return !Trees.sameField(obj, old, "spec") || Trees.deletionStarted(obj, old);
    }

    protected static void bumpGeneration(ObjectNode obj, ObjectNode old) {
        ObjectTrees.meta(obj).put("generation", ObjectTrees.generation(old) + 1);
    }
}
