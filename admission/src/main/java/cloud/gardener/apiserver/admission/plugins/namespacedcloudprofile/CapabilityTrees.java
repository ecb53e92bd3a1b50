package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link MachineCapabilities} for callers that still hold v1beta1 JSON (the registry's CloudProfile strategies): the
 * trees are read into the typed shapes and the typed helpers answer.
 */
public final class CapabilityTrees {

    private CapabilityTrees() {}

    /** {@link MachineCapabilities#withDefaults} of a capabilities object and a {@code machineCapabilities} list. */
    public static Map<String, List<String>> withDefaults(JsonNode capabilities, JsonNode definitions) {
        return MachineCapabilities.withDefaults(capabilities(capabilities), definitions(definitions));
    }

    /** {@link MachineCapabilities#flavorArchitectures} of a {@code capabilityFlavors} list. */
    public static Set<String> flavorArchitectures(JsonNode flavors, JsonNode definitions) {
        List<MachineImageFlavor> typed = new ArrayList<>();
        flavors.forEach(flavor -> typed.add(new MachineImageFlavor(capabilities(flavor))));
        return MachineCapabilities.flavorArchitectures(typed, definitions(definitions));
    }

    /** A capabilities object (a bare map on the wire) by name; members that are no list have no values. */
    private static Map<String, List<String>> capabilities(JsonNode capabilities) {
        if (!capabilities.isObject()) {
            return null;
        }
        Map<String, List<String>> result = new LinkedHashMap<>();
        capabilities.properties().forEach(e -> result.put(e.getKey(), strings(e.getValue())));
        return result;
    }

    private static List<CapabilityDefinition> definitions(JsonNode definitions) {
        List<CapabilityDefinition> result = new ArrayList<>();
        definitions.forEach(
                d -> result.add(new CapabilityDefinition(d.path("name").asText(), strings(d.path("values")))));
        return result;
    }

    private static List<String> strings(JsonNode values) {
        List<String> result = new ArrayList<>();
        values.forEach(v -> result.add(v.asText()));
        return result;
    }
}
