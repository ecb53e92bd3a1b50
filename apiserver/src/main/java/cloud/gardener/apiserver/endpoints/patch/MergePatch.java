package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * RFC 7386 JSON merge patch ({@code application/merge-patch+json}) as {@code evanphx/json-patch} v4 applies it
 * for Kubernetes: {@code null} deletes a key, objects merge recursively, anything else (arrays included)
 * replaces; nulls inside newly added values are pruned from objects (not from arrays themselves).
 */
public final class MergePatch {

    /** {@code jsonpatch.ErrBadJSONPatch}. */
    public static final String BAD_PATCH_MESSAGE = "Invalid JSON Patch";

    private static final Comparator<JsonNode> NUMERIC_EQUALITY = (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
            return new BigDecimal(a.asText()).compareTo(new BigDecimal(b.asText()));
        }
        return a.equals(b) ? 0 : 1;
    };

    private MergePatch() {}

    /**
     * Applies a merge patch the way the handler does under fieldValidation Warn or Strict (the default):
     * a patch that is not a JSON object is 400 ({@code null}: {@value #BAD_PATCH_MESSAGE}; other kinds fail
     * the strict decode into a map). {@code target} is left untouched.
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        return apply(target, patch, true);
    }

    /**
     * Applies a merge patch.
     *
     * @param decodeAsObject true under fieldValidation Warn or Strict, where the handler first decodes the patch
     *                       into a map; false under Ignore, where a JSON array patch replaces the whole document
     * @throws ApiException 400 BadRequest for a patch that cannot be applied
     */
    public static JsonNode apply(JsonNode target, JsonNode patch, boolean decodeAsObject) {
        if (patch == null || patch.isNull() || patch.isMissingNode()) {
            throw ApiException.badRequest(BAD_PATCH_MESSAGE);
        }
        if (!patch.isObject()) {
            if (decodeAsObject) {
                throw ApiException.badRequest("error decoding patch: json: cannot unmarshal " + JsonPatch.goKind(patch)
                        + " into Go value of type map[string]interface {}");
            }
            if (!patch.isArray()) {
                throw ApiException.badRequest(BAD_PATCH_MESSAGE);
            }
            JsonNode copy = patch.deepCopy();
            pruneNulls(copy);
            return copy;
        }
        if (target == null || !target.isObject()) {
            JsonNode copy = patch.deepCopy();
            pruneNulls(copy);
            return copy;
        }
        ObjectNode doc = target.deepCopy();
        mergeInto(doc, (ObjectNode) patch.deepCopy());
        return doc;
    }

    /**
     * Creates the merge patch that turns {@code original} into {@code modified}: changed and added keys with
     * their new values, removed keys as {@code null}, objects diffed recursively, arrays replaced whole.
     * Numbers compare by value ({@code 1} equals {@code 1.0}).
     */
    public static ObjectNode diff(JsonNode original, JsonNode modified) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        Iterator<Map.Entry<String, JsonNode>> it = modified.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode before = original.get(e.getKey());
            JsonNode after = e.getValue();
            if (before == null) {
                out.set(e.getKey(), after.deepCopy());
            } else if (before.isObject() && after.isObject()) {
                ObjectNode nested = diff(before, after);
                if (!nested.isEmpty()) {
                    out.set(e.getKey(), nested);
                }
            } else if (!before.equals(NUMERIC_EQUALITY, after)) {
                out.set(e.getKey(), after.deepCopy());
            }
        }
        Iterator<String> names = original.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!modified.has(name)) {
                out.putNull(name);
            }
        }
        return out;
    }

    private static void mergeInto(ObjectNode doc, ObjectNode patch) {
        List<String> keys = new ArrayList<>();
        patch.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            JsonNode value = patch.get(key);
            if (value.isNull()) {
                doc.remove(key);
                continue;
            }
            JsonNode current = doc.get(key);
            if (current == null || current.isNull()) {
                pruneNulls(value);
                doc.set(key, value);
            } else if (!current.isObject()) {
                pruneNulls(value);
                doc.set(key, value);
            } else if (!value.isObject()) {
                // replacing an object with a non-object: evanphx keeps the patch value as sent
                doc.set(key, value);
            } else {
                mergeInto((ObjectNode) current, (ObjectNode) value);
            }
        }
    }

    /** Removes null-valued keys from objects, recursively through objects and arrays (array nulls stay). */
    private static void pruneNulls(JsonNode node) {
        if (node instanceof ObjectNode obj) {
            List<String> nulls = new ArrayList<>();
            obj.properties().forEach(e -> {
                if (e.getValue().isNull()) {
                    nulls.add(e.getKey());
                } else {
                    pruneNulls(e.getValue());
                }
            });
            obj.remove(nulls);
        } else if (node instanceof ArrayNode arr) {
            for (JsonNode element : arr) {
                pruneNulls(element);
            }
        }
    }
}
