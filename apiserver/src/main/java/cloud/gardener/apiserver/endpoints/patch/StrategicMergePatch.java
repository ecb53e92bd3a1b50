package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Strategic merge patch ({@code application/strategic-merge-patch+json}) as the server applies it
 * ({@code strategicpatch.StrategicMergeMapPatch}: parallel lists merged, unmatched nulls ignored), with the merge
 * metadata of a {@link PatchMeta} instead of Go struct tags.
 * <ul>
 *   <li>Objects merge key by key; {@code null} deletes; values new to the original lose their nulls and directives.</li>
 *   <li>Lists whose strategy is {@code merge} merge: lists of objects by the merge key (items matched by key are
 *       merged, {@code {"$patch":"delete", key: v}} removes, {@code {"$patch":"replace"}} replaces the list), lists
 *       of scalars as sets; other lists are replaced. Items the patch names come in patch order, interleaved with
 *       the server-only items by their original positions.</li>
 *   <li>{@code $deleteFromPrimitiveList/<field>} removes scalars, {@code $setElementOrder/<field>} orders a list,
 *       {@code $retainKeys} clears the keys it does not name, {@code $patch: replace|delete} on an object replaces
 *       or empties it; any other directive value is an error.</li>
 * </ul>
 * Errors are the handler's: malformed directive formats are 400, a list of lists is the generic 422, every other
 * failure a 500 with Go's error text.
 */
public final class StrategicMergePatch {

    static final String DIRECTIVE = "$patch";
    static final String DELETE = "delete";
    static final String REPLACE = "replace";
    static final String MERGE = "merge";
    static final String RETAIN_KEYS_STRATEGY = "retainKeys";
    static final String RETAIN_KEYS = "$retainKeys";
    static final String DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList";
    static final String SET_ELEMENT_ORDER = "$setElementOrder";

    /** The element kind of a list of objects (anything else is the Go type name of its scalars). */
    private static final String MAP_KIND = "map";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StrategicMergePatch() {}

    /**
     * Applies {@code patch} to {@code original}; neither is changed.
     *
     * @param original the current object (anything but an object counts as empty)
     * @param patch    the patch; {@code null} (or JSON null) changes nothing
     * @param meta     the merge metadata of the object's type
     * @return the patched object
     * @throws ApiException 400 for a patch that is not an object or has malformed directives, 422 for lists of
     *                      lists, 500 (empty reason, Go's message) for anything else the patch cannot do
     */
    public static ObjectNode apply(JsonNode original, JsonNode patch, PatchMeta meta) {
        ObjectNode doc =
                original != null && original.isObject() ? ((ObjectNode) original).deepCopy() : NODES.objectNode();
        if (patch == null || patch.isNull() || patch.isMissingNode()) {
            return doc;
        }
        if (!patch.isObject()) {
            throw ApiException.badRequest("json: cannot unmarshal " + JsonPatch.goKind(patch)
                    + " into Go value of type map[string]interface {}");
        }
        return mergeMap(doc, ((ObjectNode) patch).deepCopy(), meta);
    }

    /** A patch as Go's {@code fmt.Sprintf("%+v", patchMap)} prints it (errors quote the patch that way). */
    public static String goPrint(JsonNode patch) {
        return GoValues.v(patch);
    }

    // --- objects -------------------------------------------------------------------------------------------------

