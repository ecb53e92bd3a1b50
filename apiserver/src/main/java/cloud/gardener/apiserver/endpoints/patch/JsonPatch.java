package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.flipkart.zjsonpatch.CompatibilityFlags;
import java.util.EnumSet;
import java.util.Map;

/**
 * RFC 6902 JSON patch ({@code application/json-patch+json}) with the errors of Kubernetes' patch handler:
 * a patch that does not decode as a list of operations is 400, more than 10000 operations is 413, and any
 * operation that fails (a {@code test} included) is the generic 422 Invalid. Like evanphx/json-patch with
 * {@code AccumulatedCopySizeLimit}, the bytes added by {@code copy} operations are counted and a patch that
 * copies more than {@value #MAX_COPY_BYTES} in total fails (CVE-2019-1002100: a small patch of doubling copies).
 */
public final class JsonPatch {

    /** {@code maxJSONPatchOperations}. */
    public static final int MAX_OPERATIONS = 10000;

    /** {@code JSONPatchMaxCopyBytes}: k8s.io/apiserver sets it to the maximum request body, 3 MiB. */
    public static final long MAX_COPY_BYTES = 3L * 1024 * 1024;

    /** The member of {@link #apply}'s wrapper object holding the document, so a root path stays a member path. */
    private static final String ROOT = "r";

    /** The message of {@code NewGenericServerResponse(422, ...)}. */
    public static final String GENERIC_INVALID_MESSAGE =
            "the server rejected our request due to an error in our request";

    /** evanphx/json-patch fails a {@code remove} of a missing key; zjsonpatch needs to be told. */
    private static final EnumSet<CompatibilityFlags> FLAGS =
            EnumSet.of(CompatibilityFlags.FORBID_REMOVE_MISSING_OBJECT);

    private JsonPatch() {}

    /**
     * Applies {@code patch} to a copy of {@code target}; {@code target} is left untouched. A JSON {@code null}
     * patch has no operations.
     *
     * @throws ApiException 400 BadRequest for a patch that is not an array of operation objects, 413 for more
     *                      than {@value #MAX_OPERATIONS} operations, 422 Invalid when an operation fails
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        if (patch == null || patch.isNull() || patch.isMissingNode()) {
            return target.deepCopy();
        }
        checkDecodes(patch);
        if (patch.size() > MAX_OPERATIONS) {
            throw ApiException.requestEntityTooLarge(
                    "The allowed maximum operations in a JSON patch is " + MAX_OPERATIONS + ", got " + patch.size());
        }
        return applyCountingCopies(target, patch, MAX_COPY_BYTES);
    }

    /**
     * Applies the operations one by one to a copy of {@code target}, so the size of each {@code copy}'s source can
     * be measured in the document as it is at that operation. The copy is wrapped in an object and every pointer
     * prefixed with its member, which lets in-place application replace the root too.
     */
    static JsonNode applyCountingCopies(JsonNode target, JsonNode patch, long maxCopyBytes) {
        ObjectNode wrapper = JsonNodeFactory.instance.objectNode();
        wrapper.set(ROOT, target.deepCopy());
        long copied = 0;
        for (JsonNode op : patch) {
            try {
                JsonNode wrapped = wrap(op);
                if (isCopy(op)) {
                    // evanphx/json-patch counts the marshalled size of each copied value; Go's compact JSON and
                    // Jackson's agree except for HTML escaping, which only ever makes Go's count larger
                    JsonNode source =
                            wrapper.at(JsonPointer.compile(wrapped.get("from").asText()));
                    copied += source.isMissingNode() ? 0 : Json.toBytes(source).length;
                    if (copied > maxCopyBytes) {
                        // upstream's AccumulatedCopySizeError reaches the client through the same generic 422
                        throw invalid();
                    }
                }
                ArrayNode single = JsonNodeFactory.instance.arrayNode().add(wrapped);
                com.flipkart.zjsonpatch.JsonPatch.applyInPlace(single, wrapper, FLAGS);
            } catch (ApiException e) {
                throw e;
            } catch (RuntimeException e) {
                // zjsonpatch signals failed and malformed operations alike; Kubernetes answers both with the generic
                // 422
                throw invalid();
            }
        }
        return wrapper.get(ROOT);
    }

    private static boolean isCopy(JsonNode op) {
        return op != null
                && op.isObject()
                && "copy".equals(op.path("op").asText(null))
                && op.path("from").isTextual();
    }

    /** The operation with its {@code path} and {@code from} moved under the wrapper's member. */
    private static JsonNode wrap(JsonNode op) {
        if (op == null || !op.isObject()) {
            return op;
        }
        ObjectNode wrapped = ((ObjectNode) op).deepCopy();
        for (String pointer : new String[] {"path", "from"}) {
            JsonNode value = op.get(pointer);
            // a pointer without a leading slash stays as it is and fails in zjsonpatch as before
            if (value != null
                    && value.isTextual()
                    && (value.asText().isEmpty() || value.asText().startsWith("/"))) {
                wrapped.put(pointer, "/" + ROOT + value.asText());
            }
        }
        return wrapped;
    }

    /** The generic 422: reason Invalid, the generic message, empty details. */
    public static ApiException invalid() {
        return new ApiException(Status.failure(422, "Invalid", GENERIC_INVALID_MESSAGE, StatusDetails.EMPTY));
    }

    /** Mirrors the strict decode into {@code []jsonPatchOp} that runs first (fieldValidation Warn or Strict). */
    private static void checkDecodes(JsonNode patch) {
        if (!patch.isArray()) {
            throw decodeError(
                    "json: cannot unmarshal " + goKind(patch) + " into Go value of type []handlers.jsonPatchOp");
        }
        for (JsonNode op : patch) {
            if (op.isNull()) {
                continue;
            }
            if (!op.isObject()) {
                throw decodeError(
                        "json: cannot unmarshal " + goKind(op) + " into Go value of type handlers.jsonPatchOp");
            }
            for (Map.Entry<String, JsonNode> field : op.properties()) {
                String name = field.getKey();
                JsonNode value = field.getValue();
                if ((name.equals("op") || name.equals("path") || name.equals("from"))
                        && !value.isTextual()
                        && !value.isNull()) {
                    throw decodeError("json: cannot unmarshal " + goKind(value) + " into Go struct field jsonPatchOp."
                            + name + " of type string");
                }
            }
        }
    }

    private static ApiException decodeError(String message) {
        return ApiException.badRequest("error decoding patch: " + message);
    }

    /** How Go's JSON decoder names a value's kind in type errors. */
    static String goKind(JsonNode node) {
        JsonNodeType type = node.getNodeType();
        return switch (type) {
            case OBJECT, POJO -> "object";
            case ARRAY -> "array";
            case STRING, BINARY -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "bool";
            default -> "null";
        };
    }
}
