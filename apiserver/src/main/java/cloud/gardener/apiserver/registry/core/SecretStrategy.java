package cloud.gardener.apiserver.registry.core;

import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Secrets as kube-apiserver keeps them: an empty {@code type} defaults to {@code Opaque}; no generation. */
public final class SecretStrategy implements ResourceStrategy {

    static final String OPAQUE = "Opaque";

    @Override
    public void prepareForCreate(ObjectNode obj) {
        defaultType(obj);
    }

    @Override
    public void prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        defaultType(obj);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }

    private static void defaultType(ObjectNode obj) {
        if (obj.path("type").asText("").isEmpty()) {
            obj.put("type", OPAQUE);
        }
    }
}
