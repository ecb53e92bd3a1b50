package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the server's stand-ins for controllers share: store watches feed a work queue of keys, and the passes run on
 * the context {@link #start()} was called on, as do the watches' handlers (so their indexes need no locks).
 *
 * @param <K> the work queue's item, the identity of an object the controller reconciles
 */
public abstract class QueuedController<K> {

    private final Vertx vertx;
    private final String name;
    private final int workers;
    private final ControllerWatches watches;
    private WorkQueue<K> queue;

    /**
     * @param name    the work queue's name, as logged
     * @param workers how many passes may run at once (upstream's ConcurrentSyncs)
     */
    protected QueuedController(Vertx vertx, Registry registry, String name, int workers) {
        this.vertx = vertx;
        this.name = name;
        this.workers = workers;
        this.watches = new ControllerWatches(vertx, registry);
    }

    /** Lists and watches what {@link #watch} names; the work runs on the caller's context. */
    public final void start() {
        Context context = vertx.getOrCreateContext();
        queue = new WorkQueue<>(vertx, context, name, workers, this::reconcile);
        watch(context, watches);
    }

    public final void stop() {
        watches.stop();
        if (queue != null) {
            queue.stop();
        }
    }

    /** Starts the controller's watches on the context, with {@link ControllerWatches#watch}. */
    protected abstract void watch(Context context, ControllerWatches watches);

    /** One pass over the object the key names, as stored now; a failed pass comes back with the queue's backoff. */
    protected abstract Future<Void> reconcile(K key);

    /** The work queue, there once {@link #start()} ran (as the watches that use it). */
    protected final WorkQueue<K> queue() {
        return queue;
    }

    /**
     * A watch of the controller's own objects that keeps an index of them by key: a (re-)list changes each listed
     * object and forgets the keys it no longer lists.
     */
    protected abstract class IndexingWatch implements StoreWatch.Handler {

        @Override
        public final void listed(List<ObjectNode> objects) {
            Set<K> listed = new HashSet<>();
            for (ObjectNode object : objects) {
                listed.add(key(object));
                changed(object, null);
            }
            for (K gone : new ArrayList<>(indexed())) {
                if (!listed.contains(gone)) {
                    forget(gone);
                }
            }
        }

        protected abstract K key(ObjectNode object);

        /** The keys the index holds. */
        protected abstract Collection<K> indexed();

        /** Drops the key from the index. */
        protected abstract void forget(K key);
    }

    /** The object as stored now, or null when there is none. */
    protected static Future<ObjectNode> getIfExists(GenericStore store, String namespace, String name) {
        return store.get(namespace, name)
                .recover(t -> notFound(t) ? Future.succeededFuture(null) : Future.failedFuture(t));
    }

    protected static boolean notFound(Throwable t) {
        return t instanceof ApiException e && e.code() == 404;
    }
}
