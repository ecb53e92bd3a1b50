package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.StoredForm;
import cloud.gardener.apiserver.registry.WrittenObject;
import cloud.gardener.apiserver.storage.StoredObject;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Optional;

/**
 * A JSON answer made from the stored bytes without decoding them: the stored form is this server's own JSON of the
 * object (written by the same mapper, without {@code metadata.resourceVersion}), so when it already begins with the
 * served {@code kind} and {@code apiVersion} the answer is those bytes with {@code "resourceVersion"} added where the
 * answer's tree has it: a GET's as the last field of {@code metadata}, where decoding puts it; a write's where its
 * written object has it ({@link #after}). Anything else (no or another kind or apiVersion first, a stored
 * resourceVersion, no metadata object, no field to follow, bytes that do not parse) is left to the decoding path:
 * {@link #of} answers empty.
 */
public final class StoredJsonAnswer {

    private static final String RESOURCE_VERSION = "resourceVersion";

    /** GET answers made, per copy of stored bytes (a watch cache's). */
    private static final AnswerMemo GETS = new AnswerMemo();

    private StoredJsonAnswer() {}

    /**
     * A GET's answer, or empty when the stored bytes are not already its form but for the resourceVersion. The
     * answer is made once per copy of the bytes and handed out again ({@link AnswerMemo}): a watch cache answers the
     * same copy to every GET until the object changes. So the array is shared: it must not be changed.
     */
    public static Optional<byte[]> of(byte[] stored, long modRevision, String kind, String apiVersion) {
        return GETS.answer(
                stored,
                modRevision,
                kind,
                apiVersion,
                (value, revision, k, v) -> insertion(value, revision, k, v).map(i -> i.applyTo(value)));
    }

    /**
     * The answer with the resourceVersion after the metadata field {@code after} ({@code ""}: first, null: last), or
     * empty as {@link #of(byte[], long, String, String)} says.
     */
    public static Optional<byte[]> of(byte[] stored, long modRevision, String kind, String apiVersion, String after) {
        return insertion(stored, modRevision, kind, apiVersion, after).map(i -> i.applyTo(stored));
    }

    /**
     * What a GET's answer ({@link #of(byte[], long, String, String)}) adds to the stored bytes, without making the
     * answer: for a list that writes the stored bytes around it as they are. Scanned each time, not remembered: a
     * list's thousands of items would only push the GETs' copies out of the memo.
     */
    public static Optional<Insertion> insertion(byte[] stored, long modRevision, String kind, String apiVersion) {
        return insertion(stored, modRevision, kind, apiVersion, null);
    }

    /**
     * The answer as the stored bytes with {@code field} inserted at byte offset {@code at}.
     *
     * @param at    where the field goes, within the stored bytes
     * @param field the bytes inserted there (the resourceVersion field and its comma)
     */
    @SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed
    public record Insertion(int at, byte[] field) {
        /** The answer: a copy of {@code stored} with the field inserted. */
        public byte[] applyTo(byte[] stored) {
            return insert(stored, at, field);
        }
    }

