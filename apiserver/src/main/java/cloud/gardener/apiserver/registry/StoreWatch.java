package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One store's objects as a stream of changes for the server's own controllers, as a client-go informer feeds its
 * event handlers: a list, then a watch from the list's revision; a watch that ends (a compacted revision, a lost
 * connection) is followed by a fresh list after a short pause, so nothing is missed. Both go through the store's
 * reads, so a resource with a watch cache is listed and watched from that cache (the list at any state it has, as an
 * informer lists at {@code resourceVersion=0}): no list or watch of storage of its own, and nothing kept here. Every
 * call of the {@link Handler} arrives on the context given to {@link #start}, in revision order, one at a time;
 * values are decoded off the event loop when large, whole or, for a handler that needs less (the garbage
 * collector: metadata), only the paths of a {@link SelectableView}, so that a ShootState is never decoded whole.
 */
public final class StoreWatch {

    /** What a controller does with the changes; called on the context the watch was started on. */
    public interface Handler {

        /** The store's objects after a (re)list: an object known before and missing here is gone. */
        void listed(List<ObjectNode> objects);

        /** An object was created ({@code previous} null) or changed. */
        void changed(ObjectNode object, ObjectNode previous);

        /** An object is gone; {@code last} is its last state. */
        void deleted(ObjectNode last);
    }

    private static final Logger LOG = LoggerFactory.getLogger(StoreWatch.class);
    /** Every object, at any state the reads have (a watch cache's as it is, else the store's latest). */
    private static final ListQuery ANY_STATE = new ListQuery(0, false, 0, null, null, false, true, null);

    static final long RELIST_DELAY_MS = 500;

    private final Vertx vertx;
    private final GenericStore store;
    private final Handler handler;
    /** The paths handed to the handler, or null for whole objects. */
    private final SelectableView view;
    // confined to the context
    private Context context;
    private WatchSubscription subscription;
    private Future<Void> pending = Future.succeededFuture();
    /** Which watch is current: events of a replaced watch that are still on their way are dropped. */
    private int generation;

    private boolean stopped;

    public StoreWatch(Vertx vertx, GenericStore store, Handler handler) {
        this(vertx, store, null, handler);
    }

    /** @param view the paths of each object the handler is given (resourceVersion added), or null for all */
    public StoreWatch(Vertx vertx, GenericStore store, SelectableView view, Handler handler) {
        this.vertx = vertx;
        this.store = store;
        this.view = view;
        this.handler = handler;
    }

    public GenericStore store() {
        return store;
    }

    /** Lists and starts watching; the handler is called on {@code on}. */
    public void start(Context on) {
        this.context = on;
        on.runOnContext(v -> listAndWatch());
    }

    public void stop() {
        if (context == null) {
            return;
        }
        context.runOnContext(v -> {
            stopped = true;
            closeWatch();
        });
    }

    private void listAndWatch() {
        if (stopped) {
            return;
        }
        store.listEncoded("", ANY_STATE)
                .compose(page -> CpuWork.run(page.bytes(), () -> new Listed(decodeAll(page.items()), page.revision())))
                .onComplete(ar -> {
                    if (stopped) {
                        return;
                    }
                    if (ar.failed()) {
                        LOG.warn(
                                "listing {} failed, retrying: {}",
                                store.type().groupResource(),
                                ar.cause().getMessage());
                        relistLater();
                        return;
                    }
                    handler.listed(ar.result().objects());
                    // Every list has a revision to watch after (a store never written to is at 1, and a watch
                    // cache at the revision it was filled at), so no write between list and watch goes unseen.
                    int watch = ++generation;
                    subscription = store.watch("", ar.result().revision(), new Listener(watch));
                });
    }

    private void relistLater() {
        vertx.setTimer(RELIST_DELAY_MS, id -> context.runOnContext(v -> listAndWatch()));
    }

    private void closeWatch() {
        if (subscription != null) {
            subscription.close();
            subscription = null;
        }
    }

    /**
     * Applies one event after those before it, decoding off the loop when it is large. A deletion's previous value is
     * its object again (the value before the delete), which {@link Handler#deleted} does not take: it is not decoded.
     */
    private void apply(int watch, WatchEvent event) {
        StoredObject previous = event.type() == WatchEvent.Type.DELETE ? null : event.previous();
        long size = (long) event.object().value().length + (previous == null ? 0 : previous.value().length);
        pending = pending.transform(ignored -> CpuWork.run(
                        size, () -> new Decoded(decode(event.object()), previous == null ? null : decode(previous)))
                .map(decoded -> {
                    if (!stopped && watch == generation) {
                        if (event.type() == WatchEvent.Type.DELETE) {
                            handler.deleted(decoded.object());
                        } else {
                            handler.changed(decoded.object(), decoded.previous());
                        }
                    }
                    return (Void) null;
                })
                .otherwise(t -> {
                    LOG.warn("cannot apply the {} event of {}: {}", event.type(), event.key(), t.getMessage());
                    return null;
                }));
    }

    private ObjectNode decode(StoredObject stored) {
        if (view == null) {
            return store.decode(stored);
        }
        ObjectNode partial = view.read(stored.value());
        partial.withObjectProperty("metadata").put("resourceVersion", Long.toString(stored.modRevision()));
        return partial;
    }

    private List<ObjectNode> decodeAll(List<StoredObject> items) {
        List<ObjectNode> out = new ArrayList<>(items.size());
        items.forEach(item -> out.add(decode(item)));
        return out;
    }

    private record Listed(List<ObjectNode> objects, long revision) {}

    private record Decoded(ObjectNode object, ObjectNode previous) {}

    private final class Listener implements WatchListener {

        private final int watch;

        Listener(int watch) {
            this.watch = watch;
        }

        @Override
        public void onEvent(WatchEvent event) {
            context.runOnContext(v -> apply(watch, event));
        }

        @Override
        public void onProgress(long revision) {
            // nothing to do: events arrive in order
        }

        @Override
        public void onError(StorageException error) {
            context.runOnContext(v -> {
                if (stopped || watch != generation) {
                    return;
                }
                LOG.debug("watch of {} ended ({}), listing again", store.type().groupResource(), error.reason());
                closeWatch();
                generation++;
                relistLater();
            });
        }
    }
}
