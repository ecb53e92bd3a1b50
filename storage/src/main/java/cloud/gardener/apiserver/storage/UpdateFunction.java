package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;

/**
 * Computes the next value from the current one inside a guaranteed update. It may be called more
 * than once (after a conflict it is called again with the fresh object), so it must not have side
 * effects. Failing the future aborts the update with that failure.
 */
@FunctionalInterface
public interface UpdateFunction {

    /**
     * Computes the new value from the object as stored now.
     *
     * @param current the object as stored now
     * @return the new value; returning bytes equal to {@code current.value()} is a no-op and writes nothing
     */
    Future<byte[]> apply(StoredObject current);
}
