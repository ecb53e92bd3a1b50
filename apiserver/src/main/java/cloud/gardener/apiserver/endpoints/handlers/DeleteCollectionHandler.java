package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.ListOptions;
import io.vertx.core.Future;

/**
 * DELETE of a collection: deletes what the list options list and answers that list, as read before the deletes (its
 * items and resourceVersion), as kube-apiserver does. With {@code limit} that is one page, the one a LIST with the
 * same options answers (its {@code continue} and {@code remainingItemCount} included), so that a client deletes a
 * large collection page by page; without, every object from the options' position on
 * ({@link cloud.gardener.apiserver.registry.GenericStore#deleteCollectionOf}).
 */
public final class DeleteCollectionHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ListOptions listOptions = ListOptions.parse(req.query(), false);
        var options = RequestBodies.deleteOptions(req);
        ObjectWriter writer = ObjectWriter.forList(req);
        ListQueries.Resolved resolved = ListQueries.resolve(req, listOptions);
        return req.store()
                .deleteCollectionOf(
                        req.namespace(),
                        resolved.query(),
                        RequestBodies.deleteRequest(options),
                        RequestBodies.writeContext(req, options.dryRun()))
                .recover(t -> Future.failedFuture(ListHandler.withInconsistentContinue(t, resolved.query())))
                .map(listed -> {
                    writer.writeList(ListHandler.toList(req, listed, resolved.hasSelector()));
                    return null;
                });
    }
}
