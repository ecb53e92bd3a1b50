package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The walks structured-merge-diff makes over a value and its type: the field set a value sets
 * ({@code ToFieldSet}), the comparison of two values, the merge of a configuration into a live object, and the
 * removal of a set of fields. A {@code null} argument is an absent value; a JSON null is a value.
 */
final class TypedValues {

    private TypedValues() {}

    /** The effective form: untyped values take the form of what they hold. */
    private static FieldType resolve(FieldType t, JsonNode v) {
        if (t.form() != FieldType.Form.UNTYPED || v == null) {
            return t;
        }
        if (v.isObject()) {
            return DEDUCED_MAP;
        }
        return v.isArray() ? DEDUCED_LIST : FieldType.SCALAR;
    }

    private static final FieldType DEDUCED_MAP = FieldType.DEDUCED_MAP;
    private static final FieldType DEDUCED_LIST = FieldType.DEDUCED_LIST;

    // -------------------------------------------------------------------------------- list items

    /**
     * The path element of a list item: its key fields in an associative list with keys, its value in a set.
     *
     * @throws IllegalArgumentException for items that cannot be told apart that way
     */
    static PathElement itemElement(FieldType list, JsonNode item) {
        if (list.keys().isEmpty()) {
            if (item.isObject()) {
                throw new IllegalArgumentException("associative list without keys has an element that's a map type");
            }
            if (item.isArray()) {
                throw new IllegalArgumentException("not supported: associative list with lists as elements");
            }
            if (item.isNull()) {
                throw new IllegalArgumentException(
                        "associative list without keys has an element that's an explicit null");
            }
            return PathElement.value(item);
        }
        if (item.isNull()) {
            throw new IllegalArgumentException("associative list with keys may not have a null element");
        }
        if (!item.isObject()) {
            throw new IllegalArgumentException("associative list with keys may not have non-map elements");
        }
        List<PathElement.KeyField> fields = new ArrayList<>();
        for (String k : list.keys()) {
            JsonNode v = item.get(k);
            if (v != null) {
                fields.add(new PathElement.KeyField(k, v));
            }
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("associative list with keys has an element that omits all key fields "
                    + goQuotedList(list.keys()) + " (and doesn't have default values for any key fields)");
        }
        return PathElement.key(fields);
    }

