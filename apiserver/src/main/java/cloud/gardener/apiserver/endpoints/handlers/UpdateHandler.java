package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.CreateAuthorization;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.ReadingTransform;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.fieldmanager.FieldManager;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.function.UnaryOperator;

/**
 * PUT of an object or a subresource. A resourceVersion in the body is a precondition (409 when stale);
 * without one the update is unconditional. A missing object is 404, unless the kind creates on update (events), as
 * the generic store's {@code AllowCreateOnUpdate}: then, if the user may also create it, the body is created (201).
 */
public final class UpdateHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.UPDATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        ObjectNode body = RequestBodies.readObject(req, options.fieldValidation());
        RequestBodies.checkNamespace(req, body);
        String bodyName = ObjectTrees.name(body);
        if (bodyName.isEmpty()) {
            ObjectTrees.meta(body).put("name", req.name());
        } else if (!bodyName.equals(req.name())) {
            throw ApiException.badRequest("the name of the object (" + bodyName
                    + ") does not match the name on the URL (" + req.name() + ")");
        }
        String sub = req.subresource();
        var ctx = RequestBodies.writeContext(req, options);
        var fieldManager = RequestBodies.fieldManager(req);
        boolean createsOnUpdate = sub.isEmpty() && req.store().allowsCreateOnUpdate();
        return update(req, body, ctx, fieldManager, createsOnUpdate, writer);
    }

    private static Future<Void> update(
            ResourceRequest req,
            ObjectNode body,
            WriteContext ctx,
            FieldManager fieldManager,
            boolean createsOnUpdate,
            ObjectWriter writer) {
        String sub = req.subresource();
        // the field manager and the conversion only read the stored object; a binding edits it (Subresources.apply)
        UnaryOperator<ObjectNode> transform = Subresources.editsCurrent(sub)
                ? current -> desired(req, current, body, ctx, fieldManager)
                : (ReadingTransform) current -> desired(req, current, body, ctx, fieldManager);
        return req.store()
                .updateWritten(req.namespace(), req.name(), sub, ObjectTrees.resourceVersion(body), transform, ctx)
                .<Void>map(updated -> {
                    writer.writeWritten(200, updated);
                    return null;
                })
                .recover(t -> createsOnUpdate && t instanceof ApiException e && e.code() == 404
                        ? create(req, body, ctx, fieldManager, writer)
                        : Future.failedFuture(t));
    }

    /** The object the update asks for, on {@code current}: the body through the subresource and the field manager. */
    private static ObjectNode desired(
            ResourceRequest req, ObjectNode current, ObjectNode body, WriteContext ctx, FieldManager fieldManager) {
        return fieldManager.update(
                req.present(current),
                Subresources.apply(req.subresource(), current, body.deepCopy()),
                ctx.fieldManager());
    }

    /**
     * The create an update turns into: authorized for {@code create} as well ({@code withAuthorization}); the body's
     * resourceVersion means nothing for an object that does not exist (storage clears it). An object created by
     * someone else meanwhile is updated after all.
     */
    private static Future<Void> create(
            ResourceRequest req, ObjectNode body, WriteContext ctx, FieldManager fieldManager, ObjectWriter writer) {
        return CreateAuthorization.authorize(req)
                .compose(v -> {
                    ObjectNode created = body.deepCopy();
                    ObjectTrees.meta(created).remove("resourceVersion");
                    fieldManager.update(null, created, ctx.fieldManager());
                    return req.store().createWritten(req.namespace(), created, ctx);
                })
                .<Void>map(obj -> {
                    writer.writeWritten(201, obj);
                    return null;
                })
                .recover(t -> t instanceof ApiException e && "AlreadyExists".equals(e.reason())
                        ? update(req, body, ctx, fieldManager, false, writer)
                        : Future.failedFuture(t));
    }
}
