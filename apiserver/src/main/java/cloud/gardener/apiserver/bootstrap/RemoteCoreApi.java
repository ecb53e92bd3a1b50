package cloud.gardener.apiserver.bootstrap;

import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.delegation.KubeApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** {@link CoreApi} on the virtual garden's kube-apiserver ({@code --kubeconfig}, cluster mode). */
public final class RemoteCoreApi implements CoreApi {

    private final KubeApiClient client;

    public RemoteCoreApi(KubeApiClient client) {
        this.client = client;
    }

    @Override
    public Future<Optional<ObjectNode>> get(String resource, String namespace, String name) {
        return client.get(collection(resource, namespace) + "/" + encode(name))
                .map(json -> Optional.of((ObjectNode) json))
                .recover(error -> error instanceof KubeApiException e && e.status() == 404
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(error));
    }

    @Override
    public Future<Void> create(String resource, String namespace, ObjectNode object) {
        return client.post(collection(resource, namespace), object).mapEmpty();
    }

    @Override
    public Future<Void> update(String resource, String namespace, ObjectNode object) {
        String name = object.path("metadata").path("name").asText();
        return client.put(collection(resource, namespace) + "/" + encode(name), object)
                .mapEmpty();
    }

    private static String collection(String resource, String namespace) {
        return namespace.isEmpty() ? "/api/v1/" + resource : "/api/v1/namespaces/" + encode(namespace) + "/" + resource;
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
