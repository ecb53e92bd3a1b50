package cloud.gardener.apiserver.endpoints.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** How a write through a subresource turns into the desired object. */
final class Subresources {

    private Subresources() {}

    /** Whether {@link #apply} edits and answers {@code current} itself (else it answers {@code body}). */
    static boolean editsCurrent(String subresource) {
        return "binding".equals(subresource);
    }

    /**
     * Returns the desired object for a write through the given subresource.
     *
     * @param current the stored object (a copy the caller may change)
     * @param body    what the client sent
     * @return the desired object, before the store's status isolation
     */
    static ObjectNode apply(String subresource, ObjectNode current, ObjectNode body) {
        if (editsCurrent(subresource)) {
            // shoots/binding: the scheduler's way to set spec.seedName; nothing else moves.
            JsonNode seed = body.path("spec").get("seedName");
            ObjectNode spec = current.withObjectProperty("spec");
            if (seed == null || seed.isNull()) {
                spec.remove("seedName");
            } else {
                spec.set("seedName", seed);
            }
            JsonNode rv = body.path("metadata").get("resourceVersion");
            if (rv != null && !rv.asText().isEmpty()) {
                current.withObjectProperty("metadata").set("resourceVersion", rv);
            }
            return current;
        }
        return body;
    }
}
