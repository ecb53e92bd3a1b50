package cloud.gardener.apiserver.api.conversion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * {@code stringData} is write-only (Kubernetes' {@code Convert_v1_Secret_To_core_Secret}, Gardener's
 * {@code Convert_v1beta1_InternalSecret_To_core_InternalSecret}): each value's UTF-8 bytes become the {@code data}
 * value of its key, overwriting one sent in {@code data}, and the internal version has no {@code stringData} to
 * store or to return.
 */
final class StringDataConversion implements InputConversion {

    /** Go's JSON decoder turns an unpaired surrogate escape into U+FFFD, whose UTF-8 is EF BF BD. */
    private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    @Override
    public void apply(ObjectNode object) {
        JsonNode stringData = object.remove("stringData");
        if (stringData == null || !stringData.isObject() || stringData.isEmpty()) {
            return;
        }
        JsonNode existing = object.get("data");
        ObjectNode data = existing instanceof ObjectNode d ? d : object.putObject("data");
        for (Map.Entry<String, JsonNode> e : stringData.properties()) {
            // a null value decodes to Go's empty string
            String value = e.getValue().isNull() ? "" : e.getValue().asText();
            data.put(e.getKey(), Base64.getEncoder().encodeToString(utf8(value)));
        }
    }

    private static byte[] utf8(String value) {
        CharsetEncoder encoder = StandardCharsets.UTF_8
                .newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(REPLACEMENT);
        try {
            ByteBuffer bytes = encoder.encode(CharBuffer.wrap(value));
            byte[] out = new byte[bytes.remaining()];
            bytes.get(out);
            return out;
        } catch (CharacterCodingException e) {
            // REPLACE never throws
            throw new IllegalStateException(e);
        }
    }
}
