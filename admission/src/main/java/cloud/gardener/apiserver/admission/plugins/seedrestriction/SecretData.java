package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A Secret's {@code data} values as text. Admission sees the object after decoding, which has merged any
 * {@code stringData} into {@code data} already, as the webhook's AdmissionReview object does.
 */
final class SecretData {

    private final JsonNode data;

    SecretData(JsonNode secret) {
        this.data = secret.path("data");
    }

    boolean has(String key) {
        return data.has(key);
    }

    /** The value as text, {@code ""} when absent or not valid base64. */
    String get(String key) {
        try {
            return new String(Base64.getDecoder().decode(data.path(key).asText("")), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
