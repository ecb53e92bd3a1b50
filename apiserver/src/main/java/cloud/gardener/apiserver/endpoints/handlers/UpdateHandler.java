package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.registry.Objects;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/**
 * PUT of an object or a subresource. A resourceVersion in the body is a precondition (409 when stale);
 * without one the update is unconditional.
 */
public final class UpdateHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.UPDATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        ObjectNode body = RequestBodies.readObject(req, options.fieldValidation());
        RequestBodies.checkNamespace(req, body);
        String bodyName = Objects.name(body);
        if (bodyName.isEmpty()) {
            Objects.meta(body).put("name", req.name());
        } else if (!bodyName.equals(req.name())) {
            throw ApiException.badRequest("the name of the object (" + bodyName
                    + ") does not match the name on the URL (" + req.name() + ")");
        }
        String sub = req.subresource();
        var ctx = RequestBodies.writeContext(req, options);
        var fieldManager = RequestBodies.fieldManager(req);
        return req.store().update(req.namespace(), req.name(), sub, current -> fieldManager.update(req.present(current),
                        Subresources.apply(sub, current, body.deepCopy()), ctx.fieldManager()), ctx)
                .map(updated -> {
                    writer.writeObject(200, req.present(updated));
                    return null;
                });
    }
}
