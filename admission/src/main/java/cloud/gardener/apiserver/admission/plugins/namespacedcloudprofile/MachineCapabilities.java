package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The capability helpers of Gardener's core types over the v1beta1 records of a (Namespaced)CloudProfile spec:
 * shared by the merge, the parent-format transformation and the CloudProfile strategies, which keep architectures
 * and capabilities in step.
 */
public final class MachineCapabilities {

    public static final String ARCHITECTURE = "architecture";
    public static final String AMD64 = "amd64";

    private MachineCapabilities() {}

    /**
     * {@code GetCapabilitiesWithAppliedDefaults}: every defined capability, with the definition's values where the
     * capabilities do not name it. A named capability keeps its values, even none ({@code architecture: null}), as
     * Go's map lookup finds the key.
     *
     * @param capabilities the capabilities by name, or null (Go's nil map)
     */
    public static Map<String, List<String>> withDefaults(
            Map<String, List<String>> capabilities, List<CapabilityDefinition> definitions) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        for (CapabilityDefinition definition : list(definitions)) {
            String name = text(definition.name());
            List<String> values = capabilities != null && capabilities.containsKey(name)
                    ? capabilities.get(name)
                    : definition.values();
            result.put(name, list(values));
        }
        return result;
    }

    /** {@code MachineType.GetArchitecture}: the one architecture its capabilities (with defaults) name, else its field. */
    public static String machineTypeArchitecture(MachineType machineType, List<CapabilityDefinition> definitions) {
        List<String> fromCapabilities =
                withDefaults(machineType.capabilities(), definitions).getOrDefault(ARCHITECTURE, List.of());
        if (fromCapabilities.size() == 1) {
            return text(fromCapabilities.get(0));
        }
        return text(machineType.architecture());
    }

    /**
     * {@code ExtractArchitecturesFromImageFlavors(GetImageFlavorsWithAppliedDefaults(...))}: the architectures of an
     * image version's flavors, where a version without flavors offers every defined capability value.
     *
     * @param flavors the version's capability flavors, or null
     */
    public static Set<String> flavorArchitectures(
            List<MachineImageFlavor> flavors, List<CapabilityDefinition> definitions) {
        Set<String> architectures = new LinkedHashSet<>();
        if (list(flavors).isEmpty()) {
            architectures.addAll(withDefaults(null, definitions).getOrDefault(ARCHITECTURE, List.of()));
        }
        for (MachineImageFlavor flavor : list(flavors)) {
            Map<String, List<String>> capabilities = flavor == null ? null : flavor.capabilities();
            architectures.addAll(withDefaults(capabilities, definitions).getOrDefault(ARCHITECTURE, List.of()));
        }
        return architectures;
    }

    /** The version with other architectures and capability flavors. */
    public static MachineImageVersion withArchitectures(
            MachineImageVersion version, List<String> architectures, List<MachineImageFlavor> flavors) {
        return new MachineImageVersion(
                version.expirableVersion(),
                version.cri(),
                architectures,
                version.kubeletVersionConstraint(),
                version.inPlaceUpdates(),
                flavors);
    }

    /** The machine type with another architecture and capabilities. */
    public static MachineType withArchitecture(
            MachineType type, String architecture, Map<String, List<String>> capabilities) {
        return new MachineType(
                type.cpu(),
                type.gpu(),
                type.memory(),
                type.name(),
                type.storage(),
                type.usable(),
                architecture,
                capabilities,
                type.machineControllerManager());
    }
}
