package cloud.gardener.apiserver.registry.core;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.ControllerWatches;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.QueuedController;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.StoreWatch;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Standalone mode's stand-in for kube-controller-manager's namespace controller: a terminating
 * namespace has its content deleted, and once nothing is left its {@code kubernetes} finalizer is
 * removed, which completes the deletion. Objects held by finalizers keep the namespace waiting.
 *
 * <p>Driven by the namespaces' watch as upstream's is: a namespace seen terminating (in a list or a change) is
 * queued; while content is left it is looked at again a second later (upstream: half the remaining content's
 * estimated grace period plus a second, and the estimate here is always 0), and a failed pass comes back with the work
 * queue's backoff. Upstream's informer also resyncs every five minutes; nothing here needs it, as no pass is dropped.
 */
public final class NamespaceController extends QueuedController<String> {

    private static final UserInfo CONTROLLER = new UserInfo(
            "system:serviceaccount:kube-system:namespace-controller",
            "",
            List.of("system:serviceaccounts", "system:authenticated"),
            Map.of());
    private static final WriteContext WRITE = new WriteContext(CONTROLLER, false, "namespace-controller");
    /** Upstream's ConcurrentNamespaceSyncs default. */
    private static final int WORKERS = 10;
    /** When a namespace whose content is still going is looked at again (upstream's estimate/2 + 1 s). */
    static final long CONTENT_LEFT_RECHECK_MS = 1_000;

    private final Registry registry;
    /** {@link #CONTENT_LEFT_RECHECK_MS} but in tests. */
    private final long contentLeftRecheckMs;

    public NamespaceController(Vertx vertx, Registry registry) {
        this(vertx, registry, CONTENT_LEFT_RECHECK_MS);
    }

    /** A controller looking again after {@code contentLeftRecheckMs}: for tests, which need not wait a second. */
    NamespaceController(Vertx vertx, Registry registry, long contentLeftRecheckMs) {
        super(vertx, registry, "namespace controller", WORKERS);
        this.registry = registry;
        this.contentLeftRecheckMs = contentLeftRecheckMs;
    }

    /** The namespaces. */
    @Override
    protected void watch(Context context, ControllerWatches watches) {
        watches.watch(context, "", "namespaces", new StoreWatch.Handler() {
            @Override
            public void listed(List<ObjectNode> objects) {
                objects.forEach(ns -> changed(ns, null));
            }

            @Override
            public void changed(ObjectNode namespace, ObjectNode previous) {
                if (ObjectTrees.isDeleting(namespace)) {
                    queue().add(ObjectTrees.name(namespace));
                }
            }

            @Override
            public void deleted(ObjectNode last) {
                // gone: nothing left to do
            }
        });
    }

    private GenericStore namespaces() {
        return registry.store("", "namespaces").orElseThrow();
    }

    /** One pass over a namespace as stored now: nothing unless it is terminating. */
    @Override
    protected Future<Void> reconcile(String name) {
        return getIfExists(namespaces(), "", name)
                .compose(ns -> ns != null && ObjectTrees.isDeleting(ns) ? finalize(name) : Future.succeededFuture());
    }

    private Future<Void> finalize(String name) {
        List<Future<Boolean>> emptied = new ArrayList<>();
        for (GenericStore store : registry.all()) {
            if (store.type().namespaced()) {
                emptied.add(store.deleteCollection(name, null, DeleteRequest.DEFAULT, WRITE)
                        .compose(v -> store.list(name, new ListQuery(0, false, 1, null, null, false)))
                        .map(left -> left.items().isEmpty()));
            }
        }
        return Future.all(emptied).compose(all -> {
            boolean empty = emptied.stream().allMatch(Future::result);
            if (!empty) {
                // content held by finalizers: its going is not watched here, so look again shortly
                queue().addAfter(name, contentLeftRecheckMs);
                return Future.succeededFuture();
            }
            return namespaces()
                    .update(
                            "",
                            name,
                            "finalize",
                            current -> {
                                List<String> finalizers = new ArrayList<>();
                                current.path("spec").path("finalizers").forEach(f -> {
                                    if (!NamespaceStrategy.KUBERNETES_FINALIZER.equals(f.asText())) {
                                        finalizers.add(f.asText());
                                    }
                                });
                                var arr = current.withObjectProperty("spec").putArray("finalizers");
                                finalizers.forEach(arr::add);
                                if (finalizers.isEmpty()) {
                                    current.withObjectProperty("spec").remove("finalizers");
                                }
                                return current;
                            },
                            WRITE)
                    .recover(t -> notFound(t) ? Future.succeededFuture() : Future.failedFuture(t))
                    .mapEmpty();
        });
    }
}
