package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop of the built-in controllers: every second, list a store and reconcile each object that needs it, never
 * twice at once for the same object. Idempotent reconcilers make it restart-safe; a failed pass is retried by the
 * next resync.
 */
public final class PeriodicResync {

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicResync.class);
    private static final long RESYNC_MS = 1_000;

    private final Vertx vertx;
    private final String kind;
    private final Supplier<Optional<GenericStore>> store;
    private final Predicate<ObjectNode> wanted;
    private final Function<ObjectNode, Future<Void>> reconcile;
    private final Set<String> inFlight = new HashSet<>();
    private long timer = -1;

    /**
     * @param kind      the objects' kind for the log, e.g. {@code namespace}
     * @param store     the store to list; an absent one is skipped
     * @param wanted    which listed objects to reconcile
     * @param reconcile one pass over an object
     */
    public PeriodicResync(
            Vertx vertx,
            String kind,
            Supplier<Optional<GenericStore>> store,
            Predicate<ObjectNode> wanted,
            Function<ObjectNode, Future<Void>> reconcile) {
        this.vertx = vertx;
        this.kind = kind;
        this.store = store;
        this.wanted = wanted;
        this.reconcile = reconcile;
    }

    public void start() {
        timer = vertx.setPeriodic(RESYNC_MS, id -> resync());
    }

    public void stop() {
        vertx.cancelTimer(timer);
    }

    private void resync() {
        store.get()
                .ifPresent(objects -> objects.list("", ListQuery.all()).onSuccess(result -> {
                    for (ObjectNode object : result.items()) {
                        // namespaced objects of the same name are different objects
                        String name = ObjectTrees.namespace(object).isEmpty()
                                ? ObjectTrees.name(object)
                                : ObjectTrees.namespace(object) + "/" + ObjectTrees.name(object);
                        if (wanted.test(object) && inFlight.add(name)) {
                            reconcile.apply(object).onComplete(ar -> {
                                inFlight.remove(name);
                                if (ar.failed()) {
                                    LOG.debug(
                                            "{} {} not reconciled yet: {}",
                                            kind,
                                            name,
                                            ar.cause().getMessage());
                                }
                            });
                        }
                    }
                }));
    }
}
