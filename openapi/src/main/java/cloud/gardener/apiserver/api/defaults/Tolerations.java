package cloud.gardener.apiserver.api.defaults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;

/** Gardener's {@code addTolerations}: appends a key-only toleration unless an equal one is already listed. */
final class Tolerations {

    /** The seed taint that only the {@code garden} namespace tolerates by default. */
    static final String SEED_TAINT_PROTECTED = "seed.gardener.cloud/protected";

    static final String GARDEN_NAMESPACE = "garden";

    private Tolerations() {}

    /**
     * Adds {@code {key}} to {@code tolerations}. Go compares tolerations as structs whose value is a pointer, so only
     * an element with the same key and no value counts as present; one with a value does not.
     */
    static void addKeyOnly(ArrayNode tolerations, String key) {
        for (JsonNode existing : tolerations) {
            JsonNode value = existing.get("value");
            if (key.equals(existing.path("key").asText(null)) && (value == null || value.isNull())) {
                return;
            }
        }
        tolerations.addObject().put("key", key);
    }
}
