package cloud.gardener.apiserver.api.defaults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Kubernetes' {@code SetDefaults_Namespace}: a named namespace carries the label
 * {@code kubernetes.io/metadata.name} with its name, whatever the request said (a namespace named by generateName
 * gets it from the strategy once the name is drawn).
 */
public final class NamespaceDefaults implements Defaulter {

    public static final String NAME_LABEL = "kubernetes.io/metadata.name";

    @Override
    public void apply(ObjectNode namespace) {
        JsonNode name = namespace.path("metadata").path("name");
        if (namespace.get("metadata") instanceof ObjectNode meta
                && name.isTextual()
                && !name.asText().isEmpty()) {
            setNameLabel(meta, name.asText());
        }
    }

    /** Sets the label on {@code metadata}. */
    public static void setNameLabel(ObjectNode meta, String name) {
        JsonNode labels = meta.get("labels");
        ObjectNode map = labels instanceof ObjectNode l ? l : meta.putObject("labels");
        map.put(NAME_LABEL, name);
    }
}
