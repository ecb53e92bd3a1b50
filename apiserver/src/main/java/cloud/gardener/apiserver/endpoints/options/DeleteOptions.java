package cloud.gardener.apiserver.endpoints.options;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.YamlToJson;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.endpoints.GoJsonSyntax;
import cloud.gardener.apiserver.endpoints.negotiation.BodyFormat;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufDecodingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code metav1.DeleteOptions} of a delete or deletecollection. As in {@code DeleteResource}, a non-empty body
 * is the only source (the query is then ignored); otherwise the query is decoded. Validated as
 * {@code ValidateDeleteOptions}.
 *
 * @param gracePeriodSeconds          null when not given; negative values are kept (see {@link #effectiveGracePeriodSeconds()})
 * @param preconditionUid             {@code preconditions.uid}, null when absent (body only)
 * @param preconditionResourceVersion {@code preconditions.resourceVersion}, null when absent (body only)
 * @param propagationPolicy           {@code Orphan}, {@code Background} or {@code Foreground}; null when absent
 * @param orphanDependents            deprecated; null when absent
 * @param dryRun                      {@code dryRun=All} was given
 */
public record DeleteOptions(
        Long gracePeriodSeconds,
        String preconditionUid,
        String preconditionResourceVersion,
        String propagationPolicy,
        Boolean orphanDependents,
        boolean dryRun) {

    public static final String ORPHAN = "Orphan";
    public static final String BACKGROUND = "Background";
    public static final String FOREGROUND = "Foreground";

    static final GroupVersionKind KIND = new GroupVersionKind("meta.k8s.io", "v1", "DeleteOptions");

    private static final String SCHEME = "k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go:28";

    /** No options: the defaults of a plain DELETE. */
    public static final DeleteOptions NONE = new DeleteOptions(null, null, null, null, null, false);

    /** Parses a JSON (or YAML) body when there is one, else the query. */
    public static DeleteOptions parse(Map<String, List<String>> query, byte[] body) {
        return parse(query, body, null);
    }

    /**
     * Parses and validates.
     *
     * @param contentType the request Content-Type (only consulted when there is a body)
     * @throws ApiException 415 for a body type other than JSON/YAML/protobuf; 400 for a bad integer in the query;
     *                      500 (reason empty, as Kubernetes does for non-status decode errors) for a body that
     *                      does not decode to DeleteOptions; 422 {@code DeleteOptions.meta.k8s.io "" is invalid}
     */
    public static DeleteOptions parse(Map<String, List<String>> query, byte[] body, String contentType) {
        DeleteOptions options;
        if (body != null && body.length > 0) {
            options = fromBody(body, BodyFormat.fromContentType(contentType, ProtobufCodec.supports(KIND)));
        } else {
            List<String> dryRun = QueryParams.all(query, "dryRun");
            List<FieldError> dryErrs = WriteOptions.validateDryRun(dryRun);
            Long grace = QueryParams.optionalInt64(query, "gracePeriodSeconds");
            options = new DeleteOptions(
                    grace,
                    null,
                    null,
                    QueryParams.first(query, "propagationPolicy"),
                    QueryParams.optionalBool(query, "orphanDependents"),
                    !dryRun.isEmpty());
            options.validate(dryErrs);
        }
        return options;
    }

    /** The grace period the delete uses: negative values count as 1 second ({@code rest.BeforeDelete}). */
    public Long effectiveGracePeriodSeconds() {
        return gracePeriodSeconds != null && gracePeriodSeconds < 0 ? Long.valueOf(1) : gracePeriodSeconds;
    }

    /** Whether dependents are orphaned, from propagationPolicy or the deprecated orphanDependents. */
    public boolean orphans() {
        return ORPHAN.equals(propagationPolicy) || (propagationPolicy == null && Boolean.TRUE.equals(orphanDependents));
    }

    private static DeleteOptions fromBody(byte[] body, BodyFormat format) {
        JsonNode node = format == BodyFormat.PROTOBUF ? decodeProtobuf(body) : parseText(body, format);
        if (node == null || !node.isObject()) {
            throw ApiException.unknown("couldn't get version/kind; json parse error: json: cannot unmarshal "
                    + (node == null ? "null" : node.getNodeType().name().toLowerCase(java.util.Locale.ROOT))
                    + " into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; "
                    + "Kind string \"json:\\\"kind,omitempty\\\"\" }");
        }
        String kind = node.path("kind").asText("");
        String apiVersion = node.path("apiVersion").asText("");
        // DeleteOptions is registered as an unversioned type: any apiVersion decodes; an empty kind defaults
        if (!kind.isEmpty() && !kind.equals("DeleteOptions")) {
            String version = apiVersion.isEmpty() ? "meta.k8s.io/v1" : apiVersion;
            throw ApiException.unknown("no kind " + GoQuote.quote(kind) + " is registered for version "
                    + GoQuote.quote(version) + " in scheme " + GoQuote.quote(SCHEME));
        }
        List<String> dryRun = new ArrayList<>();
        JsonNode dry = node.get("dryRun");
        if (dry != null && !dry.isNull()) {
            if (!dry.isArray()) {
                throw typeError(dry, "dryRun", "[]string");
            }
            for (JsonNode v : dry) {
                if (!v.isTextual()) {
                    throw typeError(v, "dryRun", "string");
                }
                dryRun.add(v.asText());
            }
        }
        List<FieldError> dryErrs = WriteOptions.validateDryRun(dryRun);
        JsonNode pre = node.get("preconditions");
        String uid = null;
        String rv = null;
        if (pre != null && !pre.isNull()) {
            if (!pre.isObject()) {
                throw typeError(pre, "preconditions", "v1.Preconditions");
            }
            uid = string(pre.get("uid"), "preconditions.uid");
            rv = string(pre.get("resourceVersion"), "preconditions.resourceVersion");
        }
        DeleteOptions options = new DeleteOptions(
                int64(node.get("gracePeriodSeconds")),
                uid,
                rv,
                string(node.get("propagationPolicy"), "propagationPolicy"),
                bool(node.get("orphanDependents")),
                !dryRun.isEmpty());
        options.validate(dryErrs);
        return options;
    }

    private static JsonNode parseText(byte[] body, BodyFormat format) {
        try {
            return format == BodyFormat.YAML ? YamlToJson.readTree(body) : Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw ApiException.unknown("couldn't get version/kind; json parse error: "
                    + (format == BodyFormat.YAML ? firstLine(e.getMessage()) : GoJsonSyntax.error(body)));
        }
    }

    private static JsonNode decodeProtobuf(byte[] body) {
        try {
            return ProtobufCodec.decode(body, KIND);
        } catch (ProtobufDecodingException e) {
            throw ApiException.unknown(e.getMessage());
        }
    }

    private void validate(List<FieldError> dryRunErrors) {
        List<FieldError> errs = new ArrayList<>();
        if (orphanDependents != null && propagationPolicy != null) {
            errs.add(FieldError.invalid(
                    "propagationPolicy",
                    new GoValue(GoQuote.quote(propagationPolicy)),
                    "orphanDependents and deletionPropagation cannot be both set"));
        }
        if (propagationPolicy != null
                && !propagationPolicy.equals(FOREGROUND)
                && !propagationPolicy.equals(BACKGROUND)
                && !propagationPolicy.equals(ORPHAN)) {
            errs.add(FieldError.notSupported(
                    "propagationPolicy",
                    new GoValue(GoQuote.quote(propagationPolicy)),
                    List.of(FOREGROUND, BACKGROUND, ORPHAN, "nil")));
        }
        errs.addAll(dryRunErrors);
        if (!errs.isEmpty()) {
            throw ApiException.invalid(KIND, "", errs);
        }
    }

    private static Long int64(JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw typeError(v, "gracePeriodSeconds", "int64");
        }
        return v.asLong();
    }

    private static Boolean bool(JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isBoolean()) {
            throw typeError(v, "orphanDependents", "bool");
        }
        return v.asBoolean();
    }

    private static String string(JsonNode v, String field) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw typeError(v, field, "string");
        }
        return v.asText();
    }

    private static ApiException typeError(JsonNode v, String field, String goType) {
        String kind = switch (v.getNodeType()) {
            case OBJECT -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "bool";
            default -> "null";
        };
        if (v.isNumber()) {
            kind = "number " + v.asText();
        }
        return ApiException.unknown("json: cannot unmarshal " + kind + " into Go struct field DeleteOptions." + field
                + " of type " + goType);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
