package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;

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

    /** Integral numbers compare by value; anything else as Jackson compares it. */
    private static final Comparator<JsonNode> SAME_DECODING = (a, b) -> {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            return a.bigIntegerValue().equals(b.bigIntegerValue()) ? 0 : 1;
        }
        return a.getClass() == b.getClass() && a.equals(b) ? 0 : 1;
    };

    /**
     * A record and a private copy of a tree it stands for.
     *
     * @param canonical whether the tree is the record's encoding (else only a tree that decodes to it)
     */
    private record Known(ObjectNode tree, Object record, boolean canonical) {}

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
        Known k = find(obj, model);
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
        Known k = find(obj, model);
        if (k != null) {
            return model.cast(k.record());
        }
        T record = ModelCodec.decode(obj, model).value();
        keep(new Known(obj.deepCopy(), record, false));
        return record;
    }

    private synchronized Known find(ObjectNode obj, Class<?> model) {
        for (Known k : known) {
            if (k.record().getClass() == model && k.tree().equals(SAME_DECODING, obj)) {
                return k;
            }
        }
        return null;
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
