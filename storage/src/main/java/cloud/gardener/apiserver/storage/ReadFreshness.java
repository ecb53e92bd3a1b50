package cloud.gardener.apiserver.storage;

/**
 * How fresh a read must be: the resourceVersion and resourceVersionMatch rules of a GET or LIST
 * (protocol section 5.2). A store without a cache serves every kind with a quorum read; a watch cache
 * serves {@link Any} at once, and the others after waiting until it has seen the revision they need.
 */
public sealed interface ReadFreshness {

    /** The revision the read must reach (NotOlderThan, Exact); 0 for Consistent and Any. */
    long revision();

    /** {@code resourceVersion=""}: the latest state, linearizable (a quorum read, or a cache that caught up to one). */
    record Consistent() implements ReadFreshness {
        @Override
        public long revision() {
            return 0;
        }
    }

    /** {@code resourceVersion="0"}: any state the server has; may be stale. */
    record Any() implements ReadFreshness {
        @Override
        public long revision() {
            return 0;
        }
    }

    /** {@code resourceVersionMatch=NotOlderThan}: a state at or after {@code revision}. */
    record NotOlderThan(long revision) implements ReadFreshness {}

    /** {@code resourceVersionMatch=Exact} (and continue tokens): the state at exactly {@code revision}. */
    record Exact(long revision) implements ReadFreshness {}

    static ReadFreshness consistent() {
        return new Consistent();
    }

    static ReadFreshness any() {
        return new Any();
    }

    static ReadFreshness notOlderThan(long revision) {
        return new NotOlderThan(revision);
    }

    static ReadFreshness exact(long revision) {
        return new Exact(revision);
    }
}
