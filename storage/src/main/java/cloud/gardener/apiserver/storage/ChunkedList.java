package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;

/**
 * A list read as a first page and the chunks after it ({@link StoreReader#listChunked}). The first page says what
 * the list is (its revision; for a request with a limit, its continue key and remaining count, and then nothing
 * follows); the rest are the items after it, read only when asked.
 *
 * @param first the first items (never empty while more follow), the revision, and a page's continuation
 * @param rest  the items after {@code first}; {@link ItemChunks#NONE} when the first page is the whole answer
 */
public record ChunkedList(ListPage first, ItemChunks rest) {

    /** A page read whole. */
    public static ChunkedList whole(ListPage page) {
        return new ChunkedList(page, ItemChunks.NONE);
    }

    /** The whole list as one page (every chunk read). */
    public Future<ListPage> drain() {
        if (rest == ItemChunks.NONE) {
            return Future.succeededFuture(first);
        }
        return rest.drainAfter(first.items())
                .map(items -> new ListPage(items, first.revision(), first.nextKey(), first.remainingItemCount()));
    }
}
