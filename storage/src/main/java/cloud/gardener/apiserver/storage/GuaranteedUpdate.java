package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;
import java.util.Arrays;

/**
 * The guaranteed-update loop every store shares: apply the function to the current object, write on its
 * revision, and on a conflict apply it again to the object the conflict reports, up to a bound. A result
 * equal to the current value writes nothing.
 */
public final class GuaranteedUpdate {

    /** A compare-on-revision write that fails with CONFLICT (carrying the current object) or NOT_FOUND. */
    @FunctionalInterface
    public interface Write {
        Future<StoredObject> write(StoredObject current, byte[] value);
    }

    private GuaranteedUpdate() {
    }

    public static Future<StoredObject> run(StoredObject current, UpdateFunction fn, int maxAttempts, Write write) {
        return attempt(current, fn, 1, Math.max(1, maxAttempts), write);
    }

    private static Future<StoredObject> attempt(StoredObject current, UpdateFunction fn, int attempt, int maxAttempts,
                                                Write write) {
        Future<byte[]> next;
        try {
            next = fn.apply(current);
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
        return next.compose(value -> {
            if (Arrays.equals(value, current.value())) {
                return Future.succeededFuture(current);
            }
            return write.write(current, value).recover(failure -> {
                if (failure instanceof StorageException e && e.reason() == StorageException.Reason.CONFLICT
                        && e.current() != null && attempt < maxAttempts) {
                    return attempt(e.current(), fn, attempt + 1, maxAttempts, write);
                }
                return Future.failedFuture(failure);
            });
        });
    }
}
