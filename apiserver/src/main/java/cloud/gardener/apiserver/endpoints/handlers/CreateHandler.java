package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import io.vertx.core.Future;

/** POST to a collection: 201 with the stored object (also for dryRun, which stores nothing). */
public final class CreateHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.CREATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        var obj = RequestBodies.readObject(req, options.fieldValidation());
        RequestBodies.checkNamespace(req, obj);
        var ctx = RequestBodies.writeContext(req, options);
        // a create is an update from the kind's empty object: its manager owns every field it set
        RequestBodies.fieldManager(req).update(null, obj, ctx.fieldManager());
        return req.store().createWritten(req.namespace(), obj, ctx).map(created -> {
            writer.writeWritten(201, created);
            return null;
        });
    }
}
