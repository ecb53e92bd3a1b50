package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.ModelCodec.WrittenPaths;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The objects of one admission request as records of the typed model, decoded on demand and shared by the plugins
 * that read them, as Gardener's plugins all read the one decoded object. The new object's record is the object as the
 * current plugin received it: the chain forgets it before the mutating phase, after each mutating plugin that may
 * have changed the tree ({@link Mutation}) and before the validating phase (the store prepares the object between the
 * phases). The stored object never changes. The records also hold the request's {@link RequestMemo}.
 *
 * <p>Not thread-safe: one request's plugins run one after the other.
 */
public final class AdmittedRecords {

    /** Decodes a tree into a record of the typed model (the store's decoder knows the forms a write already has). */
    @FunctionalInterface
    public interface Decoder {
        <T> T decode(ObjectNode tree, Class<T> type);

        /**
         * {@link #decode} of the request's new object, which is an edit of the form the decoder knows last (the
         * request's decoded object, a plugin's write): a decoder that knows forms may decode it against that one at
         * once rather than look for its content among all it knows.
         */
        default <T> T decodeEdited(ObjectNode tree, Class<T> type) {
            return decode(tree, type);
        }

        /**
         * {@link #decodeEdited} of a tree this decoder decoded into {@code last} before, changed since only at the
         * places {@code written}: a decoder that still knows that form may decode those places alone.
         */
        default <T> T decodeWritten(ObjectNode tree, Class<T> type, T last, WrittenPaths written) {
            return decodeEdited(tree, type);
        }

        /**
         * {@link #decodeEdited} of a tree that was the form this decoder knows last of {@code type} and has been
         * changed since only at the places {@code written} (the request's object before admission, as the write's
         * steps before it say): a decoder that knows that form may decode those places alone.
         */
        default <T> T decodeWrittenSinceLatest(ObjectNode tree, Class<T> type, WrittenPaths written) {
            return decodeEdited(tree, type);
        }
    }

    private static final Decoder MODEL_CODEC = AdmittedRecords::decodeWhole;

    private final Decoder decoder;
    private final RequestMemo memo;
    private Decoded object;
    /**
     * The new object's record the chain forgot after a plugin's write at known places, with those places (and those of
     * the writes after it) in {@link #written}: the basis of the next decoding. Null when there is none.
     */
    private Decoded written;

    /** The places the writes since {@link #written} was decoded name, or null. */
    private WrittenPaths writtenPlaces;

    /**
     * While no record of the new object has been read: the places at which its tree may differ from the form the
     * decoder knows last (the write's steps before admission, and the plugins' writes since, name them), or null when
     * that is not known.
     */
    private WrittenPaths unreadWrites;

    private Decoded oldObject;

    /** One tree's record of one type. */
    private record Decoded(ObjectNode tree, Class<?> type, Object record) {

        /** Whether this is the record of {@code tree} itself (the same tree, not an equal one) as a {@code type}. */
        @SuppressWarnings("ReferenceEquality") // the memory is per tree: an equal tree may be changed apart
        boolean of(ObjectNode tree, Class<?> type) {
            return this.tree == tree && this.type == type;
        }
    }

    private AdmittedRecords(Decoder decoder, RequestMemo memo) {
        this.decoder = decoder;
        this.memo = memo;
    }

    /** Records decoded from the trees alone, with a memo of their own. */
    public static AdmittedRecords decoded() {
        return new AdmittedRecords(MODEL_CODEC, new RequestMemo());
    }

    /** Records decoded by {@code decoder} (which may know them already), with a memo of their own. */
    public static AdmittedRecords decodedBy(Decoder decoder) {
        return decodedBy(decoder, new RequestMemo());
    }

    /**
     * Records decoded by {@code decoder}, sharing the request's {@code memo} (the same request's other phase holds it
     * too).
     */
    public static AdmittedRecords decodedBy(Decoder decoder, RequestMemo memo) {
        return new AdmittedRecords(decoder, memo);
    }

    /**
     * {@link #decodedBy(Decoder, RequestMemo)} of a new object whose tree differs from the form {@code decoder} knows
     * last only at the places {@code writtenSinceLatest} (null: not known): its first reading decodes those places (and
     * those of the plugins' writes before it) alone.
     */
    public static AdmittedRecords decodedBy(Decoder decoder, RequestMemo memo, WrittenPaths writtenSinceLatest) {
        AdmittedRecords records = new AdmittedRecords(decoder, memo);
        records.unreadWrites = writtenSinceLatest;
        return records;
    }

    /** The request's lookups, shared by its plugins. */
    RequestMemo memo() {
        return memo;
    }

    private static <T> T decodeWhole(ObjectNode tree, Class<T> type) {
        return ModelCodec.decode(tree, type).value();
    }

    /** The record of the new object {@code tree}, decoded once until the tree may have changed. */
    <T> T object(ObjectNode tree, Class<T> type) {
        if (object == null || !object.of(tree, type)) {
            if (written != null && written.of(tree, type)) {
                object = new Decoded(
                        tree, type, decoder.decodeWritten(tree, type, type.cast(written.record()), writtenPlaces));
            } else if (unreadWrites != null && object == null && written == null) {
                object = new Decoded(tree, type, decoder.decodeWrittenSinceLatest(tree, type, unreadWrites));
            } else {
                object = decode(tree, type, true);
            }
            forgetWritten();
            unreadWrites = null;
        }
        return type.cast(object.record());
    }

    /** The record of the stored object {@code tree}, decoded once. */
    <T> T oldObject(ObjectNode tree, Class<T> type) {
        oldObject = current(oldObject, tree, type, false);
        return type.cast(oldObject.record());
    }

    /** {@code kept} when it is the record of {@code tree} as a {@code type}, else that record decoded. */
    private Decoded current(Decoded kept, ObjectNode tree, Class<?> type, boolean edited) {
        return kept != null && kept.of(tree, type) ? kept : decode(tree, type, edited);
    }

    private Decoded decode(ObjectNode tree, Class<?> type, boolean edited) {
        if (tree == null) {
            throw new IllegalStateException("no object to decode into " + type.getSimpleName());
        }
        return new Decoded(tree, type, edited ? decoder.decodeEdited(tree, type) : decoder.decode(tree, type));
    }

    /** Called by the chain when the new object's tree may have changed since its record was decoded. */
    void forgetObject() {
        object = null;
        forgetWritten();
        unreadWrites = null;
    }

    /**
     * Called by the chain as the mutating phase starts: no record of the new object is current, but the places its
     * tree was written at since the decoder's latest form, if known, still hold.
     */
    void startMutating() {
        object = null;
        forgetWritten();
    }

    /**
     * Called by the chain after a plugin wrote the new object's tree ({@code mutation} of a write): its record is
     * forgotten, but kept as the basis of the next decoding when the plugin named the places it wrote (as are those of
     * every write since the record was decoded).
     */
    void objectWritten(Mutation mutation) {
        WrittenPaths places = mutation == null ? null : mutation.places();
        if (places == null) {
            forgetObject();
            return;
        }
        if (object != null) {
            written = object;
            writtenPlaces = places;
            object = null;
        } else if (written != null) {
            writtenPlaces = WrittenPaths.union(writtenPlaces, places);
        } else if (unreadWrites != null) {
            unreadWrites = WrittenPaths.union(unreadWrites, places);
        }
    }

    private void forgetWritten() {
        written = null;
        writtenPlaces = null;
    }
}
