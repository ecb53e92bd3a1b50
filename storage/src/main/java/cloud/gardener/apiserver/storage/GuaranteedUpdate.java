package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The one guaranteed-update loop, as etcd3's {@code store.GuaranteedUpdate}: an attempt computes the next state from
 * the current object and writes it on that object's revision; when the write fails with CONFLICT the attempt runs
 * again on the object the conflict reports (etcd's transaction reads it in its else branch, so no extra round trip),
 * or on a fresh read when the conflict carries none. After {@code maxAttempts} attempts in all the CONFLICT is the
 * result. Any other failure (NOT_FOUND when the key went away, a rejection by the attempt itself) ends the loop.
 *
 * <p>The first attempt may start from a cached object that is possibly stale (a watch cache's copy): when an attempt
 * on such an object fails for any reason, the loop reads the object and tries once more before giving up, because
 * the failure may have come from the staleness (upstream's {@code origStateIsCurrent}).
 *
 * <p>Attempts may run more than once, so they must compute rather than act: anything they do besides the final
 * write is done again on a retry.
 */
public final class GuaranteedUpdate {

    /** A compare-on-revision write that fails with CONFLICT (carrying the current object) or NOT_FOUND. */
    @FunctionalInterface
    public interface Write {
        Future<StoredObject> write(StoredObject current, byte[] value);
    }

    /**
     * One try at an update: from the current object to a result, writing on {@code current.modRevision()}. Failing
     * with a {@link StorageException} of reason CONFLICT asks the loop for another try.
     */
    @FunctionalInterface
    public interface Attempt<T> {
        Future<T> apply(StoredObject current);
    }

    private GuaranteedUpdate() {}

    /**
     * The byte-level loop the stores implement {@link Storage#guaranteedUpdate} with: a result equal to the current
     * value writes nothing and answers the current object.
     *
     * @param current the object as read now
     * @param read    reads the object again (only when a conflict does not carry it)
     */
    public static Future<StoredObject> run(
            StoredObject current,
            Supplier<Future<StoredObject>> read,
            UpdateFunction fn,
            int maxAttempts,
            Write write) {
        return loop(
                current,
                true,
                read,
                maxAttempts,
                cur -> fn.apply(cur)
                        .compose(value -> Arrays.equals(value, cur.value())
                                ? Future.succeededFuture(cur)
                                : write.write(cur, value)));
    }

    /**
     * Runs {@code attempt} on the current object until it succeeds, fails other than by a conflict, or has run
     * {@code maxAttempts} times.
     *
     * @param cached        the object to start from, or null to read it first
     * @param cachedCurrent whether {@code cached} is known to be current (a quorum read), not a possibly stale copy
     * @param read          a quorum read of the object; its failure (NOT_FOUND) is the loop's
     */
    public static <T> Future<T> loop(
            StoredObject cached,
            boolean cachedCurrent,
            Supplier<Future<StoredObject>> read,
            int maxAttempts,
            Attempt<T> attempt) {
        int bound = Math.max(1, maxAttempts);
        if (cached == null) {
            return read.get().compose(current -> attempt(current, true, read, 1, bound, attempt));
        }
        return attempt(cached, cachedCurrent, read, 1, bound, attempt);
    }

    private static <T> Future<T> attempt(
            StoredObject current,
            boolean isCurrent,
            Supplier<Future<StoredObject>> read,
            int n,
            int maxAttempts,
            Attempt<T> attempt) {
        Future<T> result;
        try {
            result = attempt.apply(current);
        } catch (RuntimeException e) {
            result = Future.failedFuture(e);
        }
        return result.recover(failure -> {
            if (!isCurrent) {
                // the failure may be the stale copy's: judge it again on the stored object (not counted as a try)
                return read.get().compose(fresh -> attempt(fresh, true, read, n, maxAttempts, attempt));
            }
            if (failure instanceof StorageException e
                    && e.reason() == StorageException.Reason.CONFLICT
                    && n < maxAttempts) {
                return e.current() != null
                        ? attempt(e.current(), true, read, n + 1, maxAttempts, attempt)
                        : read.get().compose(fresh -> attempt(fresh, true, read, n + 1, maxAttempts, attempt));
            }
            return Future.failedFuture(failure);
        });
    }
}
