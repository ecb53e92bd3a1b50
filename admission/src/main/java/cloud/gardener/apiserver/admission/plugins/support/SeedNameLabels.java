package cloud.gardener.apiserver.admission.plugins.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** {@code MaintainSeedNameLabels}: replaces the {@code name.seed.gardener.cloud/} labels of an object. */
public final class SeedNameLabels {

    public static final String PREFIX = "name.seed.gardener.cloud/";

    private SeedNameLabels() {}

    /** Removes every seed-name label and adds one {@code "true"} label per non-empty name. */
    public static void maintain(ObjectNode object, List<String> names) {
        ObjectNode metadata = object.withObjectProperty("metadata");
        ObjectNode labels = metadata.get("labels") instanceof ObjectNode l ? l : null;
        if (labels != null) {
            List<String> stale = new ArrayList<>();
            for (Iterator<String> it = labels.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (key.startsWith(PREFIX)) {
                    stale.add(key);
                }
            }
            labels.remove(stale);
        }
        for (String name : names) {
            if (name == null || name.isEmpty()) {
                continue;
            }
            if (labels == null) {
                labels = metadata.putObject("labels");
            }
            labels.put(PREFIX + name, "true");
        }
    }
}
