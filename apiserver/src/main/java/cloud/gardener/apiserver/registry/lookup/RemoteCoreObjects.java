package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cluster mode: the namespaces, secrets and config maps of the virtual garden's kube-apiserver (named by
 * {@code --kubeconfig}), each kept by a {@link RemoteInformer}, in place of the server's own core API; and its
 * webhook configurations and validating admission policies with their bindings, which the webhook and policy
 * admission plugins apply as gardener-apiserver does.
 */
public final class RemoteCoreObjects implements AutoCloseable {

    static final List<String> RESOURCES = List.of("namespaces", "secrets", "configmaps");
    private static final String ADMISSION_REGISTRATION = "admissionregistration.k8s.io";

    private final KubeApiClient client;
    private final Map<GroupResource, RemoteInformer> informers = new HashMap<>();

    public RemoteCoreObjects(Vertx vertx, KubeApiClient client) {
        this.client = client;
        for (String resource : RESOURCES) {
            informers.put(new GroupResource("", resource), new RemoteInformer(vertx, client, resource));
        }
        for (String resource : List.of(
                "mutatingwebhookconfigurations",
                "validatingwebhookconfigurations",
                "validatingadmissionpolicies",
                "validatingadmissionpolicybindings")) {
            informers.put(
                    new GroupResource(ADMISSION_REGISTRATION, resource),
                    new RemoteInformer(vertx, client, ADMISSION_REGISTRATION, "v1", resource, true));
        }
    }

    /** Starts every informer; completes when all have listed once. */
    public Future<Void> start() {
        return Future.all(informers.values().stream().map(RemoteInformer::start).toList())
                .mapEmpty();
    }

    /** The resources whose informer has not completed its first list yet. */
    public java.util.List<String> unsynced() {
        return informers.entrySet().stream()
                .filter(e -> !e.getValue().synced())
                .map(e -> e.getKey().toString())
                .sorted()
                .toList();
    }

    public boolean synced() {
        return informers.values().stream().allMatch(RemoteInformer::synced);
    }

    /** The informer of a resource this mode reads remotely. */
    public Optional<RemoteInformer> informer(GroupResource resource) {
        return Optional.ofNullable(informers.get(resource));
    }

    @Override
    public void close() {
        informers.values().forEach(RemoteInformer::close);
        client.close();
    }
}
