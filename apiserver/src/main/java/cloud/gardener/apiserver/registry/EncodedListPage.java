package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.StoredObject;
import java.util.List;

/**
 * One page of a list with its items as stored, not yet decoded: a response that streams decodes each item as it
 * writes it ({@link ResourceReads#decode}), so the page never exists as trees all at once.
 *
 * @param items              the stored objects, in key order
 * @param revision           the revision the page was read at
 * @param continueKey        the key (relative to the collection root) to continue from, or null at the end
 * @param remainingItemCount how many objects follow, when known
 * @param rest               the objects after {@code items} of a list read in chunks ({@link ItemChunks#NONE} when
 *                           {@code items} are all of the page); read when asked, their failures API errors
 */
public record EncodedListPage(
        List<StoredObject> items, long revision, String continueKey, Long remainingItemCount, ItemChunks rest) {

    /** The stored bytes of the items (the first ones of a list read in chunks). */
    public long bytes() {
        long bytes = 0;
        for (StoredObject so : items) {
            bytes += so.value().length;
        }
        return bytes;
    }
}
