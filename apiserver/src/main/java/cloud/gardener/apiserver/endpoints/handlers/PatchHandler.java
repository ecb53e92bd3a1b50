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
import cloud.gardener.apiserver.endpoints.patch.PatchMeta;
import cloud.gardener.apiserver.endpoints.patch.StrategicMergePatch;
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
        if (patchType.isApply()) {
            // server-side apply is not implemented yet: answer as a server without it
            throw ApiException.unsupportedMediaType("the body of the request was in an unknown format - accepted "
                    + "media types include: application/json-patch+json, application/merge-patch+json, "
                    + "application/strategic-merge-patch+json");
        }
        ObjectWriter writer = ObjectWriter.forObject(req);
        JsonNode patch = parse(req);
        String sub = req.subresource();
        // strategic merge follows the merge keys of the kind's model (none: merges like a merge patch, lists replaced)
        PatchMeta meta = patchType == PatchType.STRATEGIC_MERGE ? PatchMeta.forKind(req.type().gvk(req.version())) : null;
        return req.store().update(req.namespace(), req.name(), sub, current -> {
                    // the patch speaks the request's version
                    ObjectNode view = req.present(current);
                    JsonNode patched = switch (patchType) {
                        case JSON_PATCH -> JsonPatch.apply(view.deepCopy(), patch);
                        case STRATEGIC_MERGE -> StrategicMergePatch.apply(view, patch, meta);
                        default -> MergePatch.apply(view.deepCopy(), patch);
                    };
                    if (!(patched instanceof ObjectNode obj)) {
                        throw ApiException.badRequest("the patched object is not a JSON object");
                    }
                    RequestBodies.checkTypeMeta(req, obj);
                    ObjectNode decoded = TypedDecoding.apply(req, obj, List.of(), options.fieldValidation());
                    // the patched object is what a PUT of the subresource would have sent (binding moves only seedName)
                    return Subresources.apply(sub, current, decoded);
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
