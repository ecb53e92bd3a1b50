package cloud.gardener.apiserver.endpoints;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * A list's items after those a streamed answer starts with, brought a chunk at a time when the answer has written
 * the last ones (a list read from storage in chunks: {@link cloud.gardener.apiserver.storage.ItemChunks}).
 */
@FunctionalInterface
public interface MoreItems<T> {

    /** The next items, at least one, or an empty list at the end. */
    Future<List<T>> next();

    /** None: the answer's first items are all of them. */
    static <T> MoreItems<T> none() {
        return () -> Future.succeededFuture(List.of());
    }

    /** {@code first} and every item after it, all at once (for an answer encoded from a whole list). */
    default Future<List<T>> drainAfter(List<T> first) {
        return drainInto(new ArrayList<>(first));
    }

    private Future<List<T>> drainInto(List<T> all) {
        return next().compose(chunk -> {
            if (chunk.isEmpty()) {
                return Future.succeededFuture(all);
            }
            all.addAll(chunk);
            return drainInto(all);
        });
    }
}
