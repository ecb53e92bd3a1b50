package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.Scale;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.selection.LabelRequirement;
import cloud.gardener.apiserver.api.selection.SelectionOperator;
import cloud.gardener.apiserver.endpoints.BodyKind;
import cloud.gardener.apiserver.endpoints.GoJsonSyntax;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.negotiation.PatchType;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.endpoints.patch.JsonPatch;
import cloud.gardener.apiserver.endpoints.patch.MergePatch;
import cloud.gardener.apiserver.endpoints.patch.PatchMeta;
import cloud.gardener.apiserver.endpoints.patch.StrategicMergePatch;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The {@code scale} subresource ({@code managedseedsets/scale}): an {@code autoscaling/v1} Scale read from and
 * written to the object, as Gardener's ScaleREST does. {@code spec.replicas} is the object's
 * {@code spec.replicas}, {@code status.replicas} its {@code status.replicas}, {@code status.selector} its
 * {@code spec.selector} as a selector string. A write changes only {@code spec.replicas} and goes through the
 * kind's main strategy (so the generation moves); the Scale's resourceVersion is the precondition.
 */
public final class ScaleHandler implements VerbHandler {

    static final GroupVersionKind SCALE = new GroupVersionKind("autoscaling", "v1", "Scale");

    @Override
    public Future<Void> handle(ResourceRequest req) {
        return switch (req.info().verb()) {
            case "get" -> get(req);
            case "update" -> update(req);
            case "patch" -> patch(req);
            default -> throw ApiException.methodNotAllowed();
        };
    }

    private static Future<Void> get(ResourceRequest req) {
        ObjectWriter writer = ObjectWriter.forObject(req);
        return req.store()
                .get(req.namespace(), req.name())
                .recover(t -> Future.failedFuture(
                        t instanceof ApiException e && e.code() == 404
                                ? ApiException.notFound(scaleResource(req), req.name())
                                : t))
                .map(obj -> {
                    writer.writeObject(200, toScale(obj));
                    return null;
                });
    }

    private static Future<Void> update(ResourceRequest req) {
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.UPDATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        RequestBodies.ParsedObject body = RequestBodies.parseObject(req, SCALE);
        ObjectNode scale = decode(req, body.object(), body.body(), options.fieldValidation());
        String bodyName = ObjectTrees.name(scale);
        if (!bodyName.isEmpty() && !bodyName.equals(req.name())) {
            throw ApiException.badRequest("the name of the object (" + bodyName
                    + ") does not match the name on the URL (" + req.name() + ")");
        }
        return write(req, writer, options, current -> scale);
    }

