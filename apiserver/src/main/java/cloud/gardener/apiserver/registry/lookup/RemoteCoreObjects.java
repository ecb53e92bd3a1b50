package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.delegation.KubeApiClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cluster mode: the namespaces, secrets and config maps of the virtual garden's kube-apiserver (named by
 * {@code --kubeconfig}), each kept by a {@link RemoteInformer}, in place of the server's own core API.
 */
public final class RemoteCoreObjects implements AutoCloseable {

    static final List<String> RESOURCES = List.of("namespaces", "secrets", "configmaps");

    private final KubeApiClient client;
    private final Map<String, RemoteInformer> informers;

    public RemoteCoreObjects(Vertx vertx, KubeApiClient client) {
        this.client = client;
        this.informers = Map.of(
                "namespaces", new RemoteInformer(vertx, client, "namespaces"),
                "secrets", new RemoteInformer(vertx, client, "secrets"),
                "configmaps", new RemoteInformer(vertx, client, "configmaps"));
    }

    /** Starts every informer; completes when all have listed once. */
    public Future<Void> start() {
        return Future.all(informers.values().stream().map(RemoteInformer::start).toList()).mapEmpty();
    }

    public boolean synced() {
        return informers.values().stream().allMatch(RemoteInformer::synced);
    }

    /** The informer of a core resource this mode reads remotely. */
    public Optional<RemoteInformer> informer(String resource) {
        return Optional.ofNullable(informers.get(resource));
    }

    @Override
    public void close() {
        informers.values().forEach(RemoteInformer::close);
        client.close();
    }
}