    private static Optional<Insertion> insertion(
            byte[] stored, long modRevision, String kind, String apiVersion, String after) {
        try (JsonParser p = Json.MAPPER.getFactory().createParser(stored)) {
            if (p.nextToken() != JsonToken.START_OBJECT
                    || !stringField(p, "kind", kind)
                    || !stringField(p, "apiVersion", apiVersion)) {
                return Optional.empty();
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                boolean metadata = p.currentName().equals("metadata");
                JsonToken value = p.nextToken();
                if (!metadata) {
                    p.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_OBJECT) {
                    return Optional.empty();
                }
                return insertInMetadata(p, stored, modRevision, after);
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            // not JSON this scan understands: the decoding path answers (or reports) it
            return Optional.empty();
        }
    }

    /**
     * A create's or update's answer from the bytes it stored, with the resourceVersion after the metadata field
     * {@code after} ({@link #after} of the written object), or empty where there are no such bytes or they are not
     * the answer's form. Bytes the write encoded itself ({@link WrittenObject#form}) are not scanned: their encoding
     * noted their first fields and where the resourceVersion goes, and they carry none of their own.
     */
    public static Optional<byte[]> of(WrittenObject written, String after, String kind, String apiVersion) {
        StoredObject stored = written.stored();
        if (stored == null || after == null) {
            return Optional.empty();
        }
        StoredForm form = written.form();
        if (form != null && form.resourceVersionAt(after) > 0) {
            if (!form.beginsWith(kind, apiVersion)) {
                return Optional.empty();
            }
            String field = "\"resourceVersion\":\"" + stored.modRevision() + "\"";
            String inserted = form.commaBefore() ? "," + field : (form.commaAfter() ? field + "," : field);
            return Optional.of(
                    insert(form.bytes(), form.resourceVersionAt(after), inserted.getBytes(StandardCharsets.US_ASCII)));
        }
        return of(stored.value(), stored.modRevision(), kind, apiVersion, after);
    }

    /**
     * The metadata field the resourceVersion follows in {@code object} ({@code ""} when it is the first), or null
     * when it has none: where {@link #of(byte[], long, String, String, String)} puts it to answer as that object.
     */
    public static String after(ObjectNode object) {
        String previous = "";
        JsonNode meta = object.path("metadata");
        for (Iterator<String> names = meta.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (name.equals(RESOURCE_VERSION)) {
                return previous;
            }
            previous = name;
        }
        return null;
    }

    /**
     * Scans the metadata object the parser has just entered and inserts the field before the token that follows
     * {@code after}'s value (or the first token, or the closing brace).
     */
    private static Optional<Insertion> insertInMetadata(JsonParser p, byte[] stored, long modRevision, String after)
            throws IOException {
        boolean found = "".equals(after);
        boolean fieldsBefore = false;
        long at = -1;
        boolean beforeField = false;
        while (true) {
            JsonToken token = p.nextToken();
            if (token != JsonToken.FIELD_NAME && token != JsonToken.END_OBJECT) {
                return Optional.empty();
            }
            if (found && at < 0) {
                at = p.currentTokenLocation().getByteOffset();
                beforeField = token == JsonToken.FIELD_NAME;
            }
            if (token == JsonToken.END_OBJECT) {
                break;
            }
            String name = p.currentName();
            if (name.equals(RESOURCE_VERSION)) {
                return Optional.empty();
            }
            if (!found) {
                fieldsBefore = true;
            }
            if (name.equals(after)) {
                found = true;
            }
            p.nextToken();
            p.skipChildren();
        }
        if (after == null) {
            at = p.currentTokenLocation().getByteOffset();
            beforeField = false;
            found = true;
        }
        if (!found || at <= 0 || at >= stored.length) {
            return Optional.empty();
        }
        String field = "\"resourceVersion\":\"" + modRevision + "\"";
        String inserted = beforeField ? field + "," : (fieldsBefore ? "," : "") + field;
        return Optional.of(new Insertion((int) at, inserted.getBytes(StandardCharsets.US_ASCII)));
    }

    private static boolean stringField(JsonParser p, String name, String expected) throws IOException {
        return p.nextToken() == JsonToken.FIELD_NAME
                && p.currentName().equals(name)
                && p.nextToken() == JsonToken.VALUE_STRING
                && p.getText().equals(expected);
    }

    /**
     * {@code stored} with {@code field} inserted at {@code at}. A copy on purpose: an answer of slices (a composite
     * buffer of the stored bytes around the field) is copied into a new heap buffer anyway, by Netty's adaptive
     * allocator when the TLS handler gathers the answer into its record ({@code CompositeByteBuf.nioBuffer}), so it
     * saved no bytes per GET and cost the composite's.
     */
    private static byte[] insert(byte[] stored, int at, byte[] field) {
        byte[] out = new byte[stored.length + field.length];
        System.arraycopy(stored, 0, out, 0, at);
        System.arraycopy(field, 0, out, at, field.length);
        System.arraycopy(stored, at, out, at + field.length, stored.length - at);
        return out;
    }
}
