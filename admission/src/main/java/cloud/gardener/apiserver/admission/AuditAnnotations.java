package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Where a plugin puts annotations for the request's audit events, as upstream's {@code Attributes.AddAnnotation}
 * (level Metadata) and {@code AddAnnotationWithLevel(..., LevelRequest)}; keys are qualified
 * ({@code mutation.webhook.admission.k8s.io/round_0_index_0}), and a key keeps its first value.
 */
public interface AuditAnnotations {

    /** For requests nobody audits. */
    AuditAnnotations NONE = new AuditAnnotations() {
        @Override
        public void add(String key, String value) {}

        @Override
        public void addAtRequestLevel(String key, String value) {}
    };

    /** Recorded in every event of an audited request (level Metadata and above). */
    void add(String key, String value);

    /** Recorded only when the request is audited at level Request or above (it may carry request content). */
    void addAtRequestLevel(String key, String value);

    /**
     * A structured value as Go's {@code json.Marshal} writes it: compact, with {@code <}, {@code >}, {@code &},
     * U+2028 and U+2029 escaped (they only occur inside strings, so replacing them keeps the JSON valid).
     */
    static String goJson(JsonNode value) {
        return Json.toJson(value)
                .replace("<", "\\u003c")
                .replace(">", "\\u003e")
                .replace("&", "\\u0026")
                .replace("\u2028", "\\u2028")
                .replace("\u2029", "\\u2029");
    }
}
