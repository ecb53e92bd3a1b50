package cloud.gardener.apiserver.registry.gc;

import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What the collector keeps of an object: its identity, its owners and whether its deletion has started, with the
 * finalizer that asks the collector to delete its dependents first or to orphan them.
 */
record Node(ObjectId id, List<OwnerReference> owners, boolean beingDeleted, List<String> finalizers) {

    static final String FOREGROUND = GenericStore.FOREGROUND_FINALIZER;
    static final String ORPHAN = GenericStore.ORPHAN_FINALIZER;

    static Node of(GenericStore store, ObjectNode object) {
        return new Node(
                ObjectId.of(store, object),
                List.copyOf(OwnerReference.of(object)),
                ObjectTrees.isDeleting(object),
                List.copyOf(ObjectTrees.finalizers(object)));
    }

    /** Deleted in the foreground: waits for the dependents that block it. */
    boolean deletingDependents() {
        return beingDeleted && finalizers.contains(FOREGROUND);
    }

    /** Deleted with {@code propagationPolicy=Orphan}: its dependents lose their reference to it first. */
    boolean orphaning() {
        return beingDeleted && finalizers.contains(ORPHAN);
    }

    /** Its reference to {@code ownerUid}, or null. */
    OwnerReference owner(String ownerUid) {
        for (OwnerReference ref : owners) {
            if (ref.uid().equals(ownerUid)) {
                return ref;
            }
        }
        return null;
    }

    /** Whether its reference to {@code ownerUid} holds a foreground deletion of that owner back. */
    boolean blocks(String ownerUid) {
        for (OwnerReference ref : owners) {
            if (ref.uid().equals(ownerUid) && ref.blockOwnerDeletion()) {
                return true;
            }
        }
        return false;
    }
}
