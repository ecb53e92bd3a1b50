package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The items of a list after its first page, read a chunk at a time when asked ({@link ChunkedList}): a streamed
 * answer asks for the next chunk only when it has written the last, so a long list is never all in memory.
 *
 * <p>Not thread-safe: one {@link #next} at a time, each after the last completed.
 */
@FunctionalInterface
public interface ItemChunks {

    /** None: everything was in the first page. */
    ItemChunks NONE = () -> Future.succeededFuture(List.of());

    /**
     * The next matching items in key order, at least one, or an empty list at the end (and from then on). A store
     * failure (the revision compacted meanwhile, the store unavailable) fails it.
     */
    Future<List<StoredObject>> next();

    /** The same chunks, each changed by {@code change} (decrypted, counted). */
    default ItemChunks map(UnaryOperator<List<StoredObject>> change) {
        return () -> next().map(change);
    }

    /** {@code first} and every chunk after it, read all at once (for an answer that cannot be streamed). */
    default Future<List<StoredObject>> drainAfter(List<StoredObject> first) {
        List<StoredObject> all = new ArrayList<>(first);
        return drainInto(all);
    }

    private Future<List<StoredObject>> drainInto(List<StoredObject> all) {
        return next().compose(chunk -> {
            if (chunk.isEmpty()) {
                return Future.succeededFuture(all);
            }
            all.addAll(chunk);
            return drainInto(all);
        });
    }
}
