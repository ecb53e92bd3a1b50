package cloud.gardener.apiserver.registry.gc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of {@code metadata.ownerReferences}: the owner's coordinates (apiVersion, kind, name; its namespace is
 * the dependent's, or none for a cluster-scoped kind) and its uid, which alone says whether the owner is the object
 * of that name now.
 *
 * @param blockOwnerDeletion whether a foreground deletion of the owner waits for this dependent
 */
record OwnerReference(String apiVersion, String kind, String name, String uid, boolean blockOwnerDeletion) {

    static List<OwnerReference> of(ObjectNode object) {
        List<OwnerReference> refs = new ArrayList<>();
        JsonNode list = object.path("metadata").path("ownerReferences");
        if (list.isArray()) {
            for (JsonNode ref : list) {
                refs.add(new OwnerReference(
                        ref.path("apiVersion").asText(""),
                        ref.path("kind").asText(""),
                        ref.path("name").asText(""),
                        ref.path("uid").asText(""),
                        ref.path("blockOwnerDeletion").asBoolean(false)));
            }
        }
        return refs;
    }

    /** The API group of {@code apiVersion}: empty for the core group ({@code v1}). */
    String group() {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    String version() {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
    }
}
