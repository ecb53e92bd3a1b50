package cloud.gardener.apiserver.registry.gc;

import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One object as the collector knows it: where it is stored, its name and the uid that tells it from a later object
 * of the same name.
 */
record ObjectId(GenericStore store, String namespace, String name, String uid) {

    static ObjectId of(GenericStore store, ObjectNode object) {
        return new ObjectId(store, ObjectTrees.namespace(object), ObjectTrees.name(object), ObjectTrees.uid(object));
    }

    String kind() {
        return store.type().kind();
    }

    @Override
    public String toString() {
        return store.type().groupResource() + " " + (namespace.isEmpty() ? "" : namespace + "/") + name + " (uid " + uid
                + ")";
    }
}