    private static Future<Void> patch(ResourceRequest req) {
        PatchType patchType = PatchType.fromContentType(req.header("content-type"));
        if (patchType.isApply()) {
            throw ApiException.unsupportedMediaType("the body of the request was in an unknown format - accepted "
                    + "media types include: application/json-patch+json, application/merge-patch+json, "
                    + "application/strategic-merge-patch+json");
        }
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.PATCH);
        ObjectWriter writer = ObjectWriter.forObject(req);
        JsonNode patch;
        byte[] bytes = RequestBodies.bytes(req);
        try {
            patch = Json.MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw ApiException.badRequest("error decoding patch: " + GoJsonSyntax.error(bytes));
        }
        return write(req, writer, options, current -> {
            JsonNode patched = switch (patchType) {
                case JSON_PATCH -> JsonPatch.apply(current.deepCopy(), patch);
                case STRATEGIC_MERGE -> StrategicMergePatch.apply(current.deepCopy(), patch, PatchMeta.forKind(SCALE));
                default -> MergePatch.apply(current.deepCopy(), patch);
            };
            if (!(patched instanceof ObjectNode obj)) {
                throw ApiException.badRequest("the patched object is not a JSON object");
            }
            BodyKind.resolvePatched(obj, SCALE, () -> Json.toJson(obj));
            return decode(req, obj, new RequestBodies.ParsedBody(obj, List.of(), List.of()), FieldValidation.IGNORE);
        });
    }

    /** Turns the stored object into its scale, lets {@code change} produce the new scale, and writes it back. */
    private static Future<Void> write(
            ResourceRequest req, ObjectWriter writer, WriteOptions options, UnaryOperator<ObjectNode> change) {
        return req.store()
                .update(
                        req.namespace(),
                        req.name(),
                        req.subresource(),
                        current -> {
                            ObjectNode scale = change.apply(toScale(current));
                            String uid = ObjectTrees.uid(scale);
                            if (!uid.isEmpty() && !uid.equals(ObjectTrees.uid(current))) {
                                throw ApiException.conflict(
                                        scaleResource(req),
                                        req.name(),
                                        "precondition failed: UID in " + "precondition: " + uid
                                                + ", UID in object meta: " + ObjectTrees.uid(current));
                            }
                            ObjectNode updated = req.present(current);
                            updated.withObjectProperty("spec")
                                    .put(
                                            "replicas",
                                            scale.path("spec").path("replicas").asInt(0));
                            String rv = ObjectTrees.resourceVersion(scale);
                            if (rv.isEmpty()) {
                                ObjectTrees.meta(updated).remove("resourceVersion");
                            } else {
                                ObjectTrees.meta(updated).put("resourceVersion", rv);
                            }
                            return updated;
                        },
                        RequestBodies.writeContext(req, options))
                .map(updated -> {
                    writer.writeObject(200, toScale(updated));
                    return null;
                });
    }

    private static GroupResource scaleResource(ResourceRequest req) {
        return new GroupResource(req.type().group(), req.type().plural() + "/scale");
    }

    /** {@code scaleFromManagedSeedSet}: the Scale of an object with spec.replicas, status.replicas and spec.selector. */
    static ObjectNode toScale(ObjectNode obj) {
        ObjectNode scale = Json.MAPPER.createObjectNode();
        scale.put("kind", SCALE.kind());
        scale.put("apiVersion", SCALE.apiVersion());
        ObjectNode meta = scale.putObject("metadata");
        for (String field : List.of("name", "namespace", "uid", "resourceVersion", "creationTimestamp")) {
            JsonNode v = obj.path("metadata").get(field);
            if (v != null && !v.isNull()) {
                meta.set(field, v);
            }
        }
        scale.putObject("spec")
                .put("replicas", obj.path("spec").path("replicas").asInt(0));
        scale.putObject("status")
                .put("replicas", obj.path("status").path("replicas").asInt(0))
                .put("selector", selectorString(obj.path("spec").path("selector")));
        return ModelCodec.canonical(scale, Scale.class);
    }

    /** {@code metav1.LabelSelectorAsSelector(...).String()}: requirements sorted by key, values sorted. */
    static String selectorString(JsonNode selector) {
        List<LabelRequirement> requirements = new ArrayList<>();
        selector.path("matchLabels")
                .properties()
                .forEach(e -> requirements.add(new LabelRequirement(
                        e.getKey(),
                        SelectionOperator.EQUALS,
                        List.of(e.getValue().asText()))));
        for (JsonNode expression : selector.path("matchExpressions")) {
            String key = expression.path("key").asText("");
            String operator = expression.path("operator").asText("");
            TreeSet<String> values = new TreeSet<>();
            expression.path("values").forEach(v -> values.add(v.asText()));
            SelectionOperator op = switch (operator) {
                case "In" -> SelectionOperator.IN;
                case "NotIn" -> SelectionOperator.NOT_IN;
                case "Exists" -> SelectionOperator.EXISTS;
                case "DoesNotExist" -> SelectionOperator.DOES_NOT_EXIST;
                default -> throw ApiException.badRequest("\"" + operator + "\" is not a valid label selector operator");
            };
            boolean needsValues = op == SelectionOperator.IN || op == SelectionOperator.NOT_IN;
            if (needsValues && values.isEmpty()) {
                throw ApiException.badRequest("values: Invalid value: []string{}: for 'in', 'notin' operators, "
                        + "values set can't be empty");
            }
            requirements.add(new LabelRequirement(key, op, needsValues ? List.copyOf(values) : List.of()));
        }
        return requirements.stream()
                .sorted(Comparator.comparing(LabelRequirement::key))
                .map(LabelRequirement::toString)
                .collect(Collectors.joining(","));
    }

    /** The body as an autoscaling/v1 Scale under the request's field validation. */
    private static ObjectNode decode(
            ResourceRequest req, ObjectNode body, RequestBodies.ParsedBody parsed, FieldValidation validation) {
        Decoded<Scale> decoded;
        try {
            decoded = ModelCodec.decode(body, Scale.class);
        } catch (DecodeException e) {
            throw RequestBodies.cannotBeHandled(SCALE, e.getMessage());
        }
        List<String> problems = parsed.strictProblems(decoded.problems());
        if (!problems.isEmpty() && validation == FieldValidation.STRICT) {
            throw RequestBodies.cannotBeHandled(SCALE, "strict decoding error: " + String.join(", ", problems));
        }
        if (validation == FieldValidation.WARN) {
            RequestBodies.ParsedBody.warnings(problems)
                    .forEach(p -> Responses.warnings(req.ctx()).add(p));
        }
        ObjectNode scale = ModelCodec.encode(decoded.value());
        scale.put("kind", SCALE.kind());
        scale.put("apiVersion", SCALE.apiVersion());
        return scale;
    }
}
