package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.admission.DryRunClient;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.delegation.KubeApiException;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Map;

/**
 * Admission plugins' dry-run creates, sent where Gardener's clients send them: the core resources of the virtual
 * garden (cluster mode) to its kube-apiserver with the server's credentials, everything else through this server's
 * own store as the server itself (a {@code system:masters} loopback user), so the full admission chain,
 * webhooks included, judges the object.
 */
public final class StoreDryRun implements DryRunClient {

    static final UserInfo LOOPBACK =
            new UserInfo("system:apiserver", "", List.of("system:authenticated", "system:masters"), Map.of());

    private final Registry registry;
    private final KubeApiClient remote;

    /**
     * @param registry the server's stores, whose admission chain holds this client (used only while serving)
     * @param remote   in cluster mode the virtual garden's API, else null
     */
    public StoreDryRun(Registry registry, KubeApiClient remote) {
        this.registry = registry;
        this.remote = remote;
    }

    @Override
    public Future<Void> create(GroupResource resource, String namespace, ObjectNode object) {
        if (remote != null && resource.group().isEmpty()) {
            String path = "/api/v1/namespaces/" + namespace + "/" + resource.resource() + "?dryRun=All";
            return remote.post(path, object)
                    .<Void>mapEmpty()
                    .recover(error -> Future.failedFuture(
                            error instanceof KubeApiException e && e.status() > 0
                                    ? new ApiException(cloud.gardener.apiserver.api.meta.Status.failure(
                                            e.status(), "", e.serverMessage(), null))
                                    : error));
        }
        return registry.store(resource.group(), resource.resource())
                .map(store -> store.create(namespace, object.deepCopy(), new WriteContext(LOOPBACK, true, ""))
                        .<Void>mapEmpty())
                .orElseGet(() -> Future.failedFuture(ApiException.internal("the server does not serve " + resource)));
    }
}
