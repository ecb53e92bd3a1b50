package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The capability helpers of Gardener's core types, over the v1beta1 JSON of a (Namespaced)CloudProfile spec; shared
 * with the CloudProfile strategies, which keep architectures and capabilities in step.
 */
public final class CapabilityTrees {

    public static final String ARCHITECTURE = "architecture";
    public static final String AMD64 = "amd64";
    private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

    private CapabilityTrees() {}

    /** {@code GetCapabilitiesWithAppliedDefaults}: every defined capability, with the definition's values where unset. */
    public static Map<String, List<String>> withDefaults(JsonNode capabilities, JsonNode definitions) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        for (JsonNode definition : definitions) {
            String name = definition.path("name").asText();
            JsonNode values = capabilities.has(name) ? capabilities.get(name) : definition.path("values");
            result.put(name, strings(values));
        }
        return result;
    }

    /** {@code MachineType.GetArchitecture}: the one architecture its capabilities (with defaults) name, else its field. */
    public static String machineTypeArchitecture(JsonNode machineType, JsonNode definitions) {
        List<String> fromCapabilities =
                withDefaults(machineType.path("capabilities"), definitions).getOrDefault(ARCHITECTURE, List.of());
        if (fromCapabilities.size() == 1) {
            return fromCapabilities.get(0);
        }
        JsonNode architecture = machineType.path("architecture");
        return architecture.isTextual() ? architecture.asText() : "";
    }

    /**
     * {@code ExtractArchitecturesFromImageFlavors(GetImageFlavorsWithAppliedDefaults(...))}: the architectures of an
     * image version's flavors, where a version without flavors offers every defined capability value.
     */
    public static Set<String> flavorArchitectures(JsonNode flavors, JsonNode definitions) {
        Set<String> architectures = new LinkedHashSet<>();
        if (flavors.isEmpty()) {
            architectures.addAll(withDefaults(EMPTY, definitions).getOrDefault(ARCHITECTURE, List.of()));
        }
        for (JsonNode flavor : flavors) {
            architectures.addAll(withDefaults(flavor, definitions).getOrDefault(ARCHITECTURE, List.of()));
        }
        return architectures;
    }

    static List<String> strings(JsonNode values) {
        List<String> result = new ArrayList<>();
        values.forEach(v -> result.add(v.asText()));
        return result;
    }
}
