package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** Reading and appending {@code tolerations} lists of object trees (Shoot specs, plugin configurations). */
public final class TolerationTrees {

    private TolerationTrees() {}

    /** The tolerations of a list node (missing means none). */
    public static List<Toleration> read(JsonNode list) {
        List<Toleration> result = new ArrayList<>();
        for (JsonNode t : list) {
            JsonNode value = t.get("value");
            result.add(new Toleration(t.path("key").asText(), value == null || value.isNull() ? null : value.asText()));
        }
        return result;
    }

    /** Appends a toleration to {@code spec.tolerations}, creating the list when needed. */
    public static void append(ObjectNode spec, Toleration toleration) {
        ArrayNode list = spec.get("tolerations") instanceof ArrayNode l ? l : spec.putArray("tolerations");
        ObjectNode added = list.addObject().put("key", toleration.key());
        if (toleration.value() != null) {
            added.put("value", toleration.value());
        }
    }
}
