package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.registry.ObjectTrees;
import io.vertx.core.Future;

/**
 * DELETE of one object: 200 with a Success Status when it is gone, or 200 with the object while its
 * finalizers hold it.
 */
public final class DeleteHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        var options = RequestBodies.deleteOptions(req);
        ObjectWriter writer = ObjectWriter.forObject(req);
        return req.store()
                .delete(
                        req.namespace(),
                        req.name(),
                        RequestBodies.deleteRequest(options),
                        RequestBodies.writeContext(req, options.dryRun()))
                .map(result -> {
                    if (result.removed()) {
                        var gr = req.type().groupResource();
                        Status status = Status.success(new StatusDetails(
                                req.name(), gr.group(), gr.resource(), ObjectTrees.uid(result.object()), null, null));
                        Responses.writeJson(req.ctx(), 200, status, writer.pretty());
                    } else {
                        writer.writeObject(200, req.present(result.object()));
                    }
                    return null;
                });
    }
}
