package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.StrictJson;
import cloud.gardener.apiserver.api.json.YamlDecodingException;
import cloud.gardener.apiserver.api.json.YamlToJson;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.audit.RequestAudit;
import cloud.gardener.apiserver.endpoints.negotiation.BodyFormat;
import cloud.gardener.apiserver.endpoints.options.DeleteOptions;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.fieldmanager.FieldManager;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBuf;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Reading request bodies and turning request options into what the store acts on. */
public final class RequestBodies {

    private RequestBodies() {}

    public static int bodyLength(ResourceRequest req) {
        Buffer body = req.ctx().body() == null ? null : req.ctx().body().buffer();
        return body == null ? 0 : body.length();
    }

    /**
     * The body's bytes, which callers only read: the body buffer's own array when it holds exactly the body (as {@link
     * cloud.gardener.apiserver.server.filters.BodyReader} sizes it from the Content-Length), else a copy.
     */
    public static byte[] bytes(ResourceRequest req) {
        Buffer body = req.ctx().body().buffer();
        if (body == null) {
            return new byte[0];
        }
        if (body instanceof BufferInternal internal) {
            ByteBuf buf = internal.getByteBuf();
            if (buf.hasArray()
                    && buf.arrayOffset() + buf.readerIndex() == 0
                    && buf.array().length == buf.readableBytes()) {
                return buf.array();
            }
        }
        return body.getBytes();
    }

    /** An object body read as some kind: its apiVersion and kind resolved, and what strict decoding found. */
    public record ParsedObject(ObjectNode object, ParsedBody body) {}

    /**
     * Decodes a JSON, YAML or (for kinds with a decoder) protobuf object body, checks its apiVersion and kind
     * against the endpoint, and decodes it through the kind's model under the request's field validation.
     */
    public static ObjectNode readObject(ResourceRequest req, FieldValidation validation) {
        ParsedObject parsed = parseObject(req, req.type().gvk(req.version()));
        return TypedDecoding.apply(req, parsed.object(), parsed.body(), validation);
    }

    /**
     * Reads a JSON, YAML or (for kinds with a decoder) protobuf body meant as {@code into}, the decoding step every
     * handler that takes an object shares: a body that is no object is unrecognized, and its apiVersion and kind
     * are defaulted from {@code into} and checked ({@link BodyKind}).
     */
    public static ParsedObject parseObject(ResourceRequest req, GroupVersionKind into) {
        BodyFormat format = BodyFormat.fromContentType(req.header("content-type"), ProtobufCodec.supports(into));
        byte[] bytes = bytes(req);
        ParsedBody parsed;
        if (format == BodyFormat.PROTOBUF) {
            try {
                parsed = new ParsedBody(ProtobufCodec.decode(bytes, into), List.of(), List.of());
            } catch (IOException e) {
                throw cannotBeHandled(into, firstLine(e.getMessage()));
            }
        } else {
            // a JSON syntax error fails upstream's first step, reading apiVersion and kind
            // (SimpleMetaFactory.Interpret)
            parsed = parse(
                    bytes,
                    format,
                    into.kind(),
                    why -> unrecognized(into.kind(), "couldn't get version/kind; json parse error: " + why, bytes));
        }
        ObjectNode obj = objectOrUnrecognized(parsed.tree(), bytes, into);
        BodyKind.resolve(obj, into);
        return new ParsedObject(obj, parsed);
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
        throw unrecognized(
                into.kind(),
                "couldn't get version/kind; json parse error: json: cannot unmarshal " + type
                        + " into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; "
                        + "Kind string \"json:\\\"kind,omitempty\\\"\" }",
                bytes);
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
                    p.substring(YAML_STRICT_PREFIX.length())
                            .lines()
                            .map(String::trim)
                            .forEach(out::add);
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
     * {@code transformDecodeError} words it without a known kind; a JSON syntax error goes to {@code jsonError}, in encoding/json's words ({@link GoJsonSyntax}).
     *
     * @param kind the kind the endpoint decodes, for the message
     */
    public static ParsedBody parse(
            byte[] bytes, BodyFormat format, String kind, java.util.function.Function<String, ApiException> jsonError) {
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
            throw jsonError.apply(GoJsonSyntax.error(bytes));
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
        String head = body[0] == '{'
                ? new String(body, 0, n, StandardCharsets.UTF_8)
                : HexFormat.of().formatHex(body, 0, n);
        return body.length > n ? head + " ..." : head;
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
        String ns = ObjectTrees.namespace(obj);
        if (!req.type().namespaced()) {
            ObjectTrees.meta(obj).remove("namespace");
        } else if (ns.isEmpty()) {
            ObjectTrees.meta(obj).put("namespace", req.namespace());
        } else if (!ns.equals(req.namespace())) {
            throw ApiException.badRequest(
                    "the namespace of the provided object does not match the namespace sent on the request");
        }
    }

    /** The write's context; its field manager is the request's, else the User-Agent's program name, as Go picks it. */
    public static WriteContext writeContext(ResourceRequest req, WriteOptions options) {
        return new WriteContext(
                req.user(),
                options.dryRun(),
                FieldManager.managerOrUserAgent(options.fieldManager(), req.header("user-agent")),
                Responses.warnings(req.ctx())::add,
                bodyLength(req),
                RequestAudit.admissionAnnotations(req.ctx()),
                forms(req));
    }

    private static final String FORMS = ModelForms.class.getName();

    /** The records this request's decoding made ({@link TypedDecoding}), which its write takes over. */
    static ModelForms forms(ResourceRequest req) {
        if (req.ctx() == null) {
            return new ModelForms();
        }
        ModelForms forms = req.ctx().get(FORMS);
        if (forms == null) {
            forms = new ModelForms();
            req.ctx().put(FORMS, forms);
        }
        return forms;
    }

    /** The field manager of writes to this request's kind, version and subresource. */
    public static FieldManager fieldManager(ResourceRequest req) {
        return FieldManager.of(req.type().gvk(req.version()), req.subresource());
    }

    public static WriteContext writeContext(ResourceRequest req, boolean dryRun) {
        return new WriteContext(
                req.user(),
                dryRun,
                "",
                Responses.warnings(req.ctx())::add,
                0,
                RequestAudit.admissionAnnotations(req.ctx()));
    }

    public static DeleteOptions deleteOptions(ResourceRequest req) {
        return DeleteOptions.parse(req.query(), bytes(req), req.header("content-type"));
    }

    public static DeleteRequest deleteRequest(DeleteOptions options) {
        // the deprecated orphanDependents: true orphans, false deletes the dependents in the background
        String policy = options.propagationPolicy() != null || options.orphanDependents() == null
                ? options.propagationPolicy()
                : options.orphanDependents() ? "Orphan" : "Background";
        return new DeleteRequest(options.preconditionUid(), options.preconditionResourceVersion(), policy);
    }
}
