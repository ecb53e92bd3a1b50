package cloud.gardener.apiserver.registry.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The collector's graph: dependents by their owners' uids, kept when the owner is gone. */
class DependencyGraphTest {

    private static Node node(String uid, OwnerReference... owners) {
        return new Node(new ObjectId(null, "ns", "n-" + uid, uid), List.of(owners), false, List.of());
    }

    private static OwnerReference owner(String uid, boolean block) {
        return new OwnerReference("v1", "ConfigMap", "n-" + uid, uid, block);
    }

    @Test
    void dependentsAreFoundByTheirOwnersUidEvenOnceTheOwnerIsGone() {
        DependencyGraph graph = new DependencyGraph();
        graph.put(node("owner"));
        graph.put(node("a", owner("owner", true)));
        graph.put(node("b", owner("owner", false), owner("other", false)));
        assertThat(graph.dependents("owner")).extracting(n -> n.id().uid()).containsExactly("a", "b");
        assertThat(graph.dependents("other")).extracting(n -> n.id().uid()).containsExactly("b");

        assertThat(graph.remove("owner")).isNotNull();
        assertThat(graph.dependents("owner")).extracting(n -> n.id().uid()).containsExactly("a", "b");
        assertThat(graph.get("a").blocks("owner")).isTrue();
        assertThat(graph.get("b").blocks("owner")).isFalse();
    }

    @Test
    void anUpdatedNodeMovesBetweenItsOwnersAndARemovedOneLeavesThem() {
        DependencyGraph graph = new DependencyGraph();
        graph.put(node("a", owner("x", false)));
        Node old = graph.put(node("a", owner("y", false)));
        assertThat(old.owners()).extracting(OwnerReference::uid).containsExactly("x");
        assertThat(graph.dependents("x")).isEmpty();
        assertThat(graph.dependents("y")).hasSize(1);

        graph.remove("a");
        assertThat(graph.dependents("y")).isEmpty();
        assertThat(graph.size()).isZero();
    }

    @Test
    void foregroundAndOrphanDeletionsAreReadFromTheFinalizers() {
        Node foreground = new Node(new ObjectId(null, "", "f", "f"), List.of(), true, List.of("foregroundDeletion"));
        Node orphan = new Node(new ObjectId(null, "", "o", "o"), List.of(), true, List.of("x", "orphan"));
        Node notYet = new Node(new ObjectId(null, "", "n", "n"), List.of(), false, List.of("foregroundDeletion"));
        assertThat(foreground.deletingDependents()).isTrue();
        assertThat(foreground.orphaning()).isFalse();
        assertThat(orphan.orphaning()).isTrue();
        assertThat(notYet.deletingDependents()).isFalse();
    }
}
