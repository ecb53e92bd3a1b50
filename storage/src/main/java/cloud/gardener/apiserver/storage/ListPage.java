package cloud.gardener.apiserver.storage;

import java.util.List;

/**
 * The result of a range read.
 *
 * @param items              matching objects in key order
 * @param revision           the revision the read was served at (the list's resourceVersion)
 * @param nextKey            when more keys follow: the key to continue from; otherwise null
 * @param remainingItemCount how many keys follow, when known (only without a filter); otherwise null
 */
public record ListPage(List<StoredObject> items, long revision, String nextKey, Long remainingItemCount) {

    /** The same page, served as the state at {@code at}. */
    public ListPage at(long at) {
        return at == revision ? this : new ListPage(items, at, nextKey, remainingItemCount);
    }

    public boolean hasMore() {
        return nextKey != null;
    }
}
