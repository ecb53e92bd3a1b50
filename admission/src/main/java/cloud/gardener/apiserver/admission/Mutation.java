package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;

/**
 * What a mutating plugin's admit did to the request's object tree: the chain decodes the object's record again after a
 * plugin that {@link #WROTE} (or answered null), and shares the record it has after one that wrote {@link #NONE}.
 */
public enum Mutation {
    /** The tree may have changed (a plugin that cannot tell answers this). */
    WROTE,
    /** The plugin left the tree exactly as it received it: not a node added, removed or set. */
    NONE;

    private static final Future<Mutation> WROTE_FUTURE = Future.succeededFuture(WROTE);
    private static final Future<Mutation> NONE_FUTURE = Future.succeededFuture(NONE);

    /** An admit that may have written the tree, succeeded. */
    public static Future<Mutation> wrote() {
        return WROTE_FUTURE;
    }

    /** An admit that wrote nothing, succeeded. */
    public static Future<Mutation> none() {
        return NONE_FUTURE;
    }

    /** {@link #wrote()} when {@code written}, else {@link #none()}. */
    public static Future<Mutation> wrote(boolean written) {
        return written ? WROTE_FUTURE : NONE_FUTURE;
    }

    /** Whether a plugin's answer means the tree may have changed: anything but {@link #NONE}. */
    static boolean mayHaveWritten(Mutation answer) {
        return answer != NONE;
    }
}
