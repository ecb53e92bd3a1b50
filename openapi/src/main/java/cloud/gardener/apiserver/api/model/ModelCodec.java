package cloud.gardener.apiserver.api.model;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Converts between JSON trees and records with Go's encoding/json semantics: unknown fields are dropped
 * (and reported with their paths for strict decoding), a value of the wrong type fails as Go's decoder
 * does, and encoding follows the struct tags (omitempty, pointers, inline; map keys sorted). Decoding
 * then encoding gives an object's canonical JSON, as gardener-apiserver would store it.
 *
 * <p>Each record class is planned once (its components' accessors as generated classes, names, shapes, nested
 * plans): a call reflects on nothing, builds no path strings unless it reports an error or an unknown field, and
 * binds the known value types (Time, Quantity, ...) without going through Jackson's databind.
 */
public final class ModelCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Each record class's plan, built on first use: its fields with their accessors, names and shapes. */
    private static final ClassValue<RecordPlan> PLANS = new ClassValue<>() {
        @Override
        protected RecordPlan computeValue(Class<?> type) {
            return new RecordPlan(RecordModel.of(type));
        }
    };

    private ModelCodec() {}

    /** Decodes a tree into a record of {@code type}. */
    public static <T> Decoded<T> decode(JsonNode tree, Class<T> type) {
        FormChanges.count(FormChanges.Change.TREE_TO_RECORD);
        DecodeContext context = new DecodeContext();
        Object value = decodeRecord(tree, PLANS.get(type), type.getSimpleName(), context);
        return new Decoded<>(type.cast(value), context.unknown == null ? List.of() : List.copyOf(context.unknown));
    }

    /** Encodes a record as Go would. */
    public static ObjectNode encode(Object record) {
        FormChanges.count(FormChanges.Change.RECORD_TO_TREE);
        return encodeRecord(record, PLANS.get(record.getClass()), false);
    }

    /**
     * {@code record} with its top-level fields {@code jsonNames} decoded from {@code tree}'s members as {@link #decode}
     * decodes them (an absent member as the zero value), the other fields kept: a change of form of those parts only,
     * for an object of which only a part changed. Inline fields are not parts: {@code jsonNames} must not name theirs.
     */
    public static <T> T decodeParts(JsonNode tree, T record, Collection<String> jsonNames) {
        return withDecodedParts(
                tree,
                record,
                jsonNames,
                (f, child, plan, context) -> decodeValue(child, f.value, plan.goStruct, context));
    }

    /**
     * {@link #decodeParts}, each part decoded as {@link #decodeChanged} decodes against {@code knownTree}'s member: the
     * unchanged values within a part are {@code known}'s own (a metadata part whose managedFields did not change keeps
     * the known list), so {@link #encodeChangedParts} can take their JSON from {@code knownTree}. Equal to {@link
     * #decodeParts}.
     *
     * @throws DecodeException as {@link #decode} for a changed part that does not decode
     */
    public static <T> T decodeChangedParts(JsonNode tree, JsonNode knownTree, T known, Collection<String> jsonNames) {
        return decodeChangedParts(tree, knownTree, known, known, jsonNames);
    }

    /**
     * {@link #decodeChangedParts}, each part decoded against {@code knownTree}'s member ({@code knownTree} decodes to
     * {@code known}), the other fields {@code base}'s: for a tree whose parts are closer to one known form (the last an
     * edit decoded) than to the one its other members are taken from. Equal to {@link #decodeParts} of {@code base}.
     *
     * @throws DecodeException as {@link #decode} for a changed part that does not decode
     */
    public static <T> T decodeChangedParts(
            JsonNode tree, JsonNode knownTree, T known, T base, Collection<String> jsonNames) {
        return withDecodedParts(
                tree,
                base,
                jsonNames,
                (f, child, plan, context) -> changedValue(
                        child, knownTree.get(f.name), f.get(known), f.value, plan.goStruct, context, null, f.name));
    }

    /** How {@link #withDecodedParts} decodes one part's member. */
    private interface PartDecoder {
        Object decode(FieldPlan field, JsonNode member, RecordPlan plan, DecodeContext context);
    }

    /** {@code record} with the parts {@code jsonNames} decoded from {@code tree} by {@code decoder}, the rest kept. */
    private static <T> T withDecodedParts(JsonNode tree, T record, Collection<String> jsonNames, PartDecoder decoder) {
        FormChanges.count(FormChanges.Change.PART_TREE_TO_RECORD);
        RecordPlan plan = PLANS.get(record.getClass());
        DecodeContext context = new DecodeContext();
        Object[] values = new Object[plan.fields.length];
        for (int i = 0; i < values.length; i++) {
            FieldPlan f = plan.fields[i];
            if (f.inline || !jsonNames.contains(f.name)) {
                values[i] = f.get(record);
                continue;
            }
            JsonNode child = tree.get(f.name);
            if (child == null) {
                values[i] = f.absent;
            } else {
                context.pushField(f.name);
                values[i] = decoder.decode(f, child, plan, context);
                context.pop();
            }
        }
        @SuppressWarnings("unchecked")
        T result = (T) plan.construct(values);
        return result;
    }

    /**
     * The record {@code tree} decodes to, given that {@code knownTree} decodes to {@code known} ({@link #decode}'s
     * value): members whose JSON equals the known tree's keep the known values, records (and the records of lists) that
     * changed in part are rebuilt from their changed members alone, and the rest is decoded. A record or list of
     * records whose values all stay the known ones is the known one itself (an unchanged tree's record is {@code known}). Equal to decoding
     * {@code tree} whole, but an edit of a large object (a Shoot's defaulted DNS domain, a worker's kubelet reservation)
     * costs the edited parts. Unknown fields are dropped, as {@link #decode}'s value drops them.
     *
     * @throws DecodeException as {@link #decode} for a changed part that does not decode
     */
    public static <T> T decodeChanged(JsonNode tree, JsonNode knownTree, T known) {
        FormChanges.count(FormChanges.Change.PART_TREE_TO_RECORD);
        RecordPlan plan = PLANS.get(known.getClass());
        @SuppressWarnings("unchecked")
        T result = (T) changedRecord(tree, knownTree, known, plan, new DecodeContext(), null);
        return result;
    }

    /**
     * {@link #decodeChanged}'s record, and in the same walk a private copy of {@code tree} that shares with {@code
     * knownTree} the members equal to its own (for a caller that keeps the tree beside the record and never changes
     * either): an edit of a large object copies the edited parts only.
     *
     * @param value the record {@code tree} decodes to
     * @param tree a copy of {@code tree}, equal to it, field order included
     */
    public record Changed<T>(T value, ObjectNode tree) {}

    /**
     * {@link #decodeChanged} with a private copy of {@code tree} sharing its unchanged members with {@code knownTree}.
     *
     * @throws DecodeException as {@link #decode} for a changed part that does not decode
     */
    public static <T> Changed<T> decodeChangedCopying(ObjectNode tree, ObjectNode knownTree, T known) {
        FormChanges.count(FormChanges.Change.PART_TREE_TO_RECORD);
        RecordPlan plan = PLANS.get(known.getClass());
        ObjectNode copy = copyShell(tree);
        @SuppressWarnings("unchecked")
        T result = (T) changedRecord(tree, knownTree, known, plan, new DecodeContext(), copy);
        finishCopy(copy, tree, knownTree);
        return new Changed<>(result, copy);
    }

    /**
     * {@link #decodeChangedCopying} of a tree that differs from {@code knownTree} at most at the places {@code paths}: the members off those paths are taken as unchanged without being compared, and only the subtrees at
     * their ends are compared and decoded as {@link #decodeChangedCopying} does. For an edit whose writer knows where it
     * wrote (a mutating admission plugin that set a label): the rest of a large object is neither compared nor copied.
     * Equal to {@link #decodeChangedCopying} when the tree is unchanged off the paths; a path that cannot be followed
     * into a record on both sides (a list, a map, a member absent on one side) is compared from there on.
     *
     * @throws DecodeException as {@link #decode} for a changed part that does not decode
     */
    public static <T> Changed<T> decodeWrittenCopying(
            ObjectNode tree, ObjectNode knownTree, T known, WrittenPaths paths) {
        if (paths.all()) {
            return decodeChangedCopying(tree, knownTree, known);
        }
        FormChanges.count(FormChanges.Change.PART_TREE_TO_RECORD);
        RecordPlan plan = PLANS.get(known.getClass());
        ObjectNode copy = copyShell(tree);
        @SuppressWarnings("unchecked")
        T result = (T) writtenRecord(tree, knownTree, known, plan, new DecodeContext(), copy, paths);
        finishCopy(copy, tree, knownTree);
        return new Changed<>(result, copy);
    }

    /**
     * {@link #decodeWrittenCopying}'s record alone, without the copy of {@code tree}: for a caller that encodes the
     * written places again rather than keep the tree.
     *
     * @throws DecodeException as {@link #decode} for a changed part that does not decode
     */
    public static <T> T decodeWritten(ObjectNode tree, ObjectNode knownTree, T known, WrittenPaths paths) {
        if (paths.all()) {
            return decodeChanged(tree, knownTree, known);
        }
        FormChanges.count(FormChanges.Change.PART_TREE_TO_RECORD);
        @SuppressWarnings("unchecked")
        T result = (T)
                writtenRecord(tree, knownTree, known, PLANS.get(known.getClass()), new DecodeContext(), null, paths);
        return result;
    }

    /**
     * Places in an object, as paths of member names from the root, each standing for the whole subtree at its end: where
     * an edit may have written. Built once for a writer's paths, kept as a tree of member names.
     */
    public static final class WrittenPaths {

        private static final WrittenPaths ALL = new WrittenPaths(Map.of());

        /** Each member on a path, with the places below it ({@link #ALL} where a path ends). */
        private final Map<String, WrittenPaths> members;

        private WrittenPaths(Map<String, WrittenPaths> members) {
            this.members = members;
        }

        /** The places {@code paths} name (an empty path: the whole object; no path: nowhere). */
        public static WrittenPaths of(Collection<List<String>> paths) {
            WrittenPaths root = new WrittenPaths(new LinkedHashMap<>());
            for (List<String> path : paths) {
                if (path.isEmpty()) {
                    return ALL;
                }
                root.add(path, 0);
            }
            return root;
        }

        /** The places of both. */
        public static WrittenPaths union(WrittenPaths a, WrittenPaths b) {
            if (a.all() || b.all()) {
                return ALL;
            }
            Map<String, WrittenPaths> members = new LinkedHashMap<>(a.members);
            b.members.forEach((name, below) -> members.merge(name, below, WrittenPaths::union));
            return new WrittenPaths(members);
        }

        private void add(List<String> path, int from) {
            String name = path.get(from);
            WrittenPaths below = members.get(name);
            if (below != null && below.all()) {
                return; // a shorter path covers it
            }
            if (from == path.size() - 1) {
                members.put(name, ALL);
                return;
            }
            if (below == null) {
                below = new WrittenPaths(new LinkedHashMap<>());
                members.put(name, below);
            }
            below.add(path, from + 1);
        }

        /** Whether this is a path's end: the whole subtree written. */
        @SuppressWarnings("ReferenceEquality") // the one marker of a path's end
        public boolean all() {
            return this == ALL;
        }

        /** The places below member {@code name}, or null when no path goes through it. */
        public WrittenPaths below(String name) {
            return members.get(name);
        }

        @Override
        public String toString() {
            return all() ? "*" : members.toString();
        }
    }

    /**
     * {@link #changedRecord} of a record written only at {@code written} (not {@link WrittenPaths#all}): a member off
     * the paths is the known one, a member at a path's end is compared as {@link #changedRecord} compares it, and a
     * member a path goes through is walked along it.
     */
    @SuppressWarnings("ReferenceEquality") // a value the walk kept is the known record's own
    private static Object writtenRecord(
            JsonNode node,
            JsonNode knownNode,
            Object known,
            RecordPlan plan,
            DecodeContext context,
            ObjectNode copy,
            WrittenPaths written) {
        Object[] values = new Object[plan.fields.length];
        boolean kept = true;
        for (int i = 0; i < values.length; i++) {
            FieldPlan f = plan.fields[i];
            Object knownValue = f.get(known);
            if (f.inline) {
                values[i] = writtenRecord(node, knownNode, knownValue, f.value.record(), context, copy, written);
                kept &= values[i] == knownValue;
                continue;
            }
            WrittenPaths below = written.below(f.name);
            JsonNode child = node.get(f.name);
            JsonNode knownChild = knownNode.get(f.name);
            if (below == null && child != null && knownChild != null) {
                // not written: the known value, and the known member in the copy
                values[i] = knownValue;
                if (copy != null) {
                    copy.set(f.name, knownChild);
                }
                continue;
            }
            if (below == null && child == null && knownChild == null) {
                values[i] = knownValue;
                continue;
            }
            if (below != null
                    && !below.all()
                    && knownValue != null
                    && child instanceof ObjectNode childObject
                    && knownChild instanceof ObjectNode knownObject
                    && f.value.shape == TypeRef.Shape.RECORD) {
                context.pushField(f.name);
                ObjectNode childCopy = copy == null ? null : copyShell(childObject);
                values[i] = writtenRecord(
                        childObject, knownObject, knownValue, f.value.record(), context, childCopy, below);
                if (copy != null) {
                    finishCopy(childCopy, childObject, knownObject);
                    copy.set(f.name, childCopy);
                }
                kept &= values[i] == knownValue;
                context.pop();
                continue;
            }
            // a path's end (or a member present on one side only): compared and decoded as changedRecord does
            values[i] = changedMember(f, child, knownChild, knownValue, plan.goStruct, context, copy);
            kept &= keeps(values[i], knownValue, child, knownChild);
        }
        return kept ? known : plan.construct(values);
    }

    /**
     * @param copy null, or the copy of {@code node} being built ({@link #copyShell}): each member the walk passes is
     *     set to the known one (equal) or to a copy of its own; the rest is left to {@link #finishCopy}
     */
    @SuppressWarnings("ReferenceEquality") // a value the walk kept is the known record's own
    private static Object changedRecord(
            JsonNode node, JsonNode knownNode, Object known, RecordPlan plan, DecodeContext context, ObjectNode copy) {
        if (copy == null && plan.index != null && !context.byFields) {
            return changedMembers(node, knownNode, known, plan, context);
        }
        return changedFields(node, knownNode, known, plan, context, copy);
    }

    /**
     * {@link #changedRecord} without a copy, of a record with an {@link RecordPlan#index}: the walk goes by the
     * members {@code node} has (not by every field the record could have), each compared with the known one once, a
     * record or list of records walked into rather than compared first; values are read from {@code known} only once
     * one changed. When a member fails to decode, the record is walked again field by field ({@link #changedFields}),
     * so that the error is the one a whole decoding, which goes by the fields, meets first.
     */
    @SuppressWarnings("ReferenceEquality") // a value the walk kept is the known record's own
    private static Object changedMembers(
            JsonNode node, JsonNode knownNode, Object known, RecordPlan plan, DecodeContext context) {
        int depth = context.depth;
        try {
            // null while every value is the known record's own
            Object[] values = null;
            int matched = 0;
            for (Map.Entry<String, JsonNode> member : node.properties()) {
                Integer at = plan.index.get(member.getKey());
                if (at == null) {
                    continue; // unknown: dropped
                }
                JsonNode child = member.getValue();
                JsonNode knownChild = knownNode.get(member.getKey());
                if (knownChild != null) {
                    matched++;
                    if (!child.isContainerNode() && child.equals(knownChild)) {
                        continue;
                    }
                }
                FieldPlan f = plan.fields[at];
                Object knownValue = f.get(known);
                Object value = changedMember(f, child, knownChild, knownValue, plan.goStruct, context, null);
                if (!keeps(value, knownValue, child, knownChild)) {
                    values = changing(values, known, plan);
                    values[at] = value;
                }
            }
            if (matched != knownNode.size()) {
                // members gone (or the known tree's unknown ones): a field gone is its absent value
                for (Map.Entry<String, JsonNode> member : knownNode.properties()) {
                    Integer at = plan.index.get(member.getKey());
                    if (at != null && !node.has(member.getKey())) {
                        values = changing(values, known, plan);
                        values[at] = plan.fields[at].absent;
                    }
                }
            }
            return values == null ? known : plan.construct(values);
        } catch (DecodeException e) {
            // field by field all the way down: a record below that failed has walked so once already, and a walk by
            // members there again would repeat that at every level (twice per level of a nested type)
            context.depth = depth;
            context.byFields = true;
            try {
                return changedFields(node, knownNode, known, plan, context, null);
            } finally {
                context.byFields = false;
            }
        }
    }

    /** {@code values}, or the known record's values once one changes. */
    private static Object[] changing(Object[] values, Object known, RecordPlan plan) {
        if (values != null) {
            return values;
        }
        Object[] all = new Object[plan.fields.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = plan.fields[i].get(known);
        }
        return all;
    }

    /** {@link #changedRecord} field by field. */
    @SuppressWarnings("ReferenceEquality") // a value the walk kept is the known record's own
    private static Object changedFields(
            JsonNode node, JsonNode knownNode, Object known, RecordPlan plan, DecodeContext context, ObjectNode copy) {
        Object[] values = new Object[plan.fields.length];
        // whether every value is the known record's own: then the record is the known one, not an equal new one
        boolean kept = true;
        for (int i = 0; i < values.length; i++) {
            FieldPlan f = plan.fields[i];
            if (f.inline) {
                // an inline record reads its members from the same object
                Object knownValue = f.get(known);
                values[i] = changedRecord(node, knownNode, knownValue, f.value.record(), context, copy);
                kept &= values[i] == knownValue;
                continue;
            }
            JsonNode child = node.get(f.name);
            JsonNode knownChild = knownNode.get(f.name);
            Object knownValue = f.get(known);
            values[i] = changedMember(f, child, knownChild, knownValue, plan.goStruct, context, copy);
            kept &= keeps(values[i], knownValue, child, knownChild);
        }
        return kept ? known : plan.construct(values);
    }

    /**
     * One member compared with the known one: the known value when the trees are equal (the known member set in the
     * {@code copy}, if any), the field's absent value when the member is gone, else its changed value.
     */
    private static Object changedMember(
            FieldPlan f,
            JsonNode child,
            JsonNode knownChild,
            Object knownValue,
            String goStruct,
            DecodeContext context,
            ObjectNode copy) {
        if (copy == null && walksInto(child, knownChild, knownValue, f.value)) {
            // no equals first: it would walk the member up to its change, and the walk into it would do so again (at
            // each level above a change); the walk answers the known value itself when nothing in it changed
            context.pushField(f.name);
            Object value = changedValue(child, knownChild, knownValue, f.value, goStruct, context, null, f.name);
            context.pop();
            return value;
        }
        if (Objects.equals(child, knownChild)) {
            if (copy != null && knownChild != null) {
                copy.set(f.name, knownChild);
            }
            return knownValue;
        }
        if (child == null) {
            return f.absent;
        }
        context.pushField(f.name);
        Object value = changedValue(child, knownChild, knownValue, f.value, goStruct, context, copy, f.name);
        context.pop();
        return value;
    }

    /**
     * Whether {@link #changedValue} walks into {@code n} member by member (a record, or a list of records of the known
     * size, that both sides have), answering {@code known} itself when nothing in it changed: then comparing the trees
     * first is a second walk.
     */
    private static boolean walksInto(JsonNode n, JsonNode knownNode, Object known, ValuePlan p) {
        if (known == null || n == null || knownNode == null) {
            return false;
        }
        if (p.shape == TypeRef.Shape.RECORD) {
            return n.isObject() && knownNode.isObject() && p.record().index != null;
        }
        return p.shape == TypeRef.Shape.LIST
                && p.element.shape == TypeRef.Shape.RECORD
                && p.element.record().index != null
                && known instanceof List<?> knownList
                && n.isArray()
                && knownNode.isArray()
                && knownNode.size() == knownList.size();
    }

    /** Whether {@link #changedMember}'s value keeps the known record: the known value itself, and not a member gone. */
    @SuppressWarnings("ReferenceEquality") // a value the walk kept is the known record's own
    private static boolean keeps(Object value, Object knownValue, JsonNode child, JsonNode knownChild) {
        return value == knownValue && (child != null || knownChild == null);
    }

    /**
     * A changed value: a record or a list of records rebuilt from its changed parts where both sides have it. With a
     * {@code copy}, its member {@code name} becomes the value's copy where the walk rebuilds it (else {@link
     * #finishCopy} copies it). A record or list of records in which nothing changed is {@code known} itself.
     */
    @SuppressWarnings("ReferenceEquality") // an item the walk kept is the known list's own
    private static Object changedValue(
            JsonNode n,
            JsonNode knownNode,
            Object known,
            ValuePlan p,
            String goStruct,
            DecodeContext context,
            ObjectNode copy,
            String name) {
        if (known != null
                && knownNode != null
                && n.isObject()
                && knownNode.isObject()
                && p.shape == TypeRef.Shape.RECORD) {
            ObjectNode childCopy = copy == null ? null : copyShell(n);
            Object value = changedRecord(n, knownNode, known, p.record(), context, childCopy);
            if (copy != null) {
                finishCopy(childCopy, n, knownNode);
                copy.set(name, childCopy);
            }
            return value;
        }
        if (known instanceof List<?> knownList
                && knownNode != null
                && n.isArray()
                && knownNode.isArray()
                && knownNode.size() == knownList.size()
                && p.shape == TypeRef.Shape.LIST
                && p.element.shape == TypeRef.Shape.RECORD) {
            int size = n.size();
            List<Object> out = new ArrayList<>(size);
            ArrayNode listCopy = copy == null ? null : new ArrayNode(NODES, size);
            // whether every item is the known list's own (the list is then the known one)
            boolean kept = size == knownList.size();
            for (int i = 0; i < size; i++) {
                JsonNode item = n.get(i);
                JsonNode knownItem = i < knownList.size() ? knownNode.get(i) : null;
                context.pushIndex(i);
                boolean walked = listCopy == null
                        && p.element.record().index != null
                        && knownItem != null
                        && knownList.get(i) != null
                        && item.isObject()
                        && knownItem.isObject();
                if (!walked && knownItem != null && Objects.equals(item, knownItem)) {
                    out.add(knownList.get(i));
                    if (listCopy != null) {
                        listCopy.add(knownItem);
                    }
                } else if (knownItem != null && knownList.get(i) != null && item.isObject() && knownItem.isObject()) {
                    ObjectNode itemCopy = listCopy == null ? null : copyShell(item);
                    Object value =
                            changedRecord(item, knownItem, knownList.get(i), p.element.record(), context, itemCopy);
                    out.add(value);
                    kept &= value == knownList.get(i);
                    if (listCopy != null) {
                        finishCopy(itemCopy, item, knownItem);
                        listCopy.add(itemCopy);
                    }
                } else {
                    kept = false;
                    if (listCopy == null) {
                        out.add(decodeElement(item, p.element, goStruct, context));
                    } else {
                        JsonNode own = copySharing(item, knownItem);
                        listCopy.add(own);
                        out.add(decodePrivate(own, p.element, goStruct, context, true));
                    }
                }
                context.pop();
            }
            if (copy != null) {
                copy.set(name, listCopy);
            }
            return kept ? knownList : Collections.unmodifiableList(out);
        }
        if (copy == null) {
            return decodeValue(n, p, goStruct, context);
        }
        JsonNode own = copySharing(n, knownNode);
        copy.set(name, own);
        return decodePrivate(own, p, goStruct, context, false);
    }

    /**
     * {@link #decodeValue} (a list's {@code element}: {@link #decodeElement}) of {@code own}, a private copy that is never changed (as the tree {@link
     * #decodeChangedCopying} answers): the record shares its raw JSON values with it instead of copying them again.
     */
    private static Object decodePrivate(
            JsonNode own, ValuePlan p, String goStruct, DecodeContext context, boolean element) {
        boolean was = context.privateTree;
        context.privateTree = true;
        try {
            return element ? decodeElement(own, p, goStruct, context) : decodeValue(own, p, goStruct, context);
        } finally {
            context.privateTree = was;
        }
    }

    /**
     * An object with {@code node}'s members in its order, each still {@code node}'s own (a placeholder the walk
     * replaces), in a map sized for them.
     */
    private static ObjectNode copyShell(JsonNode node) {
        Map<String, JsonNode> members = new LinkedHashMap<>(capacity(node.size()));
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            members.put(member.getKey(), member.getValue());
        }
        return new ObjectNode(NODES, members);
    }

    /**
     * Replaces the members of {@code copy} the walk left as {@code node}'s own (unknown fields, values decoded whole)
     * with copies sharing what equals {@code knownNode}'s.
     */
    @SuppressWarnings("ReferenceEquality") // a member still node's own is one the walk did not copy
    private static void finishCopy(ObjectNode copy, JsonNode node, JsonNode knownNode) {
        for (Map.Entry<String, JsonNode> member : copy.properties()) {
            JsonNode value = member.getValue();
            if (value == node.get(member.getKey())) {
                member.setValue(copySharing(value, knownNode.get(member.getKey())));
            }
        }
    }

    /**
     * A private copy of {@code tree} that shares the members equal to {@code known}'s (null: none) with it: the known
     * tree itself when all are.
     */
    private static JsonNode copySharing(JsonNode tree, JsonNode known) {
        if (known == null) {
            return tree.deepCopy();
        }
        if (tree.equals(known)) {
            return known;
        }
        if (tree instanceof ObjectNode object && known instanceof ObjectNode knownObject) {
            ObjectNode copy = new ObjectNode(NODES, new LinkedHashMap<>(capacity(object.size())));
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                copy.set(member.getKey(), copySharing(member.getValue(), knownObject.get(member.getKey())));
            }
            return copy;
        }
        if (tree instanceof ArrayNode array && known instanceof ArrayNode knownArray) {
            ArrayNode copy = new ArrayNode(NODES, array.size());
            for (int i = 0; i < array.size(); i++) {
                copy.add(copySharing(array.get(i), i < knownArray.size() ? knownArray.get(i) : null));
            }
            return copy;
        }
        return tree.deepCopy();
    }

    /**
     * The members {@code jsonNames} of {@link #encode}'s tree of {@code record}, encoded alone (a member encode leaves
     * out is absent): the other half of {@link #decodeParts}.
     */
    public static ObjectNode encodeParts(Object record, Collection<String> jsonNames) {
        FormChanges.count(FormChanges.Change.PART_RECORD_TO_TREE);
        return encodeParts(record, jsonNames, false);
    }

    private static ObjectNode encodeParts(Object record, Collection<String> jsonNames, boolean sharesRaw) {
        RecordPlan plan = PLANS.get(record.getClass());
        ObjectNode out = NODES.objectNode();
        for (String name : jsonNames) {
            JsonNode encoded = encodeField(plan.field(name), record, sharesRaw);
            if (encoded != null) {
                out.set(name, encoded);
            }
        }
        return out;
    }

    /**
     * {@link #encodeParts}, given that {@code knownTree} is {@link #encode}'s tree of {@code known}: a value that is
     * {@code known}'s very value (as {@link #decodeChangedParts} keeps the unchanged ones) has the known tree's JSON,
     * which the answer shares (neither may be changed afterwards); records and lists of records that changed in part
     * are encoded from their changed values alone, and the raw JSON values of {@code record} are the answer's too
     * rather than copies (a record is never changed: nor may the answer be). Equal to {@link #encodeParts}, field
     * order included.
     */
    public static ObjectNode encodeChangedParts(
            Object record, Object known, JsonNode knownTree, Collection<String> jsonNames) {
        FormChanges.count(FormChanges.Change.PART_RECORD_TO_TREE);
        RecordPlan plan = PLANS.get(record.getClass());
        if (known.getClass() != record.getClass()) {
            return encodeParts(record, jsonNames, true);
        }
        ObjectNode out = NODES.objectNode();
        for (String name : jsonNames) {
            FieldPlan f = plan.field(name);
            JsonNode encoded = f.primitive == Primitive.NONE
                    ? encodeChangedField(f, f.get(record), f.get(known), knownTree.get(name))
                    : encodeField(f, record, true);
            if (encoded != null) {
                out.set(name, encoded);
            }
        }
        return out;
    }

    /** {@link #encodeRecord}, sharing {@code knownNode}'s members where a value is {@code known}'s own. */
    private static ObjectNode encodeChangedRecord(Object record, Object known, JsonNode knownNode, RecordPlan plan) {
        ObjectNode out = new ObjectNode(NODES, new LinkedHashMap<>(capacity(knownNode.size())));
        writeChangedFields(record, known, knownNode, plan, out);
        return out;
    }

    private static void writeChangedFields(
            Object record, Object known, JsonNode knownNode, RecordPlan plan, ObjectNode out) {
        for (FieldPlan f : plan.fields) {
            if (f.inline) {
                Object v = f.get(record);
                Object k = f.get(known);
                RecordPlan inner = f.value.record();
                // an inline record writes its members into the same object, as writeFields does
                writeChangedFields(
                        v == null ? inner.model.zero() : v, k == null ? inner.model.zero() : k, knownNode, inner, out);
                continue;
            }
            JsonNode encoded = f.primitive == Primitive.NONE
                    ? encodeChangedField(f, f.get(record), f.get(known), knownNode.get(f.name))
                    : encodeField(f, record, true);
            if (encoded != null) {
                out.set(f.name, encoded);
            }
        }
    }

    /**
     * {@link #encodeField(FieldPlan, Object, ValuePlan, boolean)} of {@code v}, where {@code knownNode} is that of {@code known}
     * (null: left out).
     */
    @SuppressWarnings("ReferenceEquality") // the very value the known tree encodes, not an equal one
    private static JsonNode encodeChangedField(FieldPlan f, Object v, Object known, JsonNode knownNode) {
        if (v == known) {
            return knownNode;
        }
        ValuePlan t = f.value;
        if (v == null || known == null || f.omitZero) {
            return encodeField(f, v, t, true);
        }
        if (t.shape == TypeRef.Shape.RECORD
                && v.getClass() == t.raw
                && known.getClass() == t.raw
                && knownNode instanceof ObjectNode knownObject) {
            // a record is never empty: encodeField writes it as encodeValue does
            return encodeChangedRecord(v, known, knownObject, t.record());
        }
        if (t.shape == TypeRef.Shape.LIST
                && t.element.shape == TypeRef.Shape.RECORD
                && v instanceof List<?> list
                && known instanceof List<?> knownList
                && knownNode instanceof ArrayNode knownArray
                && !list.isEmpty()
                && list.size() == knownList.size()
                && knownArray.size() == list.size()) {
            // not empty, so not left out: encodeValue's list, item by item
            ArrayNode arr = new ArrayNode(NODES, list.size());
            for (int i = 0; i < list.size(); i++) {
                Object item = list.get(i);
                Object knownItem = knownList.get(i);
                JsonNode knownItemNode = knownArray.get(i);
                if (item == knownItem) {
                    arr.add(knownItemNode);
                } else if (item != null
                        && knownItem != null
                        && item.getClass() == t.element.raw
                        && knownItem.getClass() == t.element.raw
                        && knownItemNode instanceof ObjectNode knownItemObject) {
                    arr.add(encodeChangedRecord(item, knownItem, knownItemObject, t.element.record()));
                } else {
                    arr.add(encodeValue(item, t.element, true));
                }
            }
            return arr;
        }
        return encodeField(f, v, t, true);
    }

    /** Decode then encode: the canonical form of an object; unknown fields are dropped. */
    public static <T> ObjectNode canonical(JsonNode tree, Class<T> type) {
        return encode(decode(tree, type).value());
    }

    // ------------------------------------------------------------------------------------------ plans

    /** A record class as the codec walks it, computed once per class. */
    private static final class RecordPlan {
        final RecordModel model;
        final Class<?> type;
        /** The Go struct name errors print: the simple class name. */
        final String goStruct;

        final FieldPlan[] fields;
        /** The JSON names the record reads, its inline records' included. */
        final Set<String> names;
        /** Whether no two fields (inline ones included) read the same name: then a count tells all were read. */
        final boolean distinctNames;
        /**
         * Each field's position by its JSON name, for a record without inline fields whose names are distinct (its
         * members are then its fields, one each); else null.
         */
        final Map<String, Integer> index;
        /**
         * The canonical constructor by reflection, or null to use {@link RecordModel#construct}: on Java 17 a call is
         * a generated accessor's {@code new}, where the model's spreading method handle allocates through
         * {@code Unsafe.allocateInstance} (a fifth of decoding's samples).
         */
        private final Constructor<?> constructor;

        /** The last encoding's number of fields, to size the next one's map (a hint; races are harmless). */
        int lastSize;

        RecordPlan(RecordModel model) {
            this.model = model;
            this.type = model.type();
            this.goStruct = type.getSimpleName();
            List<FieldModel> list = model.fields();
            this.fields = new FieldPlan[list.size()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = new FieldPlan(list.get(i));
            }
            Set<String> all = new HashSet<>();
            this.distinctNames = collectNames(model, all);
            this.names = Set.copyOf(all);
            this.index = memberIndex(fields, distinctNames);
            this.constructor = canonicalConstructor(type, list);
        }

        private static Constructor<?> canonicalConstructor(Class<?> type, List<FieldModel> fields) {
            try {
                Class<?>[] params = new Class<?>[fields.size()];
                RecordComponent[] components = type.getRecordComponents();
                for (int i = 0; i < params.length; i++) {
                    params[i] = components[i].getType();
                }
                Constructor<?> c = type.getDeclaredConstructor(params);
                c.setAccessible(true);
                return c;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        private static Map<String, Integer> memberIndex(FieldPlan[] fields, boolean distinctNames) {
            if (!distinctNames) {
                return null;
            }
            Map<String, Integer> index = new HashMap<>(capacity(fields.length));
            for (int i = 0; i < fields.length; i++) {
                if (fields[i].inline) {
                    return null;
                }
                index.put(fields[i].name, i);
            }
            return Map.copyOf(index);
        }

        /** Builds a record from values in component order, failing as {@link RecordModel#construct} does. */
        Object construct(Object[] values) {
            if (constructor == null) {
                return model.construct(values);
            }
            try {
                return constructor.newInstance(values);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException("constructing " + type.getName(), cause);
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                return model.construct(values); // not a call the model's handle would refuse: let it answer
            }
        }

        /** The (not inline) field read as {@code jsonName}. */
        FieldPlan field(String jsonName) {
            for (FieldPlan f : fields) {
                if (!f.inline && f.name.equals(jsonName)) {
                    return f;
                }
            }
            throw new IllegalArgumentException(type.getName() + " has no field " + jsonName);
        }

        /** Adds the names {@code model} reads; false when one repeats. */
        private static boolean collectNames(RecordModel model, Set<String> into) {
            boolean distinct = true;
            for (FieldModel f : model.fields()) {
                if (f.inline()) {
                    distinct &= collectNames(RecordModel.of(f.type().raw()), into);
                } else {
                    distinct &= into.add(f.jsonName());
                }
            }
            return distinct;
        }
    }

    /** What a primitive (unboxed) component is: read without boxing. */
    private enum Primitive {
        NONE,
        INT,
        LONG,
        BOOLEAN,
        DOUBLE
    }

    /** One component: its tags, its accessor (a generated class, no reflection) and its value's plan. */
    private static final class FieldPlan {
        final String name;
        final boolean omitEmpty;
        final boolean omitZero;
        final boolean pointer;
        final boolean inline;
        /** Whether a primitive's zero (0, false) is left out: omitzero, or omitempty on a non-pointer. */
        final boolean omitsZero;

        final ValuePlan value;
        /** The value of an absent field (Go's zero for primitives, else null). */
        final Object absent;

        final Primitive primitive;
        final Function<Object, Object> getter;
        final ToIntFunction<Object> intGetter;
        final ToLongFunction<Object> longGetter;
        final Predicate<Object> booleanGetter;
        final ToDoubleFunction<Object> doubleGetter;

        FieldPlan(FieldModel f) {
            this.name = f.jsonName().intern();
            this.omitEmpty = f.omitEmpty();
            this.omitZero = f.omitZero();
            this.pointer = f.pointer();
            this.inline = f.inline();
            this.omitsZero = omitZero || (omitEmpty && !pointer);
            this.value = new ValuePlan(f.type());
            this.absent = RecordModel.zeroOf(f.type().raw());
            Class<?> raw = f.type().raw();
            MethodHandle accessor = f.accessor();
            this.primitive = raw == int.class
                    ? Primitive.INT
                    : raw == long.class
                            ? Primitive.LONG
                            : raw == boolean.class
                                    ? Primitive.BOOLEAN
                                    : raw == double.class ? Primitive.DOUBLE : Primitive.NONE;
            this.getter = Accessors.function(accessor);
            this.intGetter = primitive == Primitive.INT ? Accessors.toInt(accessor) : null;
            this.longGetter = primitive == Primitive.LONG ? Accessors.toLong(accessor) : null;
            this.booleanGetter = primitive == Primitive.BOOLEAN ? Accessors.predicate(accessor) : null;
            this.doubleGetter = primitive == Primitive.DOUBLE ? Accessors.toDouble(accessor) : null;
        }

        // Reading a component fails as FieldModel#get does (never, for a record's own accessors).

        Object get(Object record) {
            try {
                return getter.apply(record);
            } catch (RuntimeException | Error e) {
                throw failed(e);
            }
        }

        int getInt(Object record) {
            try {
                return intGetter.applyAsInt(record);
            } catch (RuntimeException | Error e) {
                throw failed(e);
            }
        }

        long getLong(Object record) {
            try {
                return longGetter.applyAsLong(record);
            } catch (RuntimeException | Error e) {
                throw failed(e);
            }
        }

        boolean getBoolean(Object record) {
            try {
                return booleanGetter.test(record);
            } catch (RuntimeException | Error e) {
                throw failed(e);
            }
        }

        double getDouble(Object record) {
            try {
                return doubleGetter.applyAsDouble(record);
            } catch (RuntimeException | Error e) {
                throw failed(e);
            }
        }

        private IllegalStateException failed(Throwable t) {
            return new IllegalStateException("reading " + name, t);
        }
    }

    private static final Object UNKNOWN = new Object();
    private static final Object NONE = new Object();

    /** A type as the codec walks it: its shape, element plan and, for records, the record's plan. */
    private static final class ValuePlan {
        final TypeRef type;
        final TypeRef.Shape shape;
        final Class<?> raw;
        final ValuePlan element;
        /** The record's plan, resolved on first use (records may contain themselves); races are harmless. */
        private RecordPlan record;
        /** The value type's {@code zero()}, looked up once: {@link #UNKNOWN} before, {@link #NONE} when it has none. */
        private Object zero = UNKNOWN;

        ValuePlan(TypeRef type) {
            this.type = type;
            this.shape = type.shape();
            this.raw = type.raw();
            this.element = type.element() == null ? null : new ValuePlan(type.element());
        }

        RecordPlan record() {
            RecordPlan r = record;
            if (r == null) {
                record = r = PLANS.get(raw);
            }
            return r;
        }

        Object zero() {
            Object z = zero;
            if (z == UNKNOWN) {
                z = zeroObject(raw);
                zero = z = z == null ? NONE : z;
            }
            return z == NONE ? null : z;
        }
    }

    /**
     * Where the decoder is, as a stack of segments: a field name, a map key or a list index. The path is rendered
     * only for an error or an unknown field, as the string concatenations before would have built it.
     */
    private static final class DecodeContext {
        private static final int FIELD = -1;
        private static final int KEY = -2;

        private String[] names = new String[16];
        private int[] indexes = new int[16];
        private int depth;
        List<String> unknown;
        /**
         * Whether the tree being decoded is a private copy no one changes (the copy {@link #decodeChangedCopying}
         * keeps beside the record): its raw JSON values are then the record's own, not copied once more.
         */
        boolean privateTree;
        /** Whether the changed-parts walk goes by each record's fields ({@link #changedFields}), not by its members. */
        boolean byFields;

        void push(String name, int index) {
            if (depth == names.length) {
                names = Arrays.copyOf(names, depth * 2);
                indexes = Arrays.copyOf(indexes, depth * 2);
            }
            names[depth] = name;
            indexes[depth] = index;
            depth++;
        }

        void pushField(String name) {
            push(name, FIELD);
        }

        void pushKey(String key) {
            push(key, KEY);
        }

        void pushIndex(int index) {
            push(null, index);
        }

        void pop() {
            names[--depth] = null;
        }

        String path() {
            String path = "";
            for (int i = 0; i < depth; i++) {
                int index = indexes[i];
                if (index == FIELD) {
                    path = path.isEmpty() ? names[i] : path + "." + names[i];
                } else if (index == KEY) {
                    path = path + "." + names[i];
                } else {
                    path = path + "[" + index + "]";
                }
            }
            return path;
        }

        void addUnknown(String name) {
            String path = path();
            if (unknown == null) {
                unknown = new ArrayList<>();
            }
            unknown.add(path.isEmpty() ? name : path + "." + name);
        }
    }

    // ------------------------------------------------------------------------------------------ decode

    private static Object decodeRecord(JsonNode node, RecordPlan plan, String goStruct, DecodeContext context) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw typeError(node, goStruct, context.path(), plan.goStruct, plan.type);
        }
        Object[] values = new Object[plan.fields.length];
        int read = fill(node, plan, values, context);
        if (!plan.distinctNames || read != node.size()) {
            Iterator<String> names = node.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!plan.names.contains(name)) {
                    context.addUnknown(name);
                }
            }
        }
        return plan.construct(values);
    }

    /**
     * Decodes the fields of {@code plan} from {@code node} into {@code values}; inline records read from the same
     * object. Returns how many of the object's fields were read.
     */
    private static int fill(JsonNode node, RecordPlan plan, Object[] values, DecodeContext context) {
        int read = 0;
        FieldPlan[] fields = plan.fields;
        for (int i = 0; i < fields.length; i++) {
            FieldPlan f = fields[i];
            if (f.inline) {
                RecordPlan inner = f.value.record();
                Object[] innerValues = new Object[inner.fields.length];
                read += fill(node, inner, innerValues, context);
                values[i] = inner.construct(innerValues);
                continue;
            }
            JsonNode child = node.get(f.name);
            if (child == null) {
                values[i] = f.absent;
            } else {
                read++;
                context.pushField(f.name);
                values[i] = decodeValue(child, f.value, plan.goStruct, context);
                context.pop();
            }
        }
        return read;
    }

    private static Object decodeValue(JsonNode n, ValuePlan p, String goStruct, DecodeContext context) {
        if (n.isNull()) {
            return RecordModel.zeroOf(p.raw);
        }
        switch (p.shape) {
            case STRING:
                if (!n.isTextual()) {
                    throw typeError(n, goStruct, context.path(), "string", null);
                }
                return n.textValue();
            case BOOL:
                if (!n.isBoolean()) {
                    throw typeError(n, goStruct, context.path(), "bool", null);
                }
                return n.booleanValue();
            case INT32:
                if (n.isInt()) {
                    return n.intValue();
                }
                return (int) integral(n, goStruct, context.path(), "int32", Integer.MIN_VALUE, Integer.MAX_VALUE);
            case INT64:
                if (n.isInt() || n.isLong()) {
                    return n.longValue();
                }
                return integral(n, goStruct, context.path(), "int64", Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT64:
                if (!n.isNumber()) {
                    throw typeError(n, goStruct, context.path(), "float64", null);
                }
                return n.doubleValue();
            case RAW:
                return context.privateTree ? n : n.deepCopy();
            case RECORD:
                return decodeRecord(n, p.record(), goStruct, context);
            case LIST: {
                if (!n.isArray()) {
                    throw typeError(n, goStruct, context.path(), p.type.goName(), null);
                }
                int size = n.size();
                List<Object> out = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    context.pushIndex(i);
                    out.add(decodeElement(n.get(i), p.element, goStruct, context));
                    context.pop();
                }
                return Collections.unmodifiableList(out);
            }
            case MAP: {
                if (!n.isObject()) {
                    throw typeError(n, goStruct, context.path(), p.type.goName(), null);
                }
                Map<String, Object> out = new LinkedHashMap<>(capacity(n.size()));
                for (Map.Entry<String, JsonNode> e : n.properties()) {
                    context.pushKey(e.getKey());
                    out.put(e.getKey(), decodeElement(e.getValue(), p.element, goStruct, context));
                    context.pop();
                }
                return Collections.unmodifiableMap(out);
            }
            case BYTES:
            case VALUE:
            default:
                return decodeValueType(n, p, goStruct, context);
        }
    }

    /**
     * A value type (Quantity, Time, ...). A string goes straight to what Jackson's binding would call (the
     * delegating creator, Quantity's deserializer), failing the same way; anything else goes through Jackson.
     */
    private static Object decodeValueType(JsonNode n, ValuePlan p, String goStruct, DecodeContext context) {
        if (n.isTextual()) {
            Class<?> c = p.raw;
            if (c == Quantity.class) {
                try {
                    return Quantity.fromJsonText(n.textValue());
                } catch (IllegalArgumentException e) {
                    throw valueError(e, n, goStruct, context, p);
                }
            }
            if (c == Time.class
                    || c == MicroTime.class
                    || c == Duration.class
                    || c == IntOrString.class
                    || c == Base64Bytes.class) {
                try {
                    return fromJson(c, n);
                } catch (RuntimeException e) {
                    // Jackson wraps whatever the creator throws: the cause is looked for the same way
                    throw valueError(e, n, goStruct, context, p);
                }
            }
        }
        try {
            return Json.MAPPER.treeToValue(n, p.raw);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw valueError(e, n, goStruct, context, p);
        }
    }

    private static Object fromJson(Class<?> c, JsonNode n) {
        if (c == Time.class) {
            return Time.fromJson(n);
        }
        if (c == MicroTime.class) {
            return MicroTime.fromJson(n);
        }
        if (c == Duration.class) {
            return Duration.fromJson(n);
        }
        if (c == IntOrString.class) {
            return IntOrString.fromJson(n);
        }
        return Base64Bytes.fromJson(n);
    }

    /** The value types fail with Go's own text (their UnmarshalJSON errors), which Go reports as is. */
    private static DecodeException valueError(
            Throwable e, JsonNode n, String goStruct, DecodeContext context, ValuePlan p) {
        Throwable cause = e;
        while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)) {
            cause = cause.getCause();
        }
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            return new DecodeException(cause.getMessage());
        }
        return typeError(n, goStruct, context.path(), p.type.goName(), null);
    }

    /**
     * A slice or map element. Go decodes each into a fresh zero value, on which a JSON null has no effect:
     * {@code ["a",null]} is {@code ["a",""]} and {@code {"k":null}} in a {@code map[string]Struct} is the zero
     * struct. (Elements are values here: the model has no slices of pointers.)
     */
    private static Object decodeElement(JsonNode n, ValuePlan p, String goStruct, DecodeContext context) {
        if (!n.isNull()) {
            return decodeValue(n, p, goStruct, context);
        }
        return switch (p.shape) {
            case STRING -> "";
            case BOOL -> false;
            case INT32 -> 0;
            case INT64 -> 0L;
            case FLOAT64 -> 0.0;
            case RECORD -> p.record().model.zero();
            case BYTES, VALUE -> p.zero();
            default -> null; // nil slices and maps, raw JSON without bytes
        };
    }

    private static long integral(JsonNode n, String goStruct, String path, String goType, long min, long max) {
        if (!n.isNumber()) {
            throw typeError(n, goStruct, path, goType, null);
        }
        if (!n.isIntegralNumber()
                || n.bigIntegerValue().compareTo(BigInteger.valueOf(min)) < 0
                || n.bigIntegerValue().compareTo(BigInteger.valueOf(max)) > 0) {
            throw new DecodeException("json: cannot unmarshal number " + n.asText() + " into Go struct field "
                    + goStruct + "." + path.replaceAll("\\[\\d+]", "") + " of type " + goType);
        }
        return n.longValue();
    }

    private static DecodeException typeError(
            JsonNode n, String goStruct, String indexedPath, String goType, Class<?> c) {
        String path = indexedPath.replaceAll("\\[\\d+]", "");
        String kind = n.isTextual()
                ? "string"
                : n.isNumber() ? "number" : n.isBoolean() ? "bool" : n.isArray() ? "array" : "object";
        String type = c == null ? goType : GoPackages.shortName(c) + "." + c.getSimpleName();
        if (path.isEmpty()) {
            return new DecodeException("json: cannot unmarshal " + kind + " into Go value of type " + type);
        }
        return new DecodeException("json: cannot unmarshal " + kind + " into Go struct field " + goStruct + "." + path
                + " of type " + type);
    }

    /** A hash map's capacity for {@code size} entries without a resize. */
    private static int capacity(int size) {
        return size < 3 ? size + 1 : (int) (size / 0.75f) + 1;
    }

    // ------------------------------------------------------------------------------------------ encode

    private static ObjectNode encodeRecord(Object record, RecordPlan plan, boolean sharesRaw) {
        int expected = plan.lastSize;
        ObjectNode out =
                expected == 0 ? NODES.objectNode() : new ObjectNode(NODES, new LinkedHashMap<>(capacity(expected)));
        writeFields(record, plan, out, sharesRaw);
        plan.lastSize = out.size();
        return out;
    }

    private static void writeFields(Object record, RecordPlan plan, ObjectNode out, boolean sharesRaw) {
        for (FieldPlan f : plan.fields) {
            if (f.inline) {
                Object v = f.get(record);
                RecordPlan inner = f.value.record();
                writeFields(v == null ? inner.model.zero() : v, inner, out, sharesRaw);
                continue;
            }
            JsonNode encoded = encodeField(f, record, sharesRaw);
            if (encoded != null) {
                out.set(f.name, encoded);
            }
        }
    }

    /** A component's JSON, or null to leave it out; primitives are read without boxing. */
    private static JsonNode encodeField(FieldPlan f, Object record, boolean sharesRaw) {
        return switch (f.primitive) {
            case INT -> {
                int v = f.getInt(record);
                yield v == 0 && f.omitsZero ? null : NODES.numberNode(v);
            }
            case LONG -> {
                long v = f.getLong(record);
                yield v == 0 && f.omitsZero ? null : NODES.numberNode(v);
            }
            case BOOLEAN -> {
                boolean v = f.getBoolean(record);
                yield !v && f.omitsZero ? null : NODES.booleanNode(v);
            }
            case DOUBLE -> {
                double v = f.getDouble(record);
                yield v == 0 && f.omitsZero ? null : goFloat(v);
            }
            case NONE -> encodeField(f, f.get(record), f.value, sharesRaw);
        };
    }

    /** The field's JSON, or null to leave it out. */
    private static JsonNode encodeField(FieldPlan f, Object v, ValuePlan t, boolean sharesRaw) {
        if (f.omitZero) {
            if (v == null) {
                return null;
            }
            if (t.shape == TypeRef.Shape.RECORD && !(v instanceof List<?>) && !(v instanceof Map<?, ?>)) {
                // Go's omitzero on a struct: left out when it encodes as the zero struct does; else that encoding
                RecordPlan plan = t.record();
                ObjectNode encoded = encodeRecord(v, plan, sharesRaw);
                if (encoded.equals(encodeRecord(plan.model.zero(), plan, false))) {
                    return null;
                }
                return v.getClass() == t.raw ? encoded : encodeValue(v, t, sharesRaw);
            }
            if (isZero(v, t)) {
                return null;
            }
        }
        if (v == null) {
            if (f.pointer) {
                return f.omitEmpty ? null : NODES.nullNode();
            }
            return switch (t.shape) {
                case STRING -> f.omitEmpty ? null : NODES.textNode("");
                case LIST, MAP, BYTES -> f.omitEmpty ? null : NODES.nullNode(); // nil slices and maps
                case RECORD -> encodeRecord(t.record().model.zero(), t.record(), false);
                case VALUE -> zeroValue(t);
                default -> NODES.nullNode();
            };
        }
        if (f.omitEmpty && !f.pointer && isEmpty(v)) {
            return null;
        }
        return encodeValue(v, t, sharesRaw);
    }

    /** Go's omitzero test for a non-null value that is not a struct. */
    private static boolean isZero(Object v, ValuePlan t) {
        if (v instanceof List<?> || v instanceof Map<?, ?>) {
            return false; // an empty but non-nil slice or map is not zero
        }
        if (t.shape == TypeRef.Shape.VALUE || t.shape == TypeRef.Shape.BYTES) {
            // Compare values, not JSON: the zero Time's JSON is null, which no JSON comparison can tell apart.
            Object zero = t.zero();
            return zero != null && zero.equals(v);
        }
        return isEmpty(v);
    }

    /** Go's isEmptyValue: false, 0, "", and empty slices and maps (structs are never empty). */
    private static boolean isEmpty(Object v) {
        if (v instanceof String s) {
            return s.isEmpty();
        }
        if (v instanceof Boolean b) {
            return !b;
        }
        if (v instanceof Number n) {
            return n.doubleValue() == 0;
        }
        if (v instanceof List<?> l) {
            return l.isEmpty();
        }
        if (v instanceof Map<?, ?> m) {
            return m.isEmpty();
        }
        if (v instanceof Base64Bytes b) {
            return b.length() == 0;
        }
        return false;
    }

    /**
     * @param sharesRaw whether the JSON may hold the record's raw values themselves (a tree no one changes, as {@link
     *     #encodeChangedParts} answers), else copies of them
     */
    private static JsonNode encodeValue(Object v, ValuePlan t, boolean sharesRaw) {
        if (v == null) {
            return NODES.nullNode();
        }
        switch (t.shape) {
            case STRING:
                return NODES.textNode((String) v);
            case BOOL:
                return NODES.booleanNode((Boolean) v);
            case INT32:
                return NODES.numberNode((Integer) v);
            case INT64:
                return NODES.numberNode((Long) v);
            case FLOAT64:
                return goFloat((Double) v);
            case RAW:
                return sharesRaw ? (JsonNode) v : ((JsonNode) v).deepCopy();
            case RECORD:
                return encodeRecord(v, v.getClass() == t.raw ? t.record() : PLANS.get(v.getClass()), sharesRaw);
            case LIST: {
                List<?> list = (List<?>) v;
                ArrayNode arr = new ArrayNode(NODES, list.size());
                for (Object item : list) {
                    arr.add(encodeValue(item, t.element, sharesRaw));
                }
                return arr;
            }
            case MAP:
                return encodeMap((Map<?, ?>) v, t.element, sharesRaw);
            case BYTES:
            case VALUE:
            default:
                return valueNode(v);
        }
    }

    /** A map as Go writes it: keys sorted. */
    private static ObjectNode encodeMap(Map<?, ?> map, ValuePlan element, boolean sharesRaw) {
        int size = map.size();
        ObjectNode obj = new ObjectNode(NODES, new LinkedHashMap<>(capacity(size)));
        if (size == 1) {
            Map.Entry<?, ?> e = map.entrySet().iterator().next();
            Object k = e.getKey();
            if (k instanceof String key) {
                obj.set(key, encodeValue(e.getValue(), element, sharesRaw));
                return obj;
            }
        }
        new TreeMap<>(map).forEach((k, item) -> obj.set(k.toString(), encodeValue(item, element, sharesRaw)));
        return obj;
    }

    /**
     * A value type's JSON as Jackson writes it (their {@code @JsonValue}: a string, null, or IntOrString's int),
     * without Jackson's token buffer for the known ones.
     */
    private static JsonNode valueNode(Object v) {
        if (v instanceof Time t) {
            return text(t.toJson());
        }
        if (v instanceof Quantity q) {
            return text(q.toString());
        }
        if (v instanceof Duration d) {
            return text(d.toString());
        }
        if (v instanceof MicroTime t) {
            return text(t.toJson());
        }
        if (v instanceof Base64Bytes b) {
            return text(b.toJson());
        }
        if (v instanceof IntOrString i) {
            Object json = i.toJson();
            if (json instanceof Integer n) {
                return NODES.numberNode(n.intValue());
            }
            if (json instanceof String s) {
                return NODES.textNode(s);
            }
        }
        return Json.MAPPER.valueToTree(v);
    }

    private static JsonNode text(String s) {
        return s == null ? NODES.nullNode() : NODES.textNode(s);
    }

    /** float64 as Go's encoder writes it: integral values without a fraction, no Java-style exponent. */
    private static JsonNode goFloat(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e18) {
            return NODES.numberNode((long) d);
        }
        return NODES.numberNode(new java.math.BigDecimal(Double.toString(d)).stripTrailingZeros());
    }

    /** The JSON of a value type's zero value ({@code static zero()} when it has one), else null. */
    private static JsonNode zeroValue(ValuePlan t) {
        Object zero = t.zero();
        return zero == null ? NODES.nullNode() : valueNode(zero);
    }

    /** A value type's zero value ({@code static zero()}), or null when it has none. */
    private static Object zeroObject(Class<?> c) {
        try {
            return c.getMethod("zero").invoke(null);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
