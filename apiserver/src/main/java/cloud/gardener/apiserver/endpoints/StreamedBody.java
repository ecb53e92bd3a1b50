package cloud.gardener.apiserver.endpoints;

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
     * Encodes until at least {@code bytes} are ready or the answer ends, and returns what is ready: a little over
     * {@code bytes} (by at most one item's encoding), or less at the end. Empty only once done.
     */
    Buffer next(int bytes);
}
