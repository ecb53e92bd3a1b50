package cloud.gardener.apiserver.storage;

import java.util.function.Predicate;

/**
 * A range read of every key under a prefix, at one revision.
 *
 * @param prefix   the key prefix; it ends with {@code /} so that {@code shoots/a} never matches {@code shoots/ab}
 * @param revision the revision to read at; 0 reads the latest (a quorum read)
 * @param limit    the most items to return; 0 means no limit
 * @param startKey the first key to return (from a continue token), or null to start at the prefix
 * @param filter   objects to keep; the store keeps reading until it has {@code limit} matches or runs out,
 *                 so pages are full where possible. Null keeps everything
 */
public record ListRequest(String prefix, long revision, long limit, String startKey, Predicate<StoredObject> filter) {

    public static ListRequest all(String prefix) {
        return new ListRequest(prefix, 0, 0, null, null);
    }

    /** The same read at another revision. */
    public ListRequest atRevision(long at) {
        return at == revision ? this : new ListRequest(prefix, at, limit, startKey, filter);
    }
}
