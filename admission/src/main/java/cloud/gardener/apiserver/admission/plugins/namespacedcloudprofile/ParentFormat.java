package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CapabilityTrees.AMD64;
import static cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CapabilityTrees.ARCHITECTURE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Gardener's {@code TransformSpecToParentFormat}: a NamespacedCloudProfile spec (v1beta1 JSON) in the format of
 * its parent. Under a parent with machine capabilities, legacy architectures become capability flavors and machine
 * types get an architecture capability; under a parent without, flavors become architectures and capabilities are
 * dropped. Gardener keeps both formats until all CloudProfiles use capabilities.
 */
public final class ParentFormat {

    private ParentFormat() {}

    /**
     * Transforms a NamespacedCloudProfile's spec into the format of its parent.
     *
     * @param spec                  the namespaced profile's spec (not changed), or a missing node
     * @param capabilityDefinitions the parent's {@code spec.machineCapabilities}, possibly missing
     * @return a transformed copy
     */
    public static ObjectNode transform(JsonNode spec, JsonNode capabilityDefinitions) {
        ObjectNode out = spec.isObject() ? spec.deepCopy() : JsonNodeFactory.instance.objectNode();
        boolean capabilities = !capabilityDefinitions.isEmpty();
        for (JsonNode image : out.path("machineImages")) {
            for (JsonNode version : image.path("versions")) {
                if (version instanceof ObjectNode v) {
                    imageVersion(v, capabilities);
                }
            }
        }
        for (JsonNode machineType : out.path("machineTypes")) {
            if (machineType instanceof ObjectNode t) {
                machineType(t, capabilityDefinitions, capabilities);
            }
        }
        return out;
    }

    private static void imageVersion(ObjectNode version, boolean capabilities) {
        List<String> legacy = CapabilityTrees.strings(version.path("architectures"));
        if (capabilities && version.path("capabilityFlavors").isEmpty()) {
            ArrayNode flavors = JsonNodeFactory.instance.arrayNode();
            legacy.forEach(
                    architecture -> flavors.addObject().putArray(ARCHITECTURE).add(architecture));
            setOrRemove(version, "capabilityFlavors", flavors);
        } else if (!capabilities) {
            if (legacy.isEmpty()) {
                Set<String> architectures = new LinkedHashSet<>();
                version.path("capabilityFlavors")
                        .forEach(f -> architectures.addAll(CapabilityTrees.strings(f.path(ARCHITECTURE))));
                ArrayNode list = JsonNodeFactory.instance.arrayNode();
                architectures.forEach(list::add);
                setOrRemove(version, "architectures", list);
            }
            version.remove("capabilityFlavors");
        }
    }

    private static void machineType(ObjectNode machineType, JsonNode definitions, boolean capabilities) {
        if (capabilities) {
            if (!machineType.path("capabilities").isEmpty()) {
                return;
            }
            String architecture = CapabilityTrees.machineTypeArchitecture(machineType, definitions);
            if (architecture.isEmpty()) {
                JsonNode own = machineType.path("architecture");
                architecture = own.isTextual() ? own.asText() : AMD64;
            }
            machineType.putObject("capabilities").putArray(ARCHITECTURE).add(architecture);
            return;
        }
        if (!machineType.path("architecture").isTextual()) {
            JsonNode architectures = machineType.path("capabilities").path(ARCHITECTURE);
            if (!architectures.isEmpty()) {
                machineType.put("architecture", architectures.get(0).asText());
            }
        }
        machineType.remove("capabilities");
    }

    /** An empty list is omitted on the wire, as Go's omitempty does. */
    private static void setOrRemove(ObjectNode node, String field, ArrayNode list) {
        if (list.isEmpty()) {
            node.remove(field);
        } else {
            node.set(field, list);
        }
    }
}
