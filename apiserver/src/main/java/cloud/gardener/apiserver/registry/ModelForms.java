package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/**
 * The typed records one write has already decoded, each with the tree it was decoded from or encodes to, so that a
 * later step given a tree of the same content takes the record (and the canonical tree) instead of decoding and
 * encoding once more: the request's decoding, the strategy's canonical form, validation and the encode for storage
 * each need the object as a record or in its canonical JSON, and the object rarely changes between them.
 *
 * <p>Content is compared exactly, but for the type of integral numbers (a parsed {@code 3} and an encoded int64
 * {@code 3} decode alike), so a known record stands only for a tree that decodes to it. One instance per write, used
 * by one step at a time ({@link #copy} hands the store its own).
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

    /** A known tree with the content of the one sought, and how closely it matches. */
    private record Found(Known known, int match) {}

    private final Deque<Known> known = new ArrayDeque<>(KEPT);

    /** Remembers that {@code canonical} is the encoding of {@code record}. */
    public void remember(ObjectNode canonical, Object record) {
        keep(new Known(canonical.deepCopy(), record, true));
    }

    /** A memory of its own holding what this one knows: for a write that may run beside others. */
    public ModelForms copy() {
        ModelForms copy = new ModelForms();
        synchronized (this) {
            copy.known.addAll(known);
        }
        return copy;
    }

    /**
     * Brings {@code obj} into {@code model}'s canonical JSON in place ({@link ModelCodec#canonical}) and answers its
     * record: decoded and encoded only when no known tree has its content.
     */
    public <T> T canonicalize(ObjectNode obj, Class<T> model) {
        Found found = find(obj, model);
        Known k = found == null ? null : found.known();
        if (k != null && k.canonical() && found.match() == IDENTICAL) {
            // already the canonical tree, field order and number types included: nothing to copy in
            return model.cast(k.record());
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

    /** The record {@code obj} decodes to: decoded only when no known tree has its content. */
    public <T> T record(ObjectNode obj, Class<T> model) {
        Found found = find(obj, model);
        if (found != null) {
            return model.cast(found.known().record());
        }
        T record = ModelCodec.decode(obj, model).value();
        keep(new Known(obj.deepCopy(), record, false));
        return record;
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