    /** Merges {@code patch} into {@code original} (both owned here and changed), returning the result. */
    private static ObjectNode mergeMap(ObjectNode original, ObjectNode patch, PatchMeta meta) {
        JsonNode directive = patch.get(DIRECTIVE);
        if (directive != null) {
            return directiveOnMap(directive, patch);
        }
        if (original == null) {
            original = NODES.objectNode();
        }
        applyRetainKeys(original, patch);
        applySetElementOrders(original, patch, meta);

        for (String field : fieldNames(patch)) {
            JsonNode patchValue = patch.get(field);
            String key = field;
            boolean deleteList = false;
            if (field.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
                String listKey = extractKey(field, DELETE_FROM_PRIMITIVE_LIST);
                deleteList = true;
                if (!listKey.isEmpty()) {
                    key = listKey;
                }
            }
            if (patchValue.isNull()) {
                original.remove(key);
                continue;
            }
            JsonNode current = original.get(key);
            if (current == null || !sameGoType(current, patchValue)) {
                if (!deleteList) {
                    discardNulls(patchValue);
                    setOrRemove(original, key, removeDirectives(patchValue));
                }
                continue;
            }
            if (current.isObject()) {
                FieldPatchMeta fieldMeta = meta.lookupForStruct(key);
                String strategy = strategy(fieldMeta.strategies());
                original.set(
                        key,
                        REPLACE.equals(strategy)
                                ? patchValue
                                : mergeMap((ObjectNode) current, (ObjectNode) patchValue, fieldMeta.meta()));
            } else if (current.isArray()) {
                FieldPatchMeta fieldMeta = meta.lookupForSlice(key);
                String strategy = strategy(fieldMeta.strategies());
                original.set(
                        key,
                        array(mergeSliceField(
                                list(current),
                                list(patchValue),
                                fieldMeta.meta(),
                                strategy,
                                fieldMeta.mergeKey(),
                                deleteList)));
            } else {
                original.set(key, patchValue);
            }
        }
        return original;
    }

    /** {@code $patch} on an object: replace takes the patch as it is, delete empties it. */
    private static ObjectNode directiveOnMap(JsonNode directive, ObjectNode patch) {
        if (isText(directive, REPLACE)) {
            patch.remove(DIRECTIVE);
            return patch;
        }
        if (isText(directive, DELETE)) {
            return NODES.objectNode();
        }
        throw SmpErrors.badPatchType(directive, patch);
    }

    /** {@code $retainKeys}: every non-null patch key must be listed; original keys not listed are cleared. */
    private static void applyRetainKeys(ObjectNode original, ObjectNode patch) {
        if (!patch.has(RETAIN_KEYS)) {
            return;
        }
        JsonNode retain = patch.remove(RETAIN_KEYS);
        if (!retain.isArray()) {
            throw SmpErrors.badRequest(SmpErrors.BAD_RETAIN_KEYS);
        }
        Set<String> keep = new HashSet<>();
        retain.forEach(k -> {
            if (k.isTextual()) {
                keep.add(k.textValue());
            }
        });
        for (String key : fieldNames(patch)) {
            if (patch.get(key).isNull()
                    || key.startsWith(DELETE_FROM_PRIMITIVE_LIST)
                    || key.startsWith(SET_ELEMENT_ORDER)) {
                continue;
            }
            if (!keep.contains(key)) {
                throw SmpErrors.badRequest(SmpErrors.BAD_RETAIN_KEYS);
            }
        }
        for (String key : fieldNames(original)) {
            if (!keep.contains(key)) {
                original.remove(key);
            }
        }
    }

    /**
     * {@code $setElementOrder/<field>}: merges the field's list now (original, patch or both) and orders it: the
     * listed items in the listed order, server-only items where they stood relative to them.
     */
    private static void applySetElementOrders(ObjectNode original, ObjectNode patch, PatchMeta meta) {
        for (String field : fieldNames(patch)) {
            if (!field.startsWith(SET_ELEMENT_ORDER)) {
                continue;
            }
            JsonNode orderNode = patch.remove(field);
            if (!orderNode.isArray()) {
                throw SmpErrors.badArgType(GoValues.SLICE, orderNode);
            }
            List<JsonNode> order = list(orderNode);
            String key = extractKey(field, SET_ELEMENT_ORDER);
            JsonNode originalList = original.get(key);
            JsonNode patchList = patch.get(key);
            if (originalList != null && !originalList.isArray()) {
                throw SmpErrors.badArgType(GoValues.SLICE, originalList);
            }
            if (patchList != null && !patchList.isArray()) {
                throw SmpErrors.badArgType(GoValues.SLICE, patchList);
            }
            List<JsonNode> originalItems = originalList == null ? null : list(originalList);
            List<JsonNode> patchItems = patchList == null ? null : list(patchList);
            FieldPatchMeta fieldMeta = meta.lookupForSlice(key);
            String strategy = strategy(fieldMeta.strategies());
            String mergeKey = fieldMeta.mergeKey();
            validateAgainstOrder(patchItems == null ? List.of() : patchItems, order, mergeKey);

            List<JsonNode> merged;
            if (originalItems != null && patchItems == null) {
                merged = originalItems;
            } else if (originalItems == null && patchItems != null) {
                merged = list(removeDirectives(patchList));
            } else if (originalItems != null) {
                merged = mergeSliceField(
                        new ArrayList<>(originalItems), patchItems, fieldMeta.meta(), strategy, mergeKey, false);
            } else {
                continue;
            }
            List<JsonNode> inOrder = new ArrayList<>();
            List<JsonNode> serverOnly = new ArrayList<>();
            if (mergeKey.isEmpty()) {
                partitionScalars(merged, order, inOrder, serverOnly);
            } else {
                partitionMaps(merged, order, mergeKey, inOrder, serverOnly);
            }
            String kind = elementKind(originalItems, patchItems);
            List<JsonNode> ordered = normalizeOrder(
                    inOrder, serverOnly, order, originalItems == null ? List.of() : originalItems, mergeKey, kind);
            original.set(key, array(ordered));
            patch.remove(key);
        }
    }

