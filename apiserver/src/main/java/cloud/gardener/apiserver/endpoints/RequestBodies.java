package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.StrictJson;
import cloud.gardener.apiserver.api.json.YamlDecodingException;
import cloud.gardener.apiserver.api.json.YamlToJson;
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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Reading request bodies and turning request options into what the store acts on. */
public final class RequestBodies {

    private RequestBodies() {
    }

    public static int bodyLength(ResourceRequest req) {
        Buffer body = req.ctx().body() == null ? null : req.ctx().body().buffer();
        return body == null ? 0 : body.length();
    }

    public static byte[] bytes(ResourceRequest req) {
        Buffer body = req.ctx().body().buffer();
        return body == null ? new byte[0] : body.getBytes();
    }

    /**
     * Decodes a JSON, YAML or (for kinds with a decoder) protobuf object body, checks its apiVersion and kind
     * against the endpoint, and decodes it through the kind's model under the request's field validation.
     */
    public static ObjectNode readObject(ResourceRequest req, FieldValidation validation) {
        GroupVersionKind gvk = req.type().gvk(req.version());
        BodyFormat format = BodyFormat.fromContentType(req.header("Content-Type"), ProtobufDecoder.supports(gvk));
        byte[] bytes = bytes(req);
        ParsedBody parsed;
        if (format == BodyFormat.PROTOBUF) {
            try {
                parsed = new ParsedBody(ProtobufDecoder.decode(bytes, gvk), List.of(), List.of());
            } catch (IOException e) {
                throw TypedDecoding.cannotBeHandled(req, firstLine(e.getMessage()));
            }
        } else {
            parsed = parse(bytes, format, req.type().kind(), why -> TypedDecoding.cannotBeHandled(req, why));
        }
        if (!(parsed.tree() instanceof ObjectNode obj)) {
            throw ApiException.badRequest("Object 'Kind' is missing in '" + new String(bytes, StandardCharsets.UTF_8).trim() + "'");
        }
        checkTypeMeta(req, obj);
        return TypedDecoding.apply(req, obj, parsed, validation);
    }

    /**
     * A JSON or YAML body as a tree, with what the strict decoders found while reading it: go-yaml's strict errors
     * for repeated YAML keys (one {@code yaml: unmarshal errors:} message), or the JSON's duplicated fields.
     */
    public record ParsedBody(JsonNode tree, List<String> yamlErrors, List<String> duplicateFields) {

        /**
         * Every strict-decoding problem in upstream's order: the YAML strict pass first, then the JSON decoder's
         * unknown fields ({@code decodeProblems}) and duplicates.
         */
        public List<String> strictProblems(List<String> decodeProblems) {
            List<String> out = new ArrayList<>();
            if (!yamlErrors.isEmpty()) {
                out.add("yaml: unmarshal errors:\n  " + String.join("\n  ", yamlErrors));
            }
            out.addAll(decodeProblems);
            duplicateFields.forEach(d -> out.add("duplicate field \"" + d + "\""));
            return out;
        }

        /** The {@code Warning}s for {@code fieldValidation=Warn}: one per line of a YAML error, as parseYAMLWarnings. */
        public static List<String> warnings(List<String> problems) {
            List<String> out = new ArrayList<>();
            for (String p : problems) {
                if (p.startsWith(YAML_STRICT_PREFIX)) {
                    p.substring(YAML_STRICT_PREFIX.length()).lines().map(String::trim).forEach(out::add);
                } else {
                    out.add(p);
                }
            }
            return out;
        }
    }

    private static final String YAML_STRICT_PREFIX = "yaml: unmarshal errors:\n";

    /**
     * Parses a JSON or YAML body. A YAML document sigs.k8s.io/yaml cannot turn into JSON is refused as upstream's
     * {@code transformDecodeError} words it without a known kind; a JSON syntax error goes to {@code jsonError}.
     *
     * @param kind the kind the endpoint decodes, for the message
     */
    public static ParsedBody parse(byte[] bytes, BodyFormat format, String kind,
            java.util.function.Function<String, ApiException> jsonError) {
        if (format == BodyFormat.YAML) {
            try {
                YamlToJson.Decoded decoded = YamlToJson.decode(bytes);
                return new ParsedBody(decoded.tree(), decoded.duplicateKeys(), List.of());
            } catch (YamlDecodingException e) {
                throw unrecognized(kind, e.getMessage(), bytes);
            }
        }
        try {
            StrictJson.Parsed parsed = StrictJson.parse(bytes);
            return new ParsedBody(parsed.tree(), List.of(), parsed.duplicateFields());
        } catch (IOException e) {
            throw jsonError.apply(firstLine(e.getMessage()));
        }
    }

    /** {@code transformDecodeError} when the decoder found no kind: the reason and a summary of the body. */
    public static ApiException unrecognized(String kind, String why, byte[] body) {
        return ApiException.badRequest("the object provided is unrecognized (must be of type " + kind + "): " + why
                + " (" + summarize(body) + ")");
    }

    /** upstream's summarizeData(body, 30): JSON-looking bodies as text, others in hex. */
    static String summarize(byte[] body) {
        if (body.length == 0) {
            return "<empty>";
        }
        int n = Math.min(body.length, 30);
        String head = body[0] == '{' ? new String(body, 0, n, StandardCharsets.UTF_8) : HexFormat.of().formatHex(body, 0, n);
        return body.length > n ? head + " ..." : head;
    }

    private static String firstLine(String message) {
        int nl = message == null ? -1 : message.indexOf('\n');
        return nl < 0 ? String.valueOf(message) : message.substring(0, nl);
    }

    /** The body's kind and apiVersion must name the endpoint's; a missing apiVersion is taken from it. */
    public static void checkTypeMeta(ResourceRequest req, ObjectNode obj) {
        String kind = Objects.text(obj, "kind");
        if (kind.isEmpty()) {
            throw ApiException.badRequest("Object 'Kind' is missing in '" + Json.toJson(obj) + "'");
        }
        String apiVersion = Objects.text(obj, "apiVersion");
        if (apiVersion.isEmpty()) {
            obj.put("apiVersion", req.apiVersion());
        } else if (!apiVersion.equals(req.apiVersion())) {
            throw ApiException.badRequest("the API version in the data (" + apiVersion
                    + ") does not match the expected API version (" + req.apiVersion() + ")");
        }
        if (!kind.equals(req.type().kind())) {
            throw ApiException.badRequest(kind + " in version \"" + req.version() + "\" cannot be handled as a "
                    + req.type().kind() + ": the kind in the data (" + kind + ") does not match the expected kind ("
                    + req.type().kind() + ")");
        }
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
                Responses.warnings(req.ctx())::add, bodyLength(req));
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
