package cloud.gardener.apiserver.registry.gc;

import cloud.gardener.apiserver.registry.GenericStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The objects of every watched store by uid, and for every uid the objects that name it as their owner, as the
 * garbage collector's graph: an owner that is not (or no longer) stored still has its dependents listed, so that its
 * absence can be acted upon. Not thread-safe: the collector uses it on its own context only.
 */
final class DependencyGraph {

    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, Set<String>> dependents = new HashMap<>();

    Node get(String uid) {
        return nodes.get(uid);
    }

    /** Adds or replaces the node of its uid; answers the one it replaced, or null. */
    Node put(Node node) {
        Node old = nodes.put(node.id().uid(), node);
        if (old != null) {
            unlink(old);
        }
        for (OwnerReference ref : node.owners()) {
            dependents
                    .computeIfAbsent(ref.uid(), k -> new LinkedHashSet<>())
                    .add(node.id().uid());
        }
        return old;
    }

    /** Removes the node of {@code uid}; its own dependents stay listed under its uid. Answers it, or null. */
    Node remove(String uid) {
        Node old = nodes.remove(uid);
        if (old != null) {
            unlink(old);
        }
        return old;
    }

    private void unlink(Node node) {
        for (OwnerReference ref : node.owners()) {
            Set<String> of = dependents.get(ref.uid());
            if (of != null) {
                of.remove(node.id().uid());
                if (of.isEmpty()) {
                    dependents.remove(ref.uid());
                }
            }
        }
    }

    /** The stored objects that name {@code ownerUid} as an owner. */
    List<Node> dependents(String ownerUid) {
        List<Node> out = new ArrayList<>();
        for (String uid : dependents.getOrDefault(ownerUid, Set.of())) {
            Node node = nodes.get(uid);
            if (node != null) {
                out.add(node);
            }
        }
        return out;
    }

    /** The nodes of one store, to find those a fresh list no longer has. */
    List<Node> nodesOf(GenericStore store) {
        List<Node> out = new ArrayList<>();
        for (Node node : nodes.values()) {
            if (node.id().store() == store) {
                out.add(node);
            }
        }
        return out;
    }

    int size() {
        return nodes.size();
    }
}
