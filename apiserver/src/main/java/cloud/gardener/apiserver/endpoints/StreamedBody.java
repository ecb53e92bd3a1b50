package cloud.gardener.apiserver.endpoints;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;

/**
 * An answer encoded a piece at a time ({@link StreamedListResponse} writes it as the connection takes it).
 *
 * <p>Not thread-safe; successive calls may come from different threads if each happens after the last.
 */
public interface StreamedBody {

    /** Whether the whole answer was encoded (and taken with {@link #next}). */
    boolean done();

    /**
     * Encodes until at least {@code bytes} are ready, the answer ends or the encoder is {@link #starved}, and returns
     * what is ready: a little over {@code bytes} (by at most one item's encoding), or less at the end or when
     * starved (then possibly nothing).
     */
    Buffer next(int bytes);

    /**
     * Whether the encoder has encoded every item it holds and more follow: {@link #fetch} brings them. Never for an
     * answer whose items were all there from the start.
     */
    default boolean starved() {
        return false;
    }

    /**
     * Brings the next items of a {@link #starved} encoder (reads them from storage); the next {@link #next} encodes
     * them. Called on the request's context, one at a time.
     */
    default Future<Void> fetch() {
        return Future.succeededFuture();
    }
}