    /**
     * The patch list (deletions aside) must follow the {@code $setElementOrder} list: each of its items found in
     * it, in the same relative order.
     */
    private static void validateAgainstOrder(List<JsonNode> patchList, List<JsonNode> order, String mergeKey) {
        if (order.isEmpty() || patchList.isEmpty()) {
            return;
        }
        List<JsonNode> kept = mergeKey.isEmpty() ? patchList : splitDeletions(patchList, null);
        int p = 0;
        int o = 0;
        while (p < kept.size() && o < order.size()) {
            if (hasDirective(kept.get(p))) {
                p++;
                continue;
            }
            if (mergeKeyEqual(kept.get(p), order.get(o), mergeKey)) {
                p++;
            }
            o++;
        }
        if (p < kept.size() && o >= order.size()) {
            throw SmpErrors.other("The order in patch list:\n" + GoValues.v(array(patchList)) + "\n doesn't match "
                    + SET_ELEMENT_ORDER + " list:\n" + GoValues.v(array(order)) + "\n");
        }
    }

    private static boolean mergeKeyEqual(JsonNode left, JsonNode right, String mergeKey) {
        if (mergeKey.isEmpty()) {
            return GoValues.equal(left, right);
        }
        if (!left.isObject()) {
            throw SmpErrors.badArgType(GoValues.MAP, left);
        }
        if (!right.isObject()) {
            throw SmpErrors.badArgType(GoValues.MAP, right);
        }
        if (!left.has(mergeKey)) {
            throw SmpErrors.noMergeKey(left, mergeKey);
        }
        if (!right.has(mergeKey)) {
            throw SmpErrors.noMergeKey(right, mergeKey);
        }
        return GoValues.equal(left.get(mergeKey), right.get(mergeKey));
    }

    // --- lists ---------------------------------------------------------------------------------------------------

    /** A list field: merged when its strategy is merge (or it is a deletion list), else replaced by the patch. */
    private static List<JsonNode> mergeSliceField(
            List<JsonNode> original,
            List<JsonNode> patch,
            PatchMeta itemMeta,
            String strategy,
            String mergeKey,
            boolean deleteList) {
        if (MERGE.equals(strategy) || deleteList) {
            return mergeSlice(original, patch, itemMeta, mergeKey, deleteList);
        }
        return patch;
    }

