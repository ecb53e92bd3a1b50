package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.registry.core.NamespaceStrategy;
import cloud.gardener.apiserver.registry.core.SecretStrategy;
import cloud.gardener.apiserver.storage.Storage;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** One {@link GenericStore} per served resource, all on one storage. */
public final class Registry {

    private final Map<String, GenericStore> stores = new LinkedHashMap<>();

    public Registry(ResourceRegistry resources, Storage storage, String prefix, AdmissionChain admission) {
        for (ResourceType type : resources.resources()) {
            stores.put(id(type), new GenericStore(type, storage, prefix,
                    ModelStrategy.wrap(type, strategyFor(type)), admission));
        }
    }

    private static String id(ResourceType type) {
        return type.group() + "/" + type.plural();
    }

    private static ResourceStrategy strategyFor(ResourceType type) {
        if (!type.group().isEmpty()) {
            return ResourceStrategy.DEFAULT;
        }
        return switch (type.plural()) {
            case "namespaces" -> new NamespaceStrategy();
            case "secrets" -> new SecretStrategy();
            default -> ResourceStrategy.WITHOUT_GENERATION;
        };
    }

    public GenericStore store(ResourceType type) {
        GenericStore store = stores.get(id(type));
        if (store == null) {
            throw ApiException.resourceNotFound();
        }
        return store;
    }

    public Optional<GenericStore> store(String group, String plural) {
        return Optional.ofNullable(stores.get(group + "/" + plural));
    }

    public Iterable<GenericStore> all() {
        return stores.values();
    }

    /** Reads a namespace from the server's own store (standalone mode). */
    public Future<Optional<ObjectNode>> namespace(String name) {
        GenericStore namespaces = stores.get("/namespaces");
        if (namespaces == null) {
            return Future.succeededFuture(Optional.empty());
        }
        return namespaces.get("", name).map(Optional::of)
                .recover(t -> t instanceof ApiException e && e.code() == 404
                        ? Future.succeededFuture(Optional.empty()) : Future.failedFuture(t));
    }
}
