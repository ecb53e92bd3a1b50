package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.YamlToJson;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.BodyKind;
import cloud.gardener.apiserver.endpoints.CreateAuthorization;
import cloud.gardener.apiserver.endpoints.GoJsonSyntax;
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
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.fieldmanager.FieldManager;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * PATCH of an object or subresource: the patch is applied to the stored object and the result is
 * written like an update; after a storage conflict it is applied again to the fresh object. A
 * resourceVersion set by the patch is a precondition. A server-side apply patch merges the applied
 * configuration through the field manager, and creates the object when it does not exist (201).
 */
public final class PatchHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        PatchType patchType = PatchType.fromContentType(req.header("content-type"));
        WriteOptions options = WriteOptions.parse(
                req.query(), patchType.isApply() ? WriteOptions.Operation.APPLY_PATCH : WriteOptions.Operation.PATCH);
        ObjectWriter writer = ObjectWriter.forObject(req);
        WriteContext ctx = RequestBodies.writeContext(req, options);
        FieldManager fieldManager = RequestBodies.fieldManager(req);
        if (patchType.isApply()) {
            return apply(req, options, ctx, fieldManager, writer);
        }
        JsonNode patch = parse(req);
        String sub = req.subresource();
        // strategic merge follows the merge keys of the kind's model (none: merges like a merge patch, lists replaced)
        PatchMeta meta = patchType == PatchType.STRATEGIC_MERGE
                ? PatchMeta.forKind(req.type().gvk(req.version()))
                : null;
        return req.store()
                .updateWritten(
                        req.namespace(),
                        req.name(),
                        sub,
                        current -> {
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
                            Supplier<String> shown = () -> patchType == PatchType.STRATEGIC_MERGE
                                    ? StrategicMergePatch.goPrint(patch)
                                    : Json.toJson(obj);
                            if (patchType == PatchType.STRATEGIC_MERGE) {
                                // converted from a map into the endpoint's type: the map's apiVersion and kind are not
                                // read
                                obj.put("apiVersion", req.apiVersion())
                                        .put("kind", req.type().kind());
                            } else {
                                BodyKind.resolvePatched(obj, req.type().gvk(req.version()), shown);
                            }
                            // Go quotes the patch map for strategic merge, the patched document for the others
                            ObjectNode decoded = TypedDecoding.applyPatched(req, obj, options.fieldValidation(), shown);
                            // the patched object is what a PUT of the subresource would have sent (binding moves only
                            // seedName)
                            ObjectNode desired = Subresources.apply(sub, current, decoded);
                            return fieldManager.update(req.present(current), desired, ctx.fieldManager());
                        },
                        ctx)
                .map(updated -> {
                    writer.writeWritten(200, updated);
                    return null;
                });
    }

    /** Server-side apply: the configuration merged into the live object, or into an empty one for a create. */
    private static Future<Void> apply(
            ResourceRequest req,
            WriteOptions options,
            WriteContext ctx,
            FieldManager fieldManager,
            ObjectWriter writer) {
        ObjectNode config = parseApplyConfiguration(req);
        String sub = req.subresource();
        return req.store()
                .updateWritten(
                        req.namespace(),
                        req.name(),
                        sub,
                        current -> {
                            ObjectNode applied = fieldManager.apply(
                                    req.present(current), config.deepCopy(), options.fieldManager(), options.forced());
                            return Subresources.apply(sub, current, finish(req, applied, options));
                        },
                        ctx)
                .<Void>map(updated -> {
                    writer.writeWritten(200, updated);
                    return null;
                })
                .recover(t -> {
                    if (!(t instanceof ApiException e && e.code() == 404) || !sub.isEmpty()) {
                        return Future.failedFuture(t);
                    }
                    // apply creates what does not exist, when the user may also create
                    return CreateAuthorization.authorize(req)
                            .compose(v -> {
                                ObjectNode created = finish(
                                        req,
                                        fieldManager.apply(
                                                null, config.deepCopy(), options.fieldManager(), options.forced()),
                                        options);
                                return req.store().createWritten(req.namespace(), created, ctx);
                            })
                            .<Void>map(obj -> {
                                writer.writeWritten(201, obj);
                                return null;
                            });
                });
    }

    /** The applied object checked against the URL and decoded through the model (defaults, canonical form). */
    private static ObjectNode finish(ResourceRequest req, ObjectNode applied, WriteOptions options) {
        String name = ObjectTrees.name(applied);
        if (!name.equals(req.name())) {
            throw ApiException.badRequest(
                    "the name of the object (" + name + ") does not match the name on the URL (" + req.name() + ")");
        }
        RequestBodies.checkNamespace(req, applied);
        return TypedDecoding.applyPatched(req, applied, options.fieldValidation(), () -> Json.toJson(applied));
    }

    private static ObjectNode parseApplyConfiguration(ResourceRequest req) {
        JsonNode node;
        try {
            node = YamlToJson.readTree(RequestBodies.bytes(req));
        } catch (IOException e) {
            throw ApiException.badRequest("error decoding patch: " + firstLine(e.getMessage()));
        }
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Json.MAPPER.createObjectNode();
        }
        if (!(node instanceof ObjectNode obj)) {
            String kind = node.isArray() ? "array" : node.isTextual() ? "string" : node.isNumber() ? "number" : "bool";
            throw ApiException.badRequest("error decoding patch: error unmarshaling JSON: while decoding JSON: json: "
                    + "cannot unmarshal " + kind + " into Go value of type map[string]interface {}");
        }
        return obj;
    }

    private static String firstLine(String message) {
        int nl = message == null ? -1 : message.indexOf('\n');
        return nl < 0 ? String.valueOf(message) : message.substring(0, nl);
    }

    private static JsonNode parse(ResourceRequest req) {
        byte[] bytes = RequestBodies.bytes(req);
        try {
            return Json.MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw ApiException.badRequest("error decoding patch: " + GoJsonSyntax.error(bytes));
        }
    }
}
