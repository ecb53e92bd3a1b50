package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ResourceRequest;
import io.vertx.core.Future;

/**
 * Serves one verb. The handler writes the response itself; a failed future is turned into a Status by
 * the dispatcher.
 */
@FunctionalInterface
public interface VerbHandler {

    Future<Void> handle(ResourceRequest request);
}