    private static List<JsonNode> mergeSlice(
            List<JsonNode> original, List<JsonNode> patch, PatchMeta itemMeta, String mergeKey, boolean deleteList) {
        if (original.isEmpty() && patch.isEmpty()) {
            return original;
        }
        String kind = elementKind(original, patch);
        List<JsonNode> merged;
        if (!MAP_KIND.equals(kind)) {
            if (deleteList) {
                return deleteScalars(original, patch);
            }
            List<JsonNode> both = new ArrayList<>(original);
            both.addAll(patch);
            merged = deduplicateScalars(both);
        } else {
            if (mergeKey.isEmpty()) {
                throw SmpErrors.other("cannot merge lists without merge key for " + itemMeta.name());
            }
            // directives first: deletions leave the original, a replace makes the rest of the patch the list
            List<JsonNode> plainPatch = new ArrayList<>();
            boolean replace = false;
            List<JsonNode> remaining = new ArrayList<>(original);
            for (JsonNode item : patch) {
                JsonNode directive = item.get(DIRECTIVE);
                if (directive == null) {
                    plainPatch.add(item);
                } else if (isText(directive, DELETE)) {
                    if (!item.has(mergeKey)) {
                        throw SmpErrors.noMergeKey(item, mergeKey);
                    }
                    JsonNode value = item.get(mergeKey);
                    remaining.removeIf(o -> o.has(mergeKey) && GoValues.equal(o.get(mergeKey), value));
                } else if (isText(directive, REPLACE)) {
                    replace = true;
                } else if (isText(directive, MERGE)) {
                    throw SmpErrors.other("merging lists cannot yet be specified in the patch");
                } else {
                    throw SmpErrors.badPatchType(directive, item);
                }
            }
            if (replace) {
                original = plainPatch;
                patch = List.of();
            } else {
                original = remaining;
                patch = plainPatch;
            }
            merged = new ArrayList<>(original);
            for (JsonNode item : patch) {
                if (!item.has(mergeKey)) {
                    throw SmpErrors.noMergeKey(item, mergeKey);
                }
                int at = indexByKey(merged, mergeKey, item.get(mergeKey));
                if (at >= 0) {
                    merged.set(at, mergeMap((ObjectNode) merged.get(at), (ObjectNode) item, itemMeta));
                } else {
                    merged.add(item);
                }
            }
        }
        List<JsonNode> patchItems = new ArrayList<>();
        List<JsonNode> serverOnly = new ArrayList<>();
        if (mergeKey.isEmpty()) {
            partitionScalars(merged, patch, patchItems, serverOnly);
        } else {
            partitionMaps(merged, patch, mergeKey, patchItems, serverOnly);
        }
        return normalizeOrder(patchItems, serverOnly, patch, original, mergeKey, kind);
    }

    /** {@code $deleteFromPrimitiveList}: every occurrence of a listed value goes. */
    private static List<JsonNode> deleteScalars(List<JsonNode> current, List<JsonNode> toDelete) {
        List<JsonNode> kept = new ArrayList<>();
        for (JsonNode v : current) {
            if (toDelete.stream().noneMatch(d -> GoValues.equal(d, v))) {
                kept.add(v);
            }
        }
        return kept;
    }

    /** Removes duplicates as Go does (a later duplicate is overwritten by the last element). */
    private static List<JsonNode> deduplicateScalars(List<JsonNode> s) {
        List<JsonNode> list = new ArrayList<>(s);
        int length = list.size() - 1;
        for (int i = 0; i < length; i++) {
            for (int j = i + 1; j <= length; j++) {
                if (GoValues.equal(list.get(i), list.get(j))) {
                    list.set(j, list.get(length));
                    list.remove(length);
                    length--;
                    j--;
                }
            }
        }
        return list;
    }

