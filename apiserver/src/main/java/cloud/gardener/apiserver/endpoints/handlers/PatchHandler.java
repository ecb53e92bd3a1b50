package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.TypedDecoding;
import cloud.gardener.apiserver.endpoints.negotiation.PatchType;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.endpoints.patch.JsonPatch;
import cloud.gardener.apiserver.endpoints.patch.MergePatch;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.util.List;

/**
 * PATCH of an object or subresource: the patch is applied to the stored object and the result is
 * written like an update; after a storage conflict it is applied again to the fresh object. A
 * resourceVersion set by the patch is a precondition.
 */
public final class PatchHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        PatchType patchType = PatchType.fromContentType(req.header("Content-Type"));
        WriteOptions options = WriteOptions.parse(req.query(),
                patchType.isApply() ? WriteOptions.Operation.APPLY_PATCH : WriteOptions.Operation.PATCH);
        if (patchType == PatchType.STRATEGIC_MERGE || patchType.isApply()) {
            // Strategic merge and server-side apply need the typed model's merge keys; until then the
            // server answers as for a resource without them.
            throw ApiException.unsupportedMediaType("the body of the request was in an unknown format - accepted "
                    + "media types include: application/json-patch+json, application/merge-patch+json");
        }
        ObjectWriter writer = ObjectWriter.forObject(req);
        JsonNode patch = parse(req);
        String sub = req.subresource();
        return req.store().update(req.namespace(), req.name(), sub, current -> {
                    JsonNode patched = patchType == PatchType.JSON_PATCH
                            ? JsonPatch.apply(current.deepCopy(), patch) : MergePatch.apply(current.deepCopy(), patch);
                    if (!(patched instanceof ObjectNode obj)) {
                        throw ApiException.badRequest("the patched object is not a JSON object");
                    }
                    RequestBodies.checkTypeMeta(req, obj);
                    // the patched object is what a PUT of the subresource would have sent (binding moves only seedName)
                    return Subresources.apply(sub, current, obj);
                }, RequestBodies.writeContext(req, options))
                .map(updated -> {
                    writer.writeObject(200, req.present(updated));
                    return null;
                });
    }

    private static JsonNode parse(ResourceRequest req) {
        try {
            return Json.MAPPER.readTree(RequestBodies.bytes(req));
        } catch (IOException e) {
            throw ApiException.badRequest("error decoding patch: " + e.getMessage());
        }
    }
}
