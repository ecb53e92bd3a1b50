package cloud.gardener.apiserver.admission.plugins.namespacelifecycle;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Optional;

/** Reads namespaces, from the server's own store in standalone mode or from a kube-apiserver. */
@FunctionalInterface
public interface NamespaceLookup {

    Future<Optional<ObjectNode>> get(String name);
}
