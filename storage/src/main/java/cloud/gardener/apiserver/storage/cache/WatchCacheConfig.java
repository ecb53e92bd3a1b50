package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.StoredObject;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * How one resource's watch cache behaves. The defaults are kube-apiserver's (k8s.io/apiserver
 * pkg/storage/cacher): an event window that starts at 100 events and grows (doubling, up to 100 * 1024) while
 * its oldest event is younger than 75 s and shrinks (halving, not below the lower bound) when its newest
 * quarter is older; reads that wait for the cache give up after 3 s.
 *
 * @param lowerBoundCapacity the smallest event window; equal bounds make the window fixed
 * @param upperBoundCapacity the largest event window
 * @param eventFreshDuration how long the window should reach back (kube-apiserver: bookmark frequency + 15 s)
 * @param blockTimeout       how long a read that needs a newer revision waits for the cache
 * @param watcherBuffer      events a watcher may lag behind the cache before it is terminated
 * @param attributes         labels, selectable fields and index terms of an object, computed once per version;
 *                           null: none
 * @param attributeWork      where {@code attributes} runs: inline, or off the event loop for a large value
 * @param indexedFields      fields of {@link ObjectAttributes#fields()} kept in a secondary index
 * @param maxRetainedBytes   bytes of superseded object versions the event window may keep alive; past it the
 *                           oldest events go (kube-apiserver has no such bound)
 * @param observer           where the cache reports for metrics
 */
public record WatchCacheConfig(
        int lowerBoundCapacity,
        int upperBoundCapacity,
        Duration eventFreshDuration,
        Duration blockTimeout,
        int watcherBuffer,
        Function<StoredObject, ObjectAttributes> attributes,
        AttributeWork attributeWork,
        Set<String> indexedFields,
        long maxRetainedBytes,
        WatchCacheObserver observer) {

    /**
     * Runs the attribute work of a value of {@code size} bytes and answers on the caller's context: inline, or off
     * the event loop when it is large (the server's {@code CpuWork#run}: reading the labels and fields of a 1.3 MB
     * value takes 150-190 ms on a busy machine, which the cache's event loop and every request on it would wait).
     */
    @FunctionalInterface
    public interface AttributeWork {
        /** Everything inline, on the cache's event loop. */
        AttributeWork INLINE = (size, work) -> {
            try {
                return Future.succeededFuture(work.call());
            } catch (Exception e) {
                return Future.failedFuture(e);
            }
        };

        Future<ObjectAttributes> run(long size, Callable<ObjectAttributes> work);
    }

    public static final int DEFAULT_LOWER_BOUND_CAPACITY = 100;
    public static final int DEFAULT_UPPER_BOUND_CAPACITY = 100 * 1024;
    public static final Duration DEFAULT_EVENT_FRESH_DURATION = Duration.ofSeconds(75);
    public static final Duration DEFAULT_BLOCK_TIMEOUT = Duration.ofSeconds(3);
    /**
     * kube-apiserver gives a watcher a channel of 10 events and blocks the dispatcher up to a time budget
     * before closing it; this cache never blocks its feed, so the buffer (references to shared events) is
     * larger to absorb bursts instead.
     */
    public static final int DEFAULT_WATCHER_BUFFER = 1000;
    /**
     * Old versions a window may pin per resource: 64 MiB holds the 100 events of the lower bound even for
     * 650 KiB objects, and keeps a churning resource of large objects from growing the window into gigabytes.
     */
    public static final long DEFAULT_MAX_RETAINED_BYTES = 64L << 20;

    public WatchCacheConfig {
        if (lowerBoundCapacity < 1 || upperBoundCapacity < lowerBoundCapacity) {
            throw new IllegalArgumentException("capacity bounds must satisfy 1 <= lower <= upper: " + lowerBoundCapacity
                    + ", " + upperBoundCapacity);
        }
        if (maxRetainedBytes < 0) {
            throw new IllegalArgumentException("retained bytes must not be negative: " + maxRetainedBytes);
        }
        if (watcherBuffer < 1) {
            throw new IllegalArgumentException("watcher buffer must be positive: " + watcherBuffer);
        }
        indexedFields = Set.copyOf(indexedFields);
        attributeWork = attributeWork == null ? AttributeWork.INLINE : attributeWork;
        observer = observer == null ? WatchCacheObserver.NONE : observer;
    }

    public static WatchCacheConfig defaults() {
        return new WatchCacheConfig(
                DEFAULT_LOWER_BOUND_CAPACITY,
                DEFAULT_UPPER_BOUND_CAPACITY,
                DEFAULT_EVENT_FRESH_DURATION,
                DEFAULT_BLOCK_TIMEOUT,
                DEFAULT_WATCHER_BUFFER,
                null,
                AttributeWork.INLINE,
                Set.of(),
                DEFAULT_MAX_RETAINED_BYTES,
                WatchCacheObserver.NONE);
    }

    /** A window of exactly {@code capacity} events. */
    public WatchCacheConfig withFixedCapacity(int capacity) {
        return with(c -> {
            c.lowerBoundCapacity = capacity;
            c.upperBoundCapacity = capacity;
        });
    }

    public WatchCacheConfig withWatcherBuffer(int events) {
        return with(c -> c.watcherBuffer = events);
    }

    public WatchCacheConfig withBlockTimeout(Duration timeout) {
        return with(c -> c.blockTimeout = timeout);
    }

    /** Attributes from {@code extractor}, with a secondary index on each of {@code indexed}. */
    public WatchCacheConfig withAttributes(Function<StoredObject, ObjectAttributes> extractor, Set<String> indexed) {
        return with(c -> {
            c.attributes = extractor;
            c.indexedFields = indexed;
        });
    }

    /** Attributes computed through {@code work} (see {@link AttributeWork}). */
    public WatchCacheConfig withAttributeWork(AttributeWork work) {
        return with(c -> c.attributeWork = work);
    }

    /** At most {@code bytes} of superseded versions kept alive by the event window. */
    public WatchCacheConfig withMaxRetainedBytes(long bytes) {
        return with(c -> c.maxRetainedBytes = bytes);
    }

    /** Reports to {@code to} for metrics. */
    public WatchCacheConfig withObserver(WatchCacheObserver to) {
        return with(c -> c.observer = to);
    }

    /** A copy with what {@code change} sets on it (checked again by the canonical constructor). */
    private WatchCacheConfig with(Consumer<Copy> change) {
        Copy copy = new Copy(this);
        change.accept(copy);
        return copy.build();
    }

    /** The components of a config while one or two of them are changed. */
    private static final class Copy {
        int lowerBoundCapacity;
        int upperBoundCapacity;
        Duration eventFreshDuration;
        Duration blockTimeout;
        int watcherBuffer;
        Function<StoredObject, ObjectAttributes> attributes;
        AttributeWork attributeWork;
        Set<String> indexedFields;
        long maxRetainedBytes;
        WatchCacheObserver observer;

        Copy(WatchCacheConfig from) {
            lowerBoundCapacity = from.lowerBoundCapacity;
            upperBoundCapacity = from.upperBoundCapacity;
            eventFreshDuration = from.eventFreshDuration;
            blockTimeout = from.blockTimeout;
            watcherBuffer = from.watcherBuffer;
            attributes = from.attributes;
            attributeWork = from.attributeWork;
            indexedFields = from.indexedFields;
            maxRetainedBytes = from.maxRetainedBytes;
            observer = from.observer;
        }

        WatchCacheConfig build() {
            return new WatchCacheConfig(
                    lowerBoundCapacity,
                    upperBoundCapacity,
                    eventFreshDuration,
                    blockTimeout,
                    watcherBuffer,
                    attributes,
                    attributeWork,
                    indexedFields,
                    maxRetainedBytes,
                    observer);
        }
    }
}
