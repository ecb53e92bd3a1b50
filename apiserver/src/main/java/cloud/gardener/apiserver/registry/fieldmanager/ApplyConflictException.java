package cloud.gardener.apiserver.registry.fieldmanager;

import java.util.List;

/** An apply that would take fields from other managers without {@code force} ({@code merge.Conflicts}). */
final class ApplyConflictException extends RuntimeException {

    private final transient List<Conflict> conflicts;

    ApplyConflictException(List<Conflict> conflicts) {
        super(Conflict.message(conflicts), null, false, false);
        this.conflicts = List.copyOf(conflicts);
    }

    List<Conflict> conflicts() {
        return conflicts;
    }
}
