package cloud.gardener.apiserver.delegation;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

/**
 * Hands a future shared by several requests to each on its own context. A future completes on the context of
 * whoever completed it; a request served by another event loop that joined it would otherwise go on, on the wrong
 * thread, touching state confined to its connection's event loop.
 */
public final class CallerContext {

    private CallerContext() {}

    /** {@code shared}, completing on the caller's context (as is when the caller has none). */
    public static <T> Future<T> of(Future<T> shared) {
        Context caller = Vertx.currentContext();
        if (caller == null) {
            return shared;
        }
        Promise<T> mine = Promise.promise();
        shared.onComplete(done -> {
            if (Vertx.currentContext() == caller) {
                mine.handle(done);
            } else {
                caller.runOnContext(v -> mine.handle(done));
            }
        });
        return mine.future();
    }
}