    private static String goQuotedList(List<String> values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : " ").append(Json.toJson(values.get(i)));
        }
        return sb.append(']').toString();
    }

    // -------------------------------------------------------------------------------- validation

    /**
     * Checks a configuration against its type as {@code AsTyped} does: every struct field declared, associative
     * list items identifiable and not duplicated.
     *
     * @return the errors, each {@code <path>: <message>}
     */
    static List<String> validate(JsonNode v, FieldType t) {
        List<String> errors = new ArrayList<>();
        validate(new ArrayList<>(), v, t, errors);
        return errors;
    }

    private static void validate(List<PathElement> path, JsonNode v, FieldType type, List<String> errors) {
        FieldType t = resolve(type, v);
        if (v == null || v.isNull()) {
            return;
        }
        if (t.isList() && !t.atomic() && v.isArray()) {
            Set<PathElement> seen = new java.util.TreeSet<>();
            for (int i = 0; i < v.size(); i++) {
                PathElement pe;
                try {
                    pe = itemElement(t, v.get(i));
                } catch (IllegalArgumentException e) {
                    errors.add(new FieldPath(path) + ": element " + i + ": " + e.getMessage());
                    continue;
                }
                if (!seen.add(pe)) {
                    errors.add(new FieldPath(path) + ": duplicate entries for key " + pe);
                    continue;
                }
                path.add(pe);
                validate(path, v.get(i), t.element(), errors);
                path.remove(path.size() - 1);
            }
        } else if (t.isMap() && !t.atomic() && v.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                path.add(PathElement.field(e.getKey()));
                if (t.isStruct() && !t.declares(e.getKey())) {
                    errors.add(new FieldPath(path) + ": field not declared in schema");
                } else {
                    validate(path, e.getValue(), t.fieldType(e.getKey()), errors);
                }
                path.remove(path.size() - 1);
            }
        }
    }

    // -------------------------------------------------------------------------------- ToFieldSet

    static FieldSet toFieldSet(JsonNode v, FieldType t) {
        FieldSet set = new FieldSet();
        toFieldSet(new ArrayList<>(), v, t, set);
        return set;
    }

    private static void toFieldSet(List<PathElement> path, JsonNode v, FieldType type, FieldSet set) {
        FieldType t = resolve(type, v);
        switch (t.form()) {
            case LIST -> {
                if (t.atomic()) {
                    set.insert(path);
                    return;
                }
                if (v == null || !v.isArray()) {
                    return;
                }
                Map<PathElement, Integer> counts = new TreeMap<>();
                List<PathElement> pes = new ArrayList<>();
                for (JsonNode item : v) {
                    PathElement pe = itemElement(t, item);
                    pes.add(pe);
                    counts.merge(pe, 1, Integer::sum);
                }
                for (int i = 0; i < pes.size(); i++) {
                    PathElement pe = pes.get(i);
                    path.add(pe);
                    if (counts.get(pe) > 1) {
                        set.insert(path); // duplicates are owned whole
                    } else {
                        toFieldSet(path, v.get(i), t.element(), set);
                        set.insert(path);
                    }
                    path.remove(path.size() - 1);
                }
            }
            case MAP -> {
                if (t.atomic()) {
                    set.insert(path);
                    return;
                }
                if (v == null || !v.isObject()) {
                    return;
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    path.add(PathElement.field(e.getKey()));
                    JsonNode val = e.getValue();
                    toFieldSet(path, val, t.fieldType(e.getKey()), set);
                    if (val.isNull() || (val.isObject() && val.isEmpty()) || !t.declares(e.getKey())) {
                        set.insert(path);
                    }
                    path.remove(path.size() - 1);
                }
            }
            default -> set.insert(path);
        }
    }

    // -------------------------------------------------------------------------------- Compare

    /** What changed from {@code lhs} to {@code rhs}: added, modified and removed paths. */
    static Comparison compare(JsonNode lhs, JsonNode rhs, FieldType t) {
        Comparison c = new Comparison();
        Changes changes = new Changes(true, (change, at) -> {
            FieldSet set = switch (change) {
                case ADDED -> c.added();
                case MODIFIED -> c.modified();
                case REMOVED -> c.removed();
            };
            set.insert(at.path());
        });
        walk(Place.root(null), lhs, rhs, t, changes);
        return c;
    }

    /**
     * The paths {@link #compare} finds modified or added, as one set: what an update takes for a manager that owned
     * nothing before (a create's managed fields), without walking what only the left side has, the removed set, the
     * two sets and their union. Throws where {@link #compare} throws.
     */
    static FieldSet changedFields(JsonNode lhs, JsonNode rhs, FieldType t) {
        FieldSet out = new FieldSet();
        walk(Place.root(out), lhs, rhs, t, new Changes(false, (change, at) -> at.insert()));
        return out;
    }

    private enum Change {
        ADDED,
        MODIFIED,
        REMOVED
    }

    /**
     * Where a walk reports what changed. Without removals what only the left side has is neither walked nor reported:
     * the walk of {@link #changedFields}.
     */
    private record Changes(boolean withRemovals, BiConsumer<Change, Place> report) {
        void added(Place at) {
            report.accept(Change.ADDED, at);
        }

        void modified(Place at) {
            report.accept(Change.MODIFIED, at);
        }

        void removed(Place at) {
            if (withRemovals) {
                report.accept(Change.REMOVED, at);
            }
        }
    }

    /**
     * A path of a walk, linked to its parent: made into a list only where a change is reported, and inserted into
     * one set ({@link #insert}) through the set below its parent, made when a path below it is first inserted.
     */
    private static final class Place {
        private final Place parent;
        private final PathElement element;
        private final int depth;
        private FieldSet below;

        private Place(Place parent, PathElement element, FieldSet below) {
            this.parent = parent;
            this.element = element;
            this.depth = parent == null ? 0 : parent.depth + 1;
            this.below = below;
        }

        /** The empty path; {@code set} is what {@link #insert} fills, or null where it is not used. */
        static Place root(FieldSet set) {
            return new Place(null, null, set);
        }

        Place child(PathElement pe) {
            return new Place(this, pe, null);
        }

        List<PathElement> path() {
            PathElement[] pes = new PathElement[depth];
            for (Place p = this; p.parent != null; p = p.parent) {
                pes[p.depth - 1] = p.element;
            }
            return Arrays.asList(pes);
        }

        /** Inserts this path (the empty path of the root is never a member, as {@link FieldSet#insert} has it). */
        void insert() {
            if (element != null) {
                parent.below().members().add(element);
            }
        }

        private FieldSet below() {
            if (below == null) {
                below = parent.below().children().computeIfAbsent(element, k -> new FieldSet());
            }
            return below;
        }
    }

    private static void walk(Place at, JsonNode l, JsonNode r, FieldType type, Changes changes) {
        if (r == null && !changes.withRemovals()) {
            // an absent value only removes
            return;
        }
        FieldType tl = resolve(type, l);
        FieldType tr = resolve(type, r);
        FieldType t = r == null ? tl : tr;
        boolean leaf = (l != null && r != null && tl.form() != tr.form())
                || switch (t.form()) {
                    case LIST -> walkList(at, l, r, t, changes);
                    case MAP -> walkMap(at, l, r, t, changes);
                    default -> true;
                };
        if (l == null) {
            changes.added(at);
        } else if (r == null) {
            changes.removed(at);
        } else if (leaf && !JsonValues.equal(l, r)) {
            changes.modified(at);
        }
    }

    /** Whether the lists are a leaf (atomic, or empty on both sides); else their items are walked. */
    private static boolean walkList(Place at, JsonNode l, JsonNode r, FieldType t, Changes changes) {
        JsonNode ll = l != null && l.isArray() ? l : null;
        JsonNode rl = r != null && r.isArray() ? r : null;
        if (t.atomic() || ((ll == null || ll.isEmpty()) && (rl == null || rl.isEmpty()))) {
            return true;
        }
        Map<PathElement, List<JsonNode>> lValues = new TreeMap<>();
        Map<PathElement, List<JsonNode>> rValues = new TreeMap<>();
        List<PathElement> leftOrder = new ArrayList<>();
        List<PathElement> rightOrder = new ArrayList<>();
        // both sides indexed either way: an item of either that cannot be told apart throws
        index(t, ll, lValues, leftOrder, null);
        index(t, rl, rValues, rightOrder, changes.withRemovals() ? lValues : null);
        List<PathElement> items = rightOrder;
        if (changes.withRemovals()) {
            // the left side's items, then those only the right side has
            leftOrder.addAll(rightOrder);
            items = leftOrder;
        }
        for (PathElement pe : items) {
            List<JsonNode> lList = lValues.getOrDefault(pe, List.of());
            List<JsonNode> rList = rValues.getOrDefault(pe, List.of());
            Place item = at.child(pe);
            if (lList.size() <= 1 && rList.size() <= 1) {
                walk(
                        item,
                        lList.isEmpty() ? null : lList.get(0),
                        rList.isEmpty() ? null : rList.get(0),
                        t.element(),
                        changes);
            } else if (lList.size() >= 2 && rList.size() >= 2) {
                if (!sameValues(lList, rList)) {
                    changes.modified(item);
                }
            } else if (lList.size() >= 2) {
                if (!rList.isEmpty()) {
                    walk(item, null, rList.get(0), t.element(), changes);
                }
                changes.removed(item);
            } else {
                if (!lList.isEmpty()) {
                    walk(item, lList.get(0), null, t.element(), changes);
                }
                changes.added(item);
            }
        }
        return false;
    }

    private static boolean sameValues(List<JsonNode> a, List<JsonNode> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!JsonValues.equal(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static void index(
            FieldType t,
            JsonNode list,
            Map<PathElement, List<JsonNode>> values,
            List<PathElement> order,
            Map<PathElement, List<JsonNode>> other) {
        if (list == null) {
            return;
        }
        for (JsonNode item : list) {
            PathElement pe = itemElement(t, item);
            List<JsonNode> existing = values.get(pe);
            if (existing != null) {
                existing.add(item);
            } else {
                values.put(pe, new ArrayList<>(List.of(item)));
                if (other == null || !other.containsKey(pe)) {
                    order.add(pe);
                }
            }
        }
    }

    /** Whether the maps are a leaf (atomic, or empty on both sides); else their fields are walked. */
    private static boolean walkMap(Place at, JsonNode l, JsonNode r, FieldType t, Changes changes) {
        JsonNode lm = l != null && l.isObject() ? l : null;
        JsonNode rm = r != null && r.isObject() ? r : null;
        if (t.atomic() || ((lm == null || lm.isEmpty()) && (rm == null || rm.isEmpty()))) {
            return true;
        }
        Iterable<String> keys = changes.withRemovals() ? keys(lm, rm) : rm == null ? List.of() : rm::fieldNames;
        for (String key : keys) {
            walk(
                    at.child(PathElement.field(key)),
                    lm == null ? null : lm.get(key),
                    rm == null ? null : rm.get(key),
                    t.fieldType(key),
                    changes);
        }
        return false;
    }

    private static Set<String> keys(JsonNode a, JsonNode b) {
        Set<String> keys = new LinkedHashSet<>();
        if (a != null) {
            a.fieldNames().forEachRemaining(keys::add);
        }
        if (b != null) {
            b.fieldNames().forEachRemaining(keys::add);
        }
        return keys;
    }

    // -------------------------------------------------------------------------------- Merge

    /** Merges a configuration into a live value: the configuration wins, associative lists and granular maps merge. */
    static JsonNode merge(JsonNode lhs, JsonNode rhs, FieldType type) {
        if (rhs == null) {
            return lhs == null ? null : lhs.deepCopy();
        }
        FieldType tl = resolve(type, lhs);
        FieldType t = resolve(type, rhs);
        if (lhs == null || tl.form() != t.form()) {
            lhs = null;
        }
        return switch (t.form()) {
            case LIST -> mergeList(lhs, rhs, t);
            case MAP -> mergeMap(lhs, rhs, t);
            default -> rhs.deepCopy();
        };
    }

    private static JsonNode mergeMap(JsonNode lhs, JsonNode rhs, FieldType t) {
        JsonNode lm = lhs != null && lhs.isObject() ? lhs : null;
        JsonNode rm = rhs.isObject() ? rhs : null;
        if (t.atomic() || ((lm == null || lm.isEmpty()) && (rm == null || rm.isEmpty()))) {
            return rhs.deepCopy();
        }
        if (lm == null && rm == null) {
            return rhs.deepCopy();
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (String key : keys(lm, rm)) {
            JsonNode merged = merge(lm == null ? null : lm.get(key), rm == null ? null : rm.get(key), t.fieldType(key));
            if (merged != null) {
                out.set(key, merged);
            }
        }
        return out;
    }

    private static JsonNode mergeList(JsonNode lhs, JsonNode rhs, FieldType t) {
        JsonNode ll = lhs != null && lhs.isArray() ? lhs : null;
        JsonNode rl = rhs.isArray() ? rhs : null;
        if (t.atomic() || ((ll == null || ll.isEmpty()) && (rl == null || rl.isEmpty()))) {
            return rhs.deepCopy();
        }
        List<PathElement> lhsPEs = new ArrayList<>();
        List<PathElement> rhsPEs = new ArrayList<>();
        Map<PathElement, JsonNode> observedL = new TreeMap<>();
        Map<PathElement, JsonNode> observedR = new TreeMap<>();
        indexForMerge(t, ll, lhsPEs, observedL, true);
        indexForMerge(t, rl, rhsPEs, observedR, false);

        List<PathElement> sharedOrder = new ArrayList<>();
        for (PathElement pe : rhsPEs) {
            if (observedL.containsKey(pe)) {
                sharedOrder.add(pe);
            }
        }
        int shared = 0;
        PathElement nextShared = sharedOrder.isEmpty() ? null : sharedOrder.get(shared++);
        Set<PathElement> mergedR = new java.util.TreeSet<>();
        ArrayNode out = Json.MAPPER.createArrayNode();
        int lLen = lhsPEs.size();
        int rLen = rhsPEs.size();
        int lI = 0;
        int rI = 0;
        while (lI < lLen || rI < rLen) {
            if (lI < lLen && rI < rLen) {
                PathElement pe = lhsPEs.get(lI);
                if (pe.equals(rhsPEs.get(rI))) {
                    mergedR.add(pe);
                    addIfPresent(out, merge(observedL.get(pe), observedR.get(pe), t.element()));
                    lI++;
                    rI++;
                    nextShared = shared < sharedOrder.size() ? sharedOrder.get(shared++) : null;
                    continue;
                }
                if (observedR.containsKey(pe) && nextShared != null && !nextShared.equals(pe)) {
                    lI++;
                    continue;
                }
            }
            if (lI < lLen) {
                PathElement pe = lhsPEs.get(lI);
                if (!observedR.containsKey(pe)) {
                    addIfPresent(out, merge(ll.get(lI), null, t.element()));
                    lI++;
                    continue;
                } else if (mergedR.contains(pe)) {
                    lI++;
                }
            }
            if (rI < rLen) {
                PathElement pe = rhsPEs.get(rI);
                mergedR.add(pe);
                addIfPresent(out, merge(observedL.get(pe), observedR.get(pe), t.element()));
                rI++;
                if (nextShared != null && nextShared.equals(pe)) {
                    nextShared = shared < sharedOrder.size() ? sharedOrder.get(shared++) : null;
                }
            }
        }
        return out;
    }

    private static void addIfPresent(ArrayNode out, JsonNode v) {
        if (v != null) {
            out.add(v);
        }
    }

    private static void indexForMerge(
            FieldType t,
            JsonNode list,
            List<PathElement> pes,
            Map<PathElement, JsonNode> observed,
            boolean allowDuplicates) {
        if (list == null) {
            return;
        }
        for (JsonNode item : list) {
            PathElement pe = itemElement(t, item);
            if (observed.containsKey(pe)) {
                if (!allowDuplicates) {
                    throw new IllegalArgumentException("duplicate entries for key " + pe);
                }
                observed.put(pe, null); // duplicated items are not merged
            } else {
                observed.put(pe, item);
            }
            pes.add(pe);
        }
    }

    // -------------------------------------------------------------------------------- RemoveItems

    /** The value without the fields and items of {@code toRemove}; a map or list left empty becomes null. */
    static JsonNode removeItems(JsonNode v, FieldSet toRemove, FieldType type) {
        FieldType t = resolve(type, v);
        switch (t.form()) {
            case LIST -> {
                if (v == null || !v.isArray()) {
                    return NullNode.instance;
                }
                if (v.isEmpty() || t.atomic()) {
                    return v.isEmpty() ? NullNode.instance : v;
                }
                ArrayNode out = Json.MAPPER.createArrayNode();
                for (JsonNode item : v) {
                    PathElement pe = itemElement(t, item);
                    if (toRemove.hasMember(pe)) {
                        continue;
                    }
                    FieldSet sub = toRemove.withPrefix(pe);
                    out.add(sub.isEmpty() ? item : removeItems(item, sub, t.element()));
                }
                return out.isEmpty() ? NullNode.instance : out;
            }
            case MAP -> {
                if (v == null || !v.isObject() || v.isEmpty() || t.atomic()) {
                    return NullNode.instance;
                }
                Map<String, JsonNode> out = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    PathElement pe = PathElement.field(e.getKey());
                    if (toRemove.hasMember(pe)) {
                        continue;
                    }
                    FieldSet sub = toRemove.withPrefix(pe);
                    out.put(
                            e.getKey(),
                            sub.isEmpty() ? e.getValue() : removeItems(e.getValue(), sub, t.fieldType(e.getKey())));
                }
                if (out.isEmpty()) {
                    return NullNode.instance;
                }
                ObjectNode obj = Json.MAPPER.createObjectNode();
                obj.setAll(out);
                return obj;
            }
            default -> {
                return v;
            }
        }
    }
}
