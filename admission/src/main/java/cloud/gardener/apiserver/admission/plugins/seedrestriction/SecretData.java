package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A Secret's {@code data} values as text ({@code string(secret.Data[key])}). Admission sees the object after
 * decoding, which has merged any {@code stringData} into {@code data} already, as the webhook's AdmissionReview object
 * does.
 */
final class SecretData {

    private final Map<String, Base64Bytes> data;

    SecretData(Secret secret) {
        this.data = secret.data() == null ? Map.of() : secret.data();
    }

    /** Whether the key is set, to any value (Go's {@code _, ok := secret.Data[key]}). */
    boolean has(String key) {
        return data.containsKey(key);
    }

    /** The value as text, {@code ""} when absent. */
    String get(String key) {
        Base64Bytes value = data.get(key);
        return value == null ? "" : new String(value.bytes(), StandardCharsets.UTF_8);
    }
}
