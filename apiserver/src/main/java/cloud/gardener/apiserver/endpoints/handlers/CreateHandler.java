package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/** POST to a collection: 201 with the stored object (also for dryRun, which stores nothing). */
public final class CreateHandler implements VerbHandler {

    /**
     * Where this handler writes the decoded object: {@link RequestBodies#checkNamespace} its namespace, the field
     * manager its managed fields (as does the decoding's reset of an empty list, after it noted the object).
     */
    private static final ModelCodec.WrittenPaths WRITTEN =
            ModelCodec.WrittenPaths.of(List.of(List.of("metadata", "namespace"), List.of("metadata", "managedFields")));

    @Override
    public Future<Void> handle(ResourceRequest req) {
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.CREATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        var obj = RequestBodies.readObject(req, options.fieldValidation());
        RequestBodies.checkNamespace(req, obj);
        var ctx = RequestBodies.writeContext(req, options);
        manage(req, obj, ctx);
        return req.store().createWritten(req.namespace(), obj, ctx).map(created -> {
            writer.writeWritten(201, created);
            return null;
        });
    }

    /**
     * A create is an update from the kind's empty object: its manager owns every field it set. The write's memory then
     * hears that the object as decoded was written since at {@link #WRITTEN} alone (its namespace checked before, its
     * managed fields set here).
     */
    public static void manage(ResourceRequest req, ObjectNode obj, WriteContext ctx) {
        RequestBodies.fieldManager(req).update(null, obj, ctx.fieldManager());
        ctx.forms().writtenAt(obj, WRITTEN);
    }
}
