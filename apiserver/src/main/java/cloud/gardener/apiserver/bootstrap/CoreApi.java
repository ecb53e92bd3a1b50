package cloud.gardener.apiserver.bootstrap;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * The few core/v1 calls the start-up hooks make (Gardener's hooks use a kube client on the same API): read,
 * create and update a namespace or a namespaced object. Standalone they go to this server's own store, in cluster
 * mode to the virtual garden's kube-apiserver.
 */
public interface CoreApi {

    /** The object, or empty when it does not exist; {@code namespace} is empty for namespaces themselves. */
    Future<Optional<ObjectNode>> get(String resource, String namespace, String name);

    /** Creates the object; an existing one fails with 409 AlreadyExists. */
    Future<Void> create(String resource, String namespace, ObjectNode object);

    /** Replaces the object; its {@code resourceVersion} must still be current (else 409 Conflict). */
    Future<Void> update(String resource, String namespace, ObjectNode object);
}
