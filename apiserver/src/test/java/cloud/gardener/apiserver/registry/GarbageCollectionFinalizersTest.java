package cloud.gardener.apiserver.registry;

import static cloud.gardener.apiserver.registry.GenericStore.finalizersForGarbageCollection;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The finalizers a delete leaves for the garbage collector, as k8s.io/apiserver's store sets them. */
class GarbageCollectionFinalizersTest {

    @Test
    void aPolicyAddsItsFinalizerAndRemovesTheOther() {
        assertThat(finalizersForGarbageCollection(List.of("a"), "Foreground"))
                .containsExactly("a", "foregroundDeletion");
        assertThat(finalizersForGarbageCollection(List.of("a"), "Orphan")).containsExactly("a", "orphan");
        assertThat(finalizersForGarbageCollection(List.of("orphan", "a"), "Foreground"))
                .containsExactly("a", "foregroundDeletion");
        assertThat(finalizersForGarbageCollection(List.of("foregroundDeletion", "a"), "Orphan"))
                .containsExactly("a", "orphan");
    }

    @Test
    void backgroundRemovesBoth() {
        assertThat(finalizersForGarbageCollection(List.of("orphan", "a", "foregroundDeletion"), "Background"))
                .containsExactly("a");
        assertThat(finalizersForGarbageCollection(List.of(), "Background")).isEmpty();
    }

    @Test
    void withoutAPolicyTheObjectsOwnFinalizerStaysAndTheFirstOfTwoWins() {
        assertThat(finalizersForGarbageCollection(List.of("a"), null)).containsExactly("a");
        assertThat(finalizersForGarbageCollection(List.of("foregroundDeletion", "a"), null))
                .containsExactly("a", "foregroundDeletion");
        assertThat(finalizersForGarbageCollection(List.of("orphan", "foregroundDeletion"), null))
                .containsExactly("orphan");
    }
}
