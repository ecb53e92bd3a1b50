package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/**
 * Creates with {@code dryRun=All}, as Gardener's plugins send them through the API (their own server's or the
 * virtual garden's) to learn whether an object would be admitted, webhooks included. Nothing is stored.
 */
public interface DryRunClient {

    /** Succeeds when the object would be created; else fails with the API error that refused it. */
    Future<Void> create(GroupResource resource, String namespace, ObjectNode object);
}
