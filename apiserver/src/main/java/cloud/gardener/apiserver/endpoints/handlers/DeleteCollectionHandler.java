package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.ListOptions;
import cloud.gardener.apiserver.registry.ListResult;
import io.vertx.core.Future;

/** DELETE of a collection: deletes what the selectors match and answers the list of deleted objects. */
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
                .compose(deleted -> req.store().currentRevision().map(rev -> {
                    writer.writeList(ListHandler.toList(req, new ListResult(deleted, rev, null, null), true));
                    return null;
                }));
    }
}
