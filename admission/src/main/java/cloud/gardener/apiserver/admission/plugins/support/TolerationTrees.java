package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** Reading {@code tolerations} lists of plugin configurations (raw JSON entries of the AdmissionConfiguration) and
 * appending to a Shoot spec's tree. */
public final class TolerationTrees {

    private TolerationTrees() {}

    /**
     * The tolerations of a list node (missing or null means none), each decoded as a record; a missing key is Go's
     * zero value, the empty string.
     */
    public static List<Toleration> read(JsonNode list) {
        List<Toleration> result = new ArrayList<>();
        for (JsonNode t : list) {
            Toleration toleration = ModelCodec.decode(t, Toleration.class).value();
            result.add(new Toleration(CoreRules.text(toleration.key()), toleration.value()));
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
