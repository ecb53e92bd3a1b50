package cloud.gardener.apiserver.registry;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The work queue of a controller, as client-go's rate-limited workqueue: an item waits at most once however often it
 * is added, is never processed twice at the same time (added while in process, it runs again afterwards), and an
 * item whose processing failed comes back after a per-item backoff that doubles up to a cap and is reset by a
 * success. Confined to one context: call {@link #add} there.
 *
 * @param <T> an item's identity (equals and hashCode by value)
 */
public final class WorkQueue<T> {

    private static final Logger LOG = LoggerFactory.getLogger(WorkQueue.class);
    static final long FIRST_RETRY_MS = 200;
    static final long MAX_RETRY_MS = 30_000;

    private final Vertx vertx;
    private final Context context;
    private final String name;
    private final int workers;
    private final Function<T, Future<Void>> process;
    private final ArrayDeque<T> queue = new ArrayDeque<>();
    private final Set<T> dirty = new HashSet<>();
    private final Set<T> processing = new HashSet<>();
    private final Map<T, Long> failures = new HashMap<>();
    private boolean stopped;

    /**
     * @param context where items are added and processed
     * @param name    for the log
     * @param workers how many items are processed at once
     * @param process one pass over an item; a failed future retries it later
     */
    public WorkQueue(Vertx vertx, Context context, String name, int workers, Function<T, Future<Void>> process) {
        this.vertx = vertx;
        this.context = context;
        this.name = name;
        this.workers = workers;
        this.process = process;
    }

    public void add(T item) {
        if (stopped || !dirty.add(item)) {
            return;
        }
        if (!processing.contains(item)) {
            queue.add(item);
            next();
        }
    }

    /**
     * Adds the item once {@code delayMs} have passed, as a controller's {@code RequeueAfter}; may be called from any
     * thread.
     */
    public void addAfter(T item, long delayMs) {
        vertx.setTimer(Math.max(1, delayMs), id -> context.runOnContext(v -> add(item)));
    }

    /** How many items wait or are in process (for tests and metrics). */
    public int depth() {
        return dirty.size() + processing.size();
    }

    public void stop() {
        stopped = true;
        queue.clear();
        dirty.clear();
    }

    private void next() {
        while (!stopped && processing.size() < workers && !queue.isEmpty()) {
            T item = queue.poll();
            dirty.remove(item);
            processing.add(item);
            Future<Void> done;
            try {
                done = process.apply(item);
            } catch (RuntimeException e) {
                done = Future.failedFuture(e);
            }
            done.onComplete(ar -> context.runOnContext(v -> finished(item, ar.failed() ? ar.cause() : null)));
        }
    }

    private void finished(T item, Throwable failure) {
        processing.remove(item);
        if (failure == null) {
            failures.remove(item);
        } else if (!stopped) {
            long attempts = failures.merge(item, 1L, Long::sum);
            long delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS << Math.min(attempts - 1, 20));
            LOG.debug(
                    "{}: {} failed (attempt {}), again in {} ms: {}",
                    name,
                    item,
                    attempts,
                    delay,
                    failure.getMessage());
            addAfter(item, delay);
        }
        if (dirty.contains(item)) {
            queue.add(item);
        }
        next();
    }
}
