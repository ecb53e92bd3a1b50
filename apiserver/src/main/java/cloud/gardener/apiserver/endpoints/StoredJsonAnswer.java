package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A GET's JSON answer made from the stored bytes without decoding them: the stored form is this server's own JSON
 * of the object (written by the same mapper, without {@code metadata.resourceVersion}), so when it already begins
 * with the served {@code kind} and {@code apiVersion} the answer is those bytes with {@code "resourceVersion"}
 * added as the last field of {@code metadata}, where the decoded tree gets it too. Anything else (no or another
 * kind or apiVersion first, a stored resourceVersion, no metadata object, bytes that do not parse) is left to the
 * decoding path: {@link #of} answers empty.
 */
public final class StoredJsonAnswer {

    private StoredJsonAnswer() {}

    /** The answer, or empty when the stored bytes are not already its form but for the resourceVersion. */
    public static Optional<byte[]> of(byte[] stored, long modRevision, String kind, String apiVersion) {
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
                boolean empty = true;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    if (p.currentName().equals("resourceVersion")) {
                        return Optional.empty();
                    }
                    empty = false;
                    p.nextToken();
                    p.skipChildren();
                }
                long end = p.currentTokenLocation().getByteOffset();
                if (p.currentToken() != JsonToken.END_OBJECT || end <= 0 || end >= stored.length) {
                    return Optional.empty();
                }
                return Optional.of(insert(stored, (int) end, empty, modRevision));
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            // not JSON this scan understands: the decoding path answers (or reports) it
            return Optional.empty();
        }
    }

    private static boolean stringField(JsonParser p, String name, String expected) throws IOException {
        return p.nextToken() == JsonToken.FIELD_NAME
                && p.currentName().equals(name)
                && p.nextToken() == JsonToken.VALUE_STRING
                && p.getText().equals(expected);
    }

    /** {@code stored} with {@code ,"resourceVersion":"<rev>"} before the metadata's closing brace at {@code at}. */
    private static byte[] insert(byte[] stored, int at, boolean emptyMetadata, long modRevision) {
        byte[] field = ((emptyMetadata ? "" : ",") + "\"resourceVersion\":\"" + modRevision + "\"")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[stored.length + field.length];
        System.arraycopy(stored, 0, out, 0, at);
        System.arraycopy(field, 0, out, at, field.length);
        System.arraycopy(stored, at, out, at + field.length, stored.length - at);
        return out;
    }
}
