package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.ListOptions;
import io.vertx.core.Future;

/**
 * DELETE of a collection: deletes what the selectors match and answers the list it deleted from, as read before the
 * deletes (its items and resourceVersion), as kube-apiserver does.
 */
public final class DeleteCollectionHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ListOptions listOptions = ListOptions.parse(req.query(), false);
        var options = RequestBodies.deleteOptions(req);
        ObjectWriter writer = ObjectWriter.forList(req);
        ListQueries.Resolved resolved = ListQueries.resolve(req, listOptions);
        return req.store()
                .deleteCollection(
                        req.namespace(),
                        resolved.filter(),
                        RequestBodies.deleteRequest(options),
                        RequestBodies.writeContext(req, options.dryRun()))
                .map(listed -> {
                    writer.writeList(ListHandler.toList(req, listed, true));
                    return null;
                });
    }
}
