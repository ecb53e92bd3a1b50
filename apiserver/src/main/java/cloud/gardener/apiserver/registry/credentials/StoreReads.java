package cloud.gardener.apiserver.registry.credentials;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.Registry;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Optional;

/** Reads of other resources through the server's own stores, with absence as a value rather than a 404. */
final class StoreReads {

    private final Registry registry;

    StoreReads(Registry registry) {
        this.registry = registry;
    }

    /** The store of a resource; fails when the server does not serve it (e.g. core/v1 behind a kube-apiserver). */
    GenericStore store(String group, String plural) {
        return registry.store(group, plural)
                .orElseThrow(() -> new IllegalStateException(
                        "the server does not serve " + (group.isEmpty() ? plural : plural + "." + group)));
    }

    /** The object, or empty when it does not exist. */
    Future<Optional<ObjectNode>> find(String group, String plural, String namespace, String name) {
        GenericStore store;
        try {
            store = store(group, plural);
        } catch (IllegalStateException e) {
            return Future.failedFuture(e);
        }
        return store.get(namespace, name)
                .map(Optional::of)
                .recover(t -> t instanceof ApiException e && e.code() == 404
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(t));
    }
}
