package cloud.gardener.apiserver.bootstrap;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@link CoreApi} on this server's own core/v1 stores (standalone mode), written as the loopback user. */
public final class StoreCoreApi implements CoreApi {

    /** The server's own identity, as k8s.io/apiserver's loopback client: a system:masters member. */
    static final UserInfo LOOPBACK =
            new UserInfo("system:apiserver", "", List.of("system:authenticated", "system:masters"), Map.of());

    private final Registry registry;

    public StoreCoreApi(Registry registry) {
        this.registry = registry;
    }

    @Override
    public Future<Optional<ObjectNode>> get(String resource, String namespace, String name) {
        return store(resource)
                .compose(store -> store.get(namespace, name)
                        .map(Optional::of)
                        .recover(error -> error instanceof ApiException e && e.code() == 404
                                ? Future.succeededFuture(Optional.empty())
                                : Future.failedFuture(error)));
    }

    @Override
    public Future<Void> create(String resource, String namespace, ObjectNode object) {
        return store(resource)
                .compose(store -> store.create(namespace, object.deepCopy(), context()))
                .mapEmpty();
    }

    @Override
    public Future<Void> update(String resource, String namespace, ObjectNode object) {
        String name = object.path("metadata").path("name").asText();
        return store(resource)
                .compose(store -> store.update(namespace, name, "", stored -> object.deepCopy(), context()))
                .mapEmpty();
    }

    private Future<GenericStore> store(String resource) {
        return registry.store("", resource)
                .map(Future::succeededFuture)
                .orElseGet(() -> Future.failedFuture(ApiException.resourceNotFound()));
    }

    private static WriteContext context() {
        return new WriteContext(LOOPBACK, false, "gardener-apiserver");
    }
}
