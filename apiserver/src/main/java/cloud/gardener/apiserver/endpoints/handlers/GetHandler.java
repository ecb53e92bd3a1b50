package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import io.vertx.core.Future;

/**
 * GET of one object (or of its status subresource, which answers the whole object). A resourceVersion
 * other than unset or "0" means "not older than": the latest object is served once the store has reached
 * it, and a revision from the future is 504 Too large resource version, as the watch cache answers.
 */
public final class GetHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ObjectWriter writer = ObjectWriter.forObject(req);
        String rv = req.ctx().queryParams().get("resourceVersion");
        long minimum = rv == null || rv.isEmpty() ? 0 : ListQueries.parseRevision(rv);
        return req.store().get(req.namespace(), req.name(), minimum).map(obj -> {
            writer.writeObject(200, req.present(obj));
            return null;
        });
    }
}
