package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.FieldModel;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The typed records one write has already decoded, each with the tree it was decoded from or encodes to, so that a
 * later step given a tree of the same content takes the record (and the canonical tree) instead of decoding and
 * encoding once more: the request's decoding, the strategy's canonical form, validation and the encode for storage
 * each need the object as a record or in its canonical JSON, and the object rarely changes between them.
 *
 * <p>Content is compared exactly, but for the type of integral numbers (a parsed {@code 3} and an encoded int64
 * {@code 3} decode alike), so a known record stands only for a tree that decodes to it. One instance per write, used
 * by one step at a time ({@link #copy} hands the store its own).
 *
 * <p>A tree that differs from a known canonical one only in the members the write's own steps change afterwards
 * (metadata, status) has those members alone decoded into the known record and encoded back ({@link
 * ModelCodec#decodeParts}): the rest of the object is neither converted nor copied again. After the request's own edits
 * of the decoded tree (the kind's defaulting, its input conversion: {@link #canonicalizeEdited}) any top-level member
 * may have changed, and those that did are converted alone in the same way.
 */
public final class ModelForms {

    /** Enough for the request's object, its defaulted and prepared forms, and the stored object of an update. */
    private static final int KEPT = 4;

    /** How a tree compares with a known one, from the closest: the same tree, field order and node types included. */
    private static final int IDENTICAL = 0;
    /** The same content in another form (field order, type of an integral number): it decodes alike. */
    private static final int SAME_DECODING = 1;

    private static final int DIFFERENT = 2;

    /**
     * A record and a private copy of a tree it stands for.
     *
     * @param canonical whether the tree is the record's encoding (else only a tree that decodes to it)
     */
    private record Known(ObjectNode tree, Object record, boolean canonical) {}

    /**
     * The parts of an object a tree changed, and its other members that are exactly the known ones.
     *
     * @param parts the changed members among {@link #PARTS}
     * @param identical the other members, where identical to the known tree's
     */
    private record Diff(List<String> parts, Set<String> identical) {}

    /**
     * The top-level members a write's own steps change after the object's last whole conversion (the store's and the
     * strategies' metadata, a status reset or carried over), converted alone when nothing else changed.
     */
    private static final List<String> PARTS = List.of("metadata", "status");

    private static final Map<Class<?>, List<String>> ORDER = new ConcurrentHashMap<>();

    /** A known tree with the content of the one sought, and how closely it matches. */
    private record Found(Known known, int match) {}

    private final Deque<Known> known = new ArrayDeque<>(KEPT);

    /**
     * A tree that was the canonical encoding of the form known last ({@link #decodedAs}), with the places written
     * since; {@link #confirmed} once the step that made the writes named them ({@link #writtenAt}), else pending.
     */
    private record Written(ObjectNode tree, Known known, ModelCodec.WrittenPaths places, boolean confirmed) {}

    /** The request's object as its decoding left it, and where it was written since; null when not known. */
    private Written written;

    /** Remembers that {@code canonical} is the encoding of {@code record}. */
    public void remember(ObjectNode canonical, Object record) {
        keep(new Known(canonical.deepCopy(), record, true));
    }

    /** A memory of its own holding what this one knows: for a write that may run beside others. */
    public ModelForms copy() {
        ModelForms copy = new ModelForms();
        synchronized (this) {
            copy.known.addAll(known);
            copy.written = written;
        }
        return copy;
    }

    /**
     * Brings {@code obj} into {@code model}'s canonical JSON in place ({@link ModelCodec#canonical}) and answers its
     * record: decoded and encoded only when no known tree has its content.
     */
    public <T> T canonicalize(ObjectNode obj, Class<T> model) {
        return canonicalize(obj, model, false, null);
    }

    /**
     * {@link #canonicalize} after edits that may change any top-level member of a known canonical tree (a kind's
     * defaulting, its input conversion): the members that changed are converted alone when the rest is the known
     * tree's, so that a defaulted spec does not take the metadata and status through another whole conversion.
     */
    public <T> T canonicalizeEdited(ObjectNode obj, Class<T> model) {
        return canonicalize(obj, model, true, null);
    }

    /**
     * {@link #canonicalizeEdited}, the members that changed decoded against the form {@code edits} knows last of
     * {@code model} (the mutating plugins' memory: the record of the tree the last of them read) rather than against a
     * known canonical tree: what the plugins wrote before that read, and it decoded, is not decoded again. The other
     * members, and the canonical JSON, come from the known canonical tree as before; the result is the same.
     */
    public <T> T canonicalizeEdited(ObjectNode obj, Class<T> model, ModelForms edits) {
        return canonicalize(obj, model, true, edits.latest(model));
    }

    /** @param basis null, or a known form (of another memory) the changed members are decoded against */
    private <T> T canonicalize(ObjectNode obj, Class<T> model, boolean anyMember, Known basis) {
        Found found = find(obj, model);
        Known k = found == null ? null : found.known();
        if (k != null && k.canonical() && found.match() == IDENTICAL) {
            // already the canonical tree, field order and number types included: nothing to copy in
            return model.cast(k.record());
        }
        if (k == null) {
            T changed = canonicalizeParts(obj, model, anyMember, basis);
            if (changed != null) {
                return changed;
            }
        }
        ObjectNode canonical;
        Object record;
        if (k != null && k.canonical()) {
            canonical = k.tree().deepCopy();
            record = k.record();
        } else {
            record = k != null ? k.record() : ModelCodec.decode(obj, model).value();
            canonical = ModelCodec.encode(record);
            if (k != null) {
                drop(k);
            }
            keep(new Known(canonical.deepCopy(), record, true));
        }
        obj.removeAll();
        obj.setAll(canonical);
        return model.cast(record);
    }

    /**
     * {@link #canonicalize} of a tree that was the canonical encoding of {@code record} (the form known last of {@code
     * model}) and has been written since only at the places {@code written} (a strategy's canonical form): those alone
     * are decoded and encoded again, and the tree's other members stay as they are (they are the canonical ones),
     * without being compared. Equal to {@link #canonicalize}; it is that when {@code record} is not the form known last
     * or the writes left its record as it was.
     */
    @SuppressWarnings("ReferenceEquality") // the form known last is that very record; an unchanged decoding is too
    public <T> T canonicalizeWritten(ObjectNode obj, Class<T> model, Object record, ModelCodec.WrittenPaths written) {
        Known k = latest(model);
        if (k == null || !k.canonical() || k.record() != record || written.all()) {
            return canonicalize(obj, model);
        }
        T decoded;
        try {
            decoded = ModelCodec.decodeWritten(obj, k.tree(), model.cast(record), written);
        } catch (DecodeException e) {
            return canonicalize(obj, model); // the whole object's decoding fails as it does
        }
        if (decoded == record) {
            // the writes changed no value, but perhaps the form (an order of labels): found by content as before
            return canonicalize(obj, model);
        }
        List<String> parts = new ArrayList<>(2);
        for (String name : order(model)) {
            if (written.below(name) != null) {
                parts.add(name);
            }
        }
        ObjectNode encoded = ModelCodec.encodeChangedParts(decoded, record, k.tree(), parts);
        // the memory's tree shares the known tree's unwritten members: neither is ever changed
        ObjectNode memo = JsonNodeFactory.instance.objectNode();
        Map<String, JsonNode> canonical = new LinkedHashMap<>();
        for (String name : order(model)) {
            ModelCodec.WrittenPaths below = written.below(name);
            JsonNode node = below != null ? encoded.get(name) : k.tree().get(name);
            if (node == null) {
                continue;
            }
            memo.set(name, node);
            canonical.put(
                    name, below != null ? copyWritten(node, k.tree().get(name), obj.get(name), below) : obj.get(name));
        }
        obj.removeAll();
        obj.setAll(canonical);
        keep(new Known(memo, decoded, true));
        return decoded;
    }

    /**
     * {@link #copyKeeping} of the member at written places {@code written}: off them, the tree's own value stands (it is
     * the known one exactly), at their ends {@link #copyKeeping} decides, and an object on the way is walked.
     */
    private static JsonNode copyWritten(JsonNode node, JsonNode known, JsonNode own, ModelCodec.WrittenPaths written) {
        if (written.all()
                || !(node instanceof ObjectNode object)
                || !(known instanceof ObjectNode knownObject)
                || !(own instanceof ObjectNode ownObject)) {
            return copyKeeping(node, known, own);
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            String name = member.getKey();
            ModelCodec.WrittenPaths below = written.below(name);
            JsonNode ownValue = ownObject.get(name);
            out.set(
                    name,
                    below == null && ownValue != null
                            ? ownValue
                            : below == null
                                    ? copyKeeping(member.getValue(), knownObject.get(name), null)
                                    : copyWritten(member.getValue(), knownObject.get(name), ownValue, below));
        }
        return out;
    }

    /**
     * The canonical form of {@code obj} when it differs from a known canonical tree only in its {@link #PARTS} (with
     * {@code anyMember}, in any top-level members but the inline fields' ones): those
     * members decoded into the known record and encoded alone, the rest taken as known (the members of {@code obj}
     * that are the known ones, field order and number types included, stay as they are); null when no known tree is
     * such.
     */
    private <T> T canonicalizeParts(ObjectNode obj, Class<T> model, boolean anyMember, Known basis) {
        for (Known k : snapshot()) {
            if (!k.canonical() || k.record().getClass() != model) {
                continue;
            }
            Diff diff = diff(k.tree(), obj, model, anyMember);
            if (diff == null) {
                continue;
            }
            T record;
            try {
                // within a part, what did not change keeps the known value and its JSON (a metadata part's
                // managedFields, a spec's unchanged sections): only the changed records are rebuilt and encoded
                // (against the basis, when it is of the model: its tree decodes to its record as the known one's does)
                record = basis == null || basis.record().getClass() != model
                        ? ModelCodec.decodeChangedParts(obj, k.tree(), model.cast(k.record()), diff.parts())
                        : ModelCodec.decodeChangedParts(
                                obj, basis.tree(), model.cast(basis.record()), model.cast(k.record()), diff.parts());
            } catch (DecodeException e) {
                return null; // the whole object's decoding fails as it does
            }
            ObjectNode parts = ModelCodec.encodeChangedParts(record, k.record(), k.tree(), diff.parts());
            // the memory's tree shares the known tree's unchanged members: neither is ever changed
            ObjectNode memo = JsonNodeFactory.instance.objectNode();
            Map<String, JsonNode> canonical = new LinkedHashMap<>();
            for (String name : order(model)) {
                JsonNode node =
                        diff.parts().contains(name) ? parts.get(name) : k.tree().get(name);
                if (node == null) {
                    continue;
                }
                memo.set(name, node);
                canonical.put(
                        name,
                        diff.parts().contains(name) || !diff.identical().contains(name)
                                ? copyKeeping(node, k.tree().get(name), obj.get(name))
                                : obj.get(name));
            }
            obj.removeAll();
            obj.setAll(canonical);
            keep(new Known(memo, record, true));
            return record;
        }
        return null;
    }

    /**
     * A copy of {@code node} for the tree being made canonical, equal to {@code node.deepCopy()}, but for the sections
     * the tree has already: where the tree's own value {@code own} at a place is exactly {@code node} there
     * ({@link #IDENTICAL}: members, their order and number types), the tree keeps its own instead of a copy. A section
     * a mutating plugin wrote in canonical form (labels, a defaulted spec section) thus costs a walk, not a copy; only
     * the objects and arrays on the way to a difference are new. Where {@code node} is the known tree's value {@code
     * known} itself (an unchanged value the encoding shared, a part's managedFields say), one comparison decides.
     * Nothing the answer holds is shared with {@code node}'s tree but its immutable value nodes, as {@code deepCopy}
     * shares them.
     */
    @SuppressWarnings("ReferenceEquality") // a value the encoding shared with the known tree is that very node
    private static JsonNode copyKeeping(JsonNode node, JsonNode known, JsonNode own) {
        if (node == known && own != null && compare(known, own) == IDENTICAL) {
            return own;
        }
        if (node instanceof ObjectNode object) {
            return copyKeepingObject(object, known, own);
        }
        if (node instanceof ArrayNode array) {
            return copyKeepingArray(array, known, own);
        }
        // a value node: the tree's own when it is the same value (neither can change)
        return own != null && own.getClass() == node.getClass() && own.equals(node) ? own : node;
    }

    /** {@link #copyKeeping} of an object: a new one only from the first member that is not the tree's own on. */
    @SuppressWarnings("ReferenceEquality") // a member kept is the tree's own node, not an equal one
    private static JsonNode copyKeepingObject(ObjectNode object, JsonNode known, JsonNode own) {
        ObjectNode ownObject = own instanceof ObjectNode o && o.size() == object.size() ? o : null;
        Iterator<Map.Entry<String, JsonNode>> owns =
                ownObject == null ? null : ownObject.properties().iterator();
        ObjectNode out = ownObject == null ? JsonNodeFactory.instance.objectNode() : null;
        int index = 0;
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            String name = member.getKey();
            Map.Entry<String, JsonNode> ownMember = owns == null ? null : owns.next();
            boolean inPlace = ownMember != null && ownMember.getKey().equals(name);
            JsonNode ownValue = inPlace ? ownMember.getValue() : own == null ? null : own.get(name);
            JsonNode copy = copyKeeping(member.getValue(), known == null ? null : known.get(name), ownValue);
            if (out == null && (!inPlace || copy != ownValue)) {
                // the members before this one are the tree's own, in its order
                out = JsonNodeFactory.instance.objectNode();
                Iterator<Map.Entry<String, JsonNode>> before =
                        ownObject.properties().iterator();
                for (int i = 0; i < index; i++) {
                    Map.Entry<String, JsonNode> kept = before.next();
                    out.set(kept.getKey(), kept.getValue());
                }
            }
            if (out != null) {
                out.set(name, copy);
            }
            index++;
        }
        return out == null ? ownObject : out;
    }

    /** {@link #copyKeeping} of an array: a new one only from the first item that is not the tree's own on. */
    @SuppressWarnings("ReferenceEquality") // an item kept is the tree's own node, not an equal one
    private static JsonNode copyKeepingArray(ArrayNode array, JsonNode known, JsonNode own) {
        ArrayNode ownArray = own instanceof ArrayNode a && a.size() == array.size() ? a : null;
        ArrayNode out = ownArray == null ? JsonNodeFactory.instance.arrayNode(array.size()) : null;
        for (int i = 0; i < array.size(); i++) {
            JsonNode ownItem = own == null ? null : own.get(i);
            JsonNode copy = copyKeeping(array.get(i), known == null ? null : known.get(i), ownItem);
            if (out == null && copy != ownItem) {
                out = JsonNodeFactory.instance.arrayNode(array.size());
                for (int j = 0; j < i; j++) {
                    out.add(ownArray.get(j));
                }
            }
            if (out != null) {
                out.add(copy);
            }
        }
        return out == null ? ownArray : out;
    }

    /**
     * The parts in which {@code obj} differs from the canonical {@code known}, with the members it has exactly as
     * known; null when it differs in any other member, or in none.
     */
    private static Diff diff(ObjectNode known, ObjectNode obj, Class<?> model, boolean anyMember) {
        Set<String> identical = new HashSet<>();
        List<String> parts = new ArrayList<>(2);
        for (Map.Entry<String, JsonNode> member : obj.properties()) {
            String name = member.getKey();
            JsonNode knownMember = known.get(name);
            boolean part = isPart(model, name, anyMember);
            if (knownMember == null) {
                if (!part) {
                    return null;
                }
                parts.add(name);
                continue;
            }
            int match = compare(knownMember, member.getValue());
            if (match == IDENTICAL) {
                identical.add(name);
            } else if (match == DIFFERENT) {
                if (!part) {
                    return null;
                }
                parts.add(name);
            }
        }
        for (Iterator<String> names = known.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!obj.has(name)) {
                if (!isPart(model, name, anyMember)) {
                    return null;
                }
                parts.add(name);
            }
        }
        return parts.isEmpty() ? null : new Diff(parts, identical);
    }

    private static boolean isPart(Class<?> model, String name, boolean anyMember) {
        if (!anyMember && !PARTS.contains(name)) {
            return false;
        }
        FieldModel field = RecordModel.of(model).field(name);
        return field != null && !field.inline();
    }

    /** The top-level members of {@code model}'s JSON in the order its encoding writes them (inline fields' inside). */
    private static List<String> order(Class<?> model) {
        return ORDER.computeIfAbsent(model, m -> {
            List<String> names = new ArrayList<>();
            addMembers(RecordModel.of(m), names);
            return List.copyOf(names);
        });
    }

    private static void addMembers(RecordModel model, List<String> names) {
        for (FieldModel f : model.fields()) {
            if (f.inline()) {
                addMembers(RecordModel.of(f.type().raw()), names);
            } else {
                names.add(f.jsonName());
            }
        }
    }

    private synchronized List<Known> snapshot() {
        return new ArrayList<>(known);
    }

    /** The record {@code obj} decodes to: decoded only when no known tree has its content. */
    public <T> T record(ObjectNode obj, Class<T> model) {
        Found found = find(obj, model);
        if (found != null) {
            return model.cast(found.known().record());
        }
        Known closest = latest(model);
        if (closest == null) {
            T record = ModelCodec.decode(obj, model).value();
            keep(new Known(obj.deepCopy(), record, false));
            return record;
        }
        // an edited known tree (a mutating plugin's change): only what changed is decoded, and the memory's copy of
        // the tree shares the unchanged members with the known one (known trees are never changed), in one walk
        ModelCodec.Changed<T> changed =
                ModelCodec.decodeChangedCopying(obj, closest.tree(), model.cast(closest.record()));
        keep(new Known(changed.tree(), changed.value(), false));
        return changed.value();
    }

    /**
     * {@link #record} of a tree that is an edit of the one known last (the request's object after a mutating plugin
     * wrote it): decoded against that known tree at once, not first compared with every known tree, none of which has
     * the content of a tree just written. When the edit changed nothing the record decodes to, the decoding answers the
     * known record itself, and nothing new is kept.
     */
    @SuppressWarnings("ReferenceEquality") // the known record itself, when the decoding kept every value
    public <T> T editedRecord(ObjectNode obj, Class<T> model) {
        Known closest = latest(model);
        if (closest == null) {
            return record(obj, model);
        }
        ModelCodec.Changed<T> changed =
                ModelCodec.decodeChangedCopying(obj, closest.tree(), model.cast(closest.record()));
        if (changed.value() != closest.record()) {
            keep(new Known(changed.tree(), changed.value(), false));
        }
        return changed.value();
    }

    /**
     * {@link #editedRecord} of a tree that was decoded into {@code last} and changed since only at the places
     * {@code written} (where the mutating plugins since said they wrote): when the form known last is {@code last}'s,
     * only those places are compared with it and decoded ({@link ModelCodec#decodeWrittenCopying}), the rest of the
     * object taken as known.
     */
    @SuppressWarnings("ReferenceEquality") // the known record itself, when the decoding kept every value
    public <T> T writtenRecord(ObjectNode obj, Class<T> model, T last, ModelCodec.WrittenPaths written) {
        Known closest = latest(model);
        if (closest == null || closest.record() != last) {
            return editedRecord(obj, model);
        }
        ModelCodec.Changed<T> changed =
                ModelCodec.decodeWrittenCopying(obj, closest.tree(), model.cast(closest.record()), written);
        if (changed.value() != closest.record()) {
            keep(new Known(changed.tree(), changed.value(), false));
        }
        return changed.value();
    }

    /**
     * Notes that {@code tree} is now the canonical encoding of {@code record}, the form this memory knows last (the
     * request's decoding has just made it): the step that writes it next may name the places it wrote ({@link
     * #writtenAt}), so that the store decodes those alone. Nothing is noted when {@code record} is not the last known.
     */
    @SuppressWarnings("ReferenceEquality") // the form known last is that very record
    public synchronized void decodedAs(ObjectNode tree, Object record) {
        Known last = known.peekFirst();
        written = last != null && last.record() == record
                ? new Written(tree, last, ModelCodec.WrittenPaths.of(List.of()), false)
                : null;
    }

    /**
     * Says that {@code tree}, since its decoding ({@link #decodedAs}), was written only at the places {@code places}:
     * every change of it since, by anyone, lies there. {@link #writtenSinceLatest} then answers them.
     */
    @SuppressWarnings("ReferenceEquality") // the note is of one tree, not of an equal one
    public synchronized void writtenAt(ObjectNode tree, ModelCodec.WrittenPaths places) {
        Written w = written;
        written = w != null && w.tree() == tree
                ? new Written(tree, w.known(), ModelCodec.WrittenPaths.union(w.places(), places), true)
                : null;
    }

    /**
     * The places at which {@code tree} may differ from the form known last, as {@link #writtenAt} named them; null when
     * not known (another tree, another form known since, or no step named its writes).
     */
    @SuppressWarnings("ReferenceEquality") // the note is of one tree and one known form
    public synchronized ModelCodec.WrittenPaths writtenSinceLatest(ObjectNode tree) {
        Written w = written;
        return w != null && w.confirmed() && w.tree() == tree && known.peekFirst() == w.known() ? w.places() : null;
    }

    /**
     * {@link #editedRecord} of a tree that differs from the form known last of {@code model} only at the places {@code
     * written} ({@link #writtenSinceLatest}'s): while that form is still the one {@link #decodedAs} noted, those places
     * alone are compared with it and decoded ({@link ModelCodec#decodeWrittenCopying}).
     */
    @SuppressWarnings("ReferenceEquality") // the form noted is that very known form
    public <T> T writtenSinceLatestRecord(ObjectNode obj, Class<T> model, ModelCodec.WrittenPaths written) {
        Written w;
        synchronized (this) {
            w = this.written;
        }
        Known closest = latest(model);
        if (w == null || closest == null || w.known() != closest) {
            return editedRecord(obj, model);
        }
        return writtenRecord(obj, model, model.cast(closest.record()), written);
    }

    /**
     * Answers {@link #record} but with {@code current} itself for {@code tree} (that very tree, as {@code current}'s
     * class): for a step that has just made {@code tree} the canonical encoding of {@code current} and hands it on
     * unchanged, so the next reader does not compare the whole tree with the known ones to find the record again.
     */
    public Handed handing(ObjectNode tree, Object current) {
        return new Handed(this, tree, current);
    }

    /** {@link #handing}'s reader. */
    public record Handed(ModelForms forms, ObjectNode tree, Object current) {

        /** {@code current} for the handed tree, else {@link ModelForms#record}. */
        @SuppressWarnings("ReferenceEquality") // the hand-over is of one tree, not of an equal one
        public <T> T record(ObjectNode obj, Class<T> model) {
            if (obj == tree && current != null && current.getClass() == model) {
                return model.cast(current);
            }
            return forms.record(obj, model);
        }
    }

    /** The most recently known tree of {@code model}, or null. */
    private synchronized Known latest(Class<?> model) {
        for (Known k : known) {
            if (k.record().getClass() == model) {
                return k;
            }
        }
        return null;
    }

    private synchronized Found find(ObjectNode obj, Class<?> model) {
        for (Known k : known) {
            if (k.record().getClass() == model) {
                int match = compare(k.tree(), obj);
                if (match != DIFFERENT) {
                    return new Found(k, match);
                }
            }
        }
        return null;
    }

    /**
     * How {@code tree} compares with the known {@code known}: content exactly, but integral numbers by value (a parsed
     * {@code 3} and an encoded int64 {@code 3} decode alike) and object fields in any order; {@link #IDENTICAL} only
     * when the order and the number types match too, so the tree serializes to the known tree's bytes.
     */
    private static int compare(JsonNode known, JsonNode tree) {
        if (known instanceof ObjectNode a) {
            if (!(tree instanceof ObjectNode b) || a.size() != b.size()) {
                return DIFFERENT;
            }
            int match = IDENTICAL;
            Iterator<Map.Entry<String, JsonNode>> others = b.properties().iterator();
            for (Map.Entry<String, JsonNode> field : a.properties()) {
                Map.Entry<String, JsonNode> other = others.next();
                JsonNode value = other.getValue();
                if (!field.getKey().equals(other.getKey())) {
                    match = SAME_DECODING;
                    value = b.get(field.getKey());
                    if (value == null) {
                        return DIFFERENT;
                    }
                }
                match = Math.max(match, compare(field.getValue(), value));
                if (match == DIFFERENT) {
                    return DIFFERENT;
                }
            }
            return match;
        }
        if (known instanceof ArrayNode a) {
            if (!(tree instanceof ArrayNode b) || a.size() != b.size()) {
                return DIFFERENT;
            }
            int match = IDENTICAL;
            for (int i = 0; i < a.size() && match != DIFFERENT; i++) {
                match = Math.max(match, compare(a.get(i), b.get(i)));
            }
            return match;
        }
        if (known.getClass() == tree.getClass() && known.equals(tree)) {
            return IDENTICAL;
        }
        if (known.isIntegralNumber() && tree.isIntegralNumber()) {
            return known.bigIntegerValue().equals(tree.bigIntegerValue()) ? SAME_DECODING : DIFFERENT;
        }
        return DIFFERENT;
    }

    private synchronized void keep(Known k) {
        if (known.size() == KEPT) {
            known.removeLast();
        }
        known.addFirst(k);
    }

    private synchronized void drop(Known k) {
        known.remove(k);
    }
}