    private static int indexByKey(List<JsonNode> items, String mergeKey, JsonNode value) {
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            if (!item.isObject()) {
                throw SmpErrors.other("value for key " + i + " is not a map");
            }
            if (item.has(mergeKey) && GoValues.equal(item.get(mergeKey), value)) {
                return i;
            }
        }
        return -1;
    }

    private static void partitionScalars(
            List<JsonNode> merged, List<JsonNode> by, List<JsonNode> in, List<JsonNode> out) {
        for (JsonNode v : merged) {
            boolean found = by.stream().anyMatch(b -> GoValues.equal(b, v));
            (found ? in : out).add(v);
        }
    }

    private static void partitionMaps(
            List<JsonNode> merged, List<JsonNode> by, String mergeKey, List<JsonNode> in, List<JsonNode> out) {
        for (JsonNode v : merged) {
            if (!v.isObject()) {
                throw SmpErrors.badArgType(GoValues.MAP, v);
            }
            if (!v.has(mergeKey)) {
                throw SmpErrors.noMergeKey(v, mergeKey);
            }
            (indexByKey(by, mergeKey, v.get(mergeKey)) >= 0 ? in : out).add(v);
        }
    }

    /**
     * Sorts the patch items by the patch order and the server-only items by the server order, then interleaves
     * them: a server-only item goes before a patch item only when both are in the server order and it stood
     * before it there.
     */
    private static List<JsonNode> normalizeOrder(
            List<JsonNode> patchItems,
            List<JsonNode> serverOnly,
            List<JsonNode> patchOrder,
            List<JsonNode> serverOrder,
            String mergeKey,
            String kind) {
        List<JsonNode> right = sortByOrder(patchItems, patchOrder, mergeKey, kind);
        List<JsonNode> left = sortByOrder(serverOnly, serverOrder, mergeKey, kind);
        List<JsonNode> out = new ArrayList<>(left.size() + right.size());
        int i = 0;
        int j = 0;
        while (i < left.size() || j < right.size()) {
            if (j >= right.size()) {
                out.add(left.get(i++));
            } else if (i >= left.size()) {
                out.add(right.get(j++));
            } else {
                int li = index(serverOrder, left.get(i), mergeKey, kind);
                int ri = index(serverOrder, right.get(j), mergeKey, kind);
                if (li >= 0 && ri >= 0 && li < ri) {
                    out.add(left.get(i++));
                } else {
                    out.add(right.get(j++));
                }
            }
        }
        return out;
    }

    /** Go's {@code normalizeSliceOrder}: a stable sort by position in {@code order}, deletions moved last. */
    private static List<JsonNode> sortByOrder(
            List<JsonNode> toSort, List<JsonNode> order, String mergeKey, String kind) {
        List<JsonNode> items = toSort;
        List<JsonNode> deletions = new ArrayList<>();
        if (MAP_KIND.equals(kind)) {
            for (List<JsonNode> l : List.of(toSort, order)) {
                for (JsonNode item : l) {
                    if (!item.isObject()) {
                        throw SmpErrors.badArgType(GoValues.MAP, item);
                    }
                    if (!item.has(mergeKey)) {
                        throw SmpErrors.noMergeKey(item, mergeKey);
                    }
                }
            }
            items = splitDeletions(toSort, deletions);
        }
        int n = items.size();
        int[] idx = new int[n];
        JsonNode[] arr = items.toArray(new JsonNode[0]);
        for (int k = 0; k < n; k++) {
            idx[k] = index(order, arr[k], mergeKey, kind);
        }
        // insertion sort with Go's "less": unknown positions count as less, which only matters for items missing
        // from the order (and then the result is what Go's stable sort gives for short lists)
        for (int a = 1; a < n; a++) {
            for (int b = a; b > 0 && less(idx[b], idx[b - 1]); b--) {
                JsonNode t = arr[b];
                arr[b] = arr[b - 1];
                arr[b - 1] = t;
                int ti = idx[b];
                idx[b] = idx[b - 1];
                idx[b - 1] = ti;
            }
        }
        List<JsonNode> out = new ArrayList<>(List.of(arr));
        out.addAll(deletions);
        return out;
    }

    private static boolean less(int i, int j) {
        return i < 0 || j < 0 || i < j;
    }

    /** Position of {@code value} in {@code list}: by merge-key value for objects, by value for scalars. */
    private static int index(List<JsonNode> list, JsonNode value, String mergeKey, String kind) {
        JsonNode wanted = keyValue(value, mergeKey, kind);
        for (int i = 0; i < list.size(); i++) {
            if (GoValues.equal(wanted, keyValue(list.get(i), mergeKey, kind))) {
                return i;
            }
        }
        return -1;
    }

    private static JsonNode keyValue(JsonNode item, String mergeKey, String kind) {
        if (!MAP_KIND.equals(kind)) {
            return item;
        }
        return item.isObject() ? item.get(mergeKey) : null;
    }

    /** Items that are not {@code $patch: delete}; those go to {@code deletions} when given. */
    private static List<JsonNode> splitDeletions(List<JsonNode> items, List<JsonNode> deletions) {
        List<JsonNode> kept = new ArrayList<>();
        for (JsonNode item : items) {
            if (!item.isObject()) {
                throw SmpErrors.badArgType(GoValues.MAP, item);
            }
            if (isText(item.get(DIRECTIVE), DELETE)) {
                if (deletions != null) {
                    deletions.add(item);
                }
            } else {
                kept.add(item);
            }
        }
        return kept;
    }

    /**
     * The common element type of the lists: {@value #MAP_KIND} for objects, else the Go type of the scalars.
     * Lists of lists and mixed lists are refused, as are lists with no elements at all.
     */
    private static String elementKind(List<JsonNode> first, List<JsonNode> second) {
        String kind = null;
        List<JsonNode> all = new ArrayList<>();
        if (first != null) {
            all.addAll(first);
        }
        if (second != null) {
            all.addAll(second);
        }
        for (JsonNode v : all) {
            String type = v.isObject() ? MAP_KIND : GoValues.typeName(v);
            if (kind == null) {
                if (v.isArray()) {
                    throw SmpErrors.noListOfLists();
                }
                kind = type;
            } else if (!kind.equals(type)) {
                List<JsonNode> lists = new ArrayList<>();
                lists.add(first == null ? null : array(first));
                lists.add(second == null ? null : array(second));
                throw SmpErrors.other("list element types are not identical: " + GoValues.v(lists));
            }
        }
        if (kind == null) {
            throw SmpErrors.other("no elements in any of the given slices");
        }
        return kind;
    }

    // --- helpers -------------------------------------------------------------------------------------------------

    /** Go's {@code extractRetainKeysPatchStrategy}: the strategy other than retainKeys. */
    private static String strategy(List<String> strategies) {
        switch (strategies.size()) {
            case 0 -> {
                return "";
            }
            case 1 -> {
                return RETAIN_KEYS_STRATEGY.equals(strategies.get(0)) ? "" : strategies.get(0);
            }
            case 2 -> {
                if (RETAIN_KEYS_STRATEGY.equals(strategies.get(0))) {
                    return strategies.get(1);
                }
                if (RETAIN_KEYS_STRATEGY.equals(strategies.get(1))) {
                    return strategies.get(0);
                }
            }
            default -> {}
        }
        throw SmpErrors.other("unexpected patch strategy: [" + String.join(" ", strategies) + "]");
    }

    /** The field a {@code <prefix>/<field>} directive key names. */
    private static String extractKey(String key, String prefix) {
        int slash = key.indexOf('/');
        if (slash < 0 || !key.substring(0, slash).equals(prefix)) {
            throw SmpErrors.badRequest(
                    DELETE_FROM_PRIMITIVE_LIST.equals(prefix)
                            ? SmpErrors.BAD_PRIMITIVE_LIST
                            : SmpErrors.BAD_SET_ELEMENT_ORDER);
        }
        return key.substring(slash + 1);
    }

    /** Drops objects carrying {@code $patch} (null: drop this value too); changes {@code v} in place. */
    private static JsonNode removeDirectives(JsonNode v) {
        if (v instanceof ObjectNode obj) {
            if (obj.has(DIRECTIVE)) {
                return null;
            }
            for (String key : fieldNames(obj)) {
                JsonNode kept = removeDirectives(obj.get(key));
                if (kept == null) {
                    obj.remove(key);
                } else {
                    obj.set(key, kept);
                }
            }
            return obj;
        }
        if (v instanceof ArrayNode arr) {
            ArrayNode out = NODES.arrayNode();
            for (JsonNode item : arr) {
                JsonNode kept = removeDirectives(item);
                if (kept != null) {
                    out.add(kept);
                }
            }
            return out;
        }
        return v;
    }

    /** Removes null-valued keys from objects, through objects and lists (nulls in lists stay). */
    private static void discardNulls(JsonNode v) {
        if (v instanceof ObjectNode obj) {
            for (String key : fieldNames(obj)) {
                if (obj.get(key).isNull()) {
                    obj.remove(key);
                } else {
                    discardNulls(obj.get(key));
                }
            }
        } else if (v instanceof ArrayNode arr) {
            arr.forEach(StrategicMergePatch::discardNulls);
        }
    }

    private static void setOrRemove(ObjectNode obj, String key, JsonNode value) {
        if (value == null) {
            obj.remove(key);
        } else {
            obj.set(key, value);
        }
    }

    /** Whether Go would see the same dynamic type (objects, lists, or the same scalar type). */
    private static boolean sameGoType(JsonNode a, JsonNode b) {
        return GoValues.typeName(a).equals(GoValues.typeName(b));
    }

    private static boolean hasDirective(JsonNode item) {
        return item.isObject() && item.has(DIRECTIVE);
    }

    private static boolean isText(JsonNode v, String text) {
        return v != null && v.isTextual() && v.textValue().equals(text);
    }

    private static List<String> fieldNames(JsonNode obj) {
        List<String> names = new ArrayList<>();
        obj.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>(array.size());
        array.forEach(items::add);
        return items;
    }

    private static ArrayNode array(List<JsonNode> items) {
        ArrayNode out = NODES.arrayNode();
        items.forEach(out::add);
        return out;
    }
}
