package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The {@code gardener.cloud/operation} rule several kinds share. */
final class Operations {

    private Operations() {}

    /** Whether the object asks for a reconciliation; the request is consumed (the annotation removed). */
    static boolean takeReconcile(ObjectNode obj) {
        if (Trees.hasAnnotation(obj, Trees.OPERATION, Trees.RECONCILE)) {
            Trees.removeAnnotation(obj, Trees.OPERATION);
            return true;
        }
        return false;
    }
}
