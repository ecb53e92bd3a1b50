package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Predicate;

/**
 * A list as the store executes it, after the request's options were validated.
 *
 * @param revision  the revision to read at; 0 for the latest
 * @param exact     whether {@code revision} must be served exactly (else "not older than")
 * @param limit     page size, 0 for all
 * @param startKey  continue position (a key relative to the collection root), or null
 * @param filter    selector match on decoded objects, or null for all
 * @param fromContinue whether this page continues an earlier list (changes the 410 message)
 * @param anyState  {@code resourceVersion=0}: any state the server has will do (a watch cache's as it is)
 * @param selection the selectors behind {@code filter} for a watch cache to match on attributes, or null
 */
public record ListQuery(
        long revision,
        boolean exact,
        long limit,
        String startKey,
        Predicate<ObjectNode> filter,
        boolean fromContinue,
        boolean anyState,
        ListSelection selection) {

    /** A consistent (or revisioned) list without selection attributes. */
    public ListQuery(
            long revision,
            boolean exact,
            long limit,
            String startKey,
            Predicate<ObjectNode> filter,
            boolean fromContinue) {
        this(revision, exact, limit, startKey, filter, fromContinue, false, null);
    }

    public static ListQuery all() {
        return new ListQuery(0, false, 0, null, null, false);
    }
}
