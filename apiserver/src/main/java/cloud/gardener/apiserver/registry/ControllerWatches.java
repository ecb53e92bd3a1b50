package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.selection.SelectableView;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;

/**
 * The store watches that feed one controller's work queue: each started on the controller's context, all stopped
 * together. A resource the server does not serve is not watched.
 */
public final class ControllerWatches {

    private final Vertx vertx;
    private final Registry registry;
    private final List<StoreWatch> watches = new ArrayList<>();

    public ControllerWatches(Vertx vertx, Registry registry) {
        this.vertx = vertx;
        this.registry = registry;
    }

    public void watch(Context context, String group, String resource, StoreWatch.Handler handler) {
        watch(context, group, resource, null, handler);
    }

    /**
     * A watch whose handler gets only the {@code view}'s paths of each object (null: whole objects): a handler that
     * reads a Shoot's namespace need not decode every Shoot written.
     */
    public void watch(Context context, String group, String resource, SelectableView view, StoreWatch.Handler handler) {
        registry.store(group, resource).ifPresent(store -> {
            StoreWatch watch = new StoreWatch(vertx, store, view, handler);
            watches.add(watch);
            watch.start(context);
        });
    }

    public void stop() {
        watches.forEach(StoreWatch::stop);
        watches.clear();
    }
}
