package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.storage.ReadFreshness;
import io.vertx.core.Future;

/**
 * GET of one object (or of its status subresource, which answers the whole object). An unset resourceVersion
 * is a consistent read, "0" any state the server has (the watch cache's), another value "not older than": the
 * object is served once the cache or store has reached it, and a revision from the future is 504 Too large
 * resource version, as the watch cache answers.
 */
public final class GetHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ObjectWriter writer = ObjectWriter.forObject(req);
        String rv = req.ctx().queryParams().get("resourceVersion");
        ReadFreshness freshness;
        if (rv == null || rv.isEmpty()) {
            freshness = ReadFreshness.consistent();
        } else if ("0".equals(rv)) {
            freshness = ReadFreshness.any(); // the watch cache's state as it is
        } else {
            freshness = ReadFreshness.notOlderThan(ListQueries.parseRevision(rv));
        }
        return req.store().get(req.namespace(), req.name(), freshness).map(obj -> {
            writer.writeObject(200, req.present(obj));
            return null;
        });
    }
}
