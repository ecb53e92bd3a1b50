package cloud.gardener.apiserver.api.model;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the changes of form an object goes through (tree to record and back, tree to stored bytes and back), so that
 * a test can pin how many a write costs. Off unless a test starts a {@link Tally}: counting is then one volatile read.
 */
public final class FormChanges {

    /** One change of form. */
    public enum Change {
        /** {@link ModelCodec#decode}: a JSON tree read into its typed record. */
        TREE_TO_RECORD,
        /** {@link ModelCodec#encode}: a record written as a JSON tree. */
        RECORD_TO_TREE,
        /** A tree encoded as the bytes storage keeps. */
        TREE_TO_BYTES,
        /** Stored bytes parsed back into a tree. */
        BYTES_TO_TREE,
        /** {@link ModelCodec#decodeParts}: some top-level members of a tree read into a record's fields. */
        PART_TREE_TO_RECORD,
        /** {@link ModelCodec#encodeParts}: some fields of a record written as JSON members. */
        PART_RECORD_TO_TREE
    }

    /** The changes counted since {@link #start()}. */
    public static final class Tally {
        private final Map<Change, AtomicInteger> counts = new EnumMap<>(Change.class);

        private Tally() {
            for (Change c : Change.values()) {
                counts.put(c, new AtomicInteger());
            }
        }

        public int of(Change change) {
            return counts.get(change).get();
        }

        public int total() {
            return counts.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        @Override
        public String toString() {
            return counts.toString();
        }
    }

    private static volatile Tally tally;

    private FormChanges() {}

    /** Counts one change, when a tally is running. */
    public static void count(Change change) {
        Tally t = tally;
        if (t != null) {
            t.counts.get(change).incrementAndGet();
        }
    }

    /** Starts counting from zero (for tests: the count is process-wide). */
    public static Tally start() {
        Tally t = new Tally();
        tally = t;
        return t;
    }

    /** Stops counting. */
    public static void stop() {
        tally = null;
    }
}
