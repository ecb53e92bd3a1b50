package cloud.gardener.apiserver.registry.core;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.PeriodicResync;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Standalone mode's stand-in for kube-controller-manager's namespace controller: a terminating
 * namespace has its content deleted, and once nothing is left its {@code kubernetes} finalizer is
 * removed, which completes the deletion. Objects held by finalizers keep the namespace waiting.
 */
public final class NamespaceController {

    private static final UserInfo CONTROLLER = new UserInfo(
            "system:serviceaccount:kube-system:namespace-controller",
            "",
            List.of("system:serviceaccounts", "system:authenticated"),
            Map.of());

    private final Registry registry;
    private final PeriodicResync loop;

    public NamespaceController(Vertx vertx, Registry registry) {
        this.registry = registry;
        this.loop = new PeriodicResync(
                vertx,
                "namespace",
                () -> registry.store("", "namespaces"),
                ObjectTrees::isDeleting,
                ns -> finalize(registry.store("", "namespaces").orElseThrow(), ObjectTrees.name(ns)));
    }

    public void start() {
        loop.start();
    }

    public void stop() {
        loop.stop();
    }

    private Future<Void> finalize(GenericStore namespaces, String name) {
        WriteContext ctx = new WriteContext(CONTROLLER, false, "namespace-controller");
        List<Future<Boolean>> emptied = new ArrayList<>();
        for (GenericStore store : registry.all()) {
            if (store.type().namespaced()) {
                emptied.add(store.deleteCollection(name, null, DeleteRequest.DEFAULT, ctx)
                        .compose(v -> store.list(name, new ListQuery(0, false, 1, null, null, false)))
                        .map(left -> left.items().isEmpty()));
            }
        }
        return Future.all(emptied).compose(all -> {
            boolean empty = emptied.stream().allMatch(Future::result);
            if (!empty) {
                return Future.failedFuture("content is still being deleted");
            }
            return namespaces
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
                            ctx)
                    .mapEmpty();
        });
    }
}
