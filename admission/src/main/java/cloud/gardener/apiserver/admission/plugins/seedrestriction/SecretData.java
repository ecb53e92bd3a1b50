package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** A Secret's values: {@code data} (base64) first, then {@code stringData} (not merged yet on create). */
final class SecretData {

    private final JsonNode data;
    private final JsonNode stringData;

    SecretData(JsonNode secret) {
        this.data = secret.path("data");
        this.stringData = secret.path("stringData");
    }

    boolean has(String key) {
        return data.has(key) || stringData.has(key);
    }

    /** The value as text, {@code ""} when absent or not valid base64. */
    String get(String key) {
        if (data.has(key)) {
            try {
                return new String(Base64.getDecoder().decode(data.path(key).asText()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return "";
            }
        }
        return stringData.path(key).asText("");
    }
}
