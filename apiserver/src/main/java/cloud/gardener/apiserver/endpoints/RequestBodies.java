package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.StrictJson;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.endpoints.negotiation.BodyFormat;
import cloud.gardener.apiserver.endpoints.options.DeleteOptions;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufDecoder;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.Objects;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.fieldmanager.FieldManager;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.util.List;

/** Reading request bodies and turning request options into what the store acts on. */
public final class RequestBodies {

    private RequestBodies() {
    }

    public static byte[] bytes(ResourceRequest req) {
        Buffer body = req.ctx().body().buffer();
        return body == null ? new byte[0] : body.getBytes();
    }

    /** An object body read as some kind: its apiVersion and kind resolved, and the paths of keys it repeats. */
    public record ParsedObject(ObjectNode object, List<String> duplicates) {
    }

    /**
     * Decodes a JSON, YAML or (for kinds with a decoder) protobuf object body, checks its apiVersion and kind
     * against the endpoint, and decodes it through the kind's model under the request's field validation.
     */
    public static ObjectNode readObject(ResourceRequest req, FieldValidation validation) {
        ParsedObject parsed = parseObject(req, req.type().gvk(req.version()));
        return TypedDecoding.apply(req, parsed.object(), parsed.duplicates(), validation);
    }

    /**
     * Reads a JSON, YAML or (for kinds with a decoder) protobuf body meant as {@code into}, the decoding step every
     * handler that takes an object shares: a body that is no object is unrecognized, and its apiVersion and kind
     * are defaulted from {@code into} and checked ({@link BodyKind}).
     */
    public static ParsedObject parseObject(ResourceRequest req, GroupVersionKind into) {
        BodyFormat format = BodyFormat.fromContentType(req.header("Content-Type"), ProtobufDecoder.supports(into));
        byte[] bytes = bytes(req);
        JsonNode node;
        List<String> duplicates = List.of();
        try {
            switch (format) {
                case YAML -> node = Json.YAML.readTree(bytes);
                case PROTOBUF -> node = ProtobufDecoder.decode(bytes, into);
                default -> {
                    StrictJson.Parsed parsed = StrictJson.parse(bytes);
                    node = parsed.tree();
                    duplicates = parsed.duplicateFields();
                }
            }
        } catch (IOException e) {
            throw cannotBeHandled(into, firstLine(e.getMessage()));
        }
        ObjectNode obj = objectOrUnrecognized(node, bytes, into);
        BodyKind.resolve(obj, into);
        return new ParsedObject(obj, duplicates);
    }

    /** How the handlers frame a decoding error of a body meant as {@code into} ({@code transformDecodeError}). */
    public static ApiException cannotBeHandled(GroupVersionKind into, String why) {
        return ApiException.badRequest(into.kind() + " in version \"" + into.version() + "\" cannot be handled as a "
                + into.kind() + ": " + why);
    }

    /**
     * The body as an object: {@code null} decodes to an empty one; anything else that is not an object fails Go's
     * reading of apiVersion and kind, which the handler reports as an unrecognized object.
     */
    private static ObjectNode objectOrUnrecognized(JsonNode node, byte[] bytes, GroupVersionKind into) {
        if (node instanceof ObjectNode obj) {
            return obj;
        }
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Json.MAPPER.createObjectNode();
        }
        String type = node.isArray() ? "array" : node.isTextual() ? "string" : node.isNumber() ? "number" : "bool";
        throw ApiException.badRequest("the object provided is unrecognized (must be of type " + into.kind()
                + "): couldn't get version/kind; json parse error: json: cannot unmarshal " + type
                + " into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; "
                + "Kind string \"json:\\\"kind,omitempty\\\"\" } (" + summary(bytes) + ")");
    }

    /** {@code summarizeData(body, 30)}: an object's first 30 bytes as text, anything else's in hex. */
    private static String summary(byte[] bytes) {
        if (bytes.length == 0) {
            return "<empty>";
        }
        int n = Math.min(bytes.length, 30);
        String shown;
        if (bytes[0] == '{') {
            shown = new String(bytes, 0, n, java.nio.charset.StandardCharsets.UTF_8);
        } else {
            shown = java.util.HexFormat.of().formatHex(bytes, 0, n);
        }
        return bytes.length > 30 ? shown + " ..." : shown;
    }

    private static String firstLine(String message) {
        int nl = message == null ? -1 : message.indexOf('\n');
        return nl < 0 ? String.valueOf(message) : message.substring(0, nl);
    }

    /**
     * {@code EnsureObjectNamespaceMatchesRequestNamespace}: the body's namespace must be the URL's, an empty one
     * becomes the URL's; cluster-scoped objects carry none.
     */
    public static void checkNamespace(ResourceRequest req, ObjectNode obj) {
        String ns = Objects.namespace(obj);
        if (!req.type().namespaced()) {
            Objects.meta(obj).remove("namespace");
        } else if (ns.isEmpty()) {
            Objects.meta(obj).put("namespace", req.namespace());
        } else if (!ns.equals(req.namespace())) {
            throw ApiException.badRequest("the namespace of the provided object does not match the namespace sent on the request");
        }
    }

    /** The write's context; its field manager is the request's, else the User-Agent's program name, as Go picks it. */
    public static WriteContext writeContext(ResourceRequest req, WriteOptions options) {
        return new WriteContext(req.user(), options.dryRun(),
                FieldManager.managerOrUserAgent(options.fieldManager(), req.header("User-Agent")),
                Responses.warnings(req.ctx())::add);
    }

    /** The field manager of writes to this request's kind, version and subresource. */
    public static FieldManager fieldManager(ResourceRequest req) {
        return FieldManager.of(req.type().gvk(req.version()), req.subresource());
    }

    public static WriteContext writeContext(ResourceRequest req, boolean dryRun) {
        return new WriteContext(req.user(), dryRun, "", Responses.warnings(req.ctx())::add);
    }

    public static DeleteOptions deleteOptions(ResourceRequest req) {
        return DeleteOptions.parse(req.query(), bytes(req), req.header("Content-Type"));
    }

    public static DeleteRequest deleteRequest(DeleteOptions options) {
        return new DeleteRequest(options.preconditionUid(), options.preconditionResourceVersion(),
                options.propagationPolicy());
    }
}
