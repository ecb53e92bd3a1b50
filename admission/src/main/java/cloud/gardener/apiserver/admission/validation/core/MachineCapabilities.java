package cloud.gardener.apiserver.admission.validation.core;

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
 * The capability helpers of Gardener's core types over the v1beta1 records of a (Namespaced)CloudProfile spec, the
 * one implementation of them: shared by static validation, the NamespacedCloudProfile merge and parent-format
 * transformation, the Shoot plugins (defaulting and checking workers against the profile) and the CloudProfile
 * strategies, which keep architectures and capabilities in step.
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
            result.put(name, valuesWithDefault(capabilities, name, definition.values()));
        }
        return result;
    }

    /**
     * {@link #withDefaults(Map, List)} of definitions given by name ({@code CapabilityDefinitionsToCapabilities}, as
     * static validation holds them).
     */
    private static Map<String, List<String>> withDefaultsByName(
            Map<String, List<String>> capabilities, Map<String, List<String>> definitions) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        definitions.forEach((name, values) -> result.put(name, valuesWithDefault(capabilities, name, values)));
        return result;
    }

    /** A capability's values: its own when the capabilities name it (even none), else the definition's. */
    private static List<String> valuesWithDefault(
            Map<String, List<String>> capabilities, String name, List<String> defined) {
        return list(capabilities != null && capabilities.containsKey(name) ? capabilities.get(name) : defined);
    }

    /** {@code MachineType.GetArchitecture}: the one architecture its capabilities (with defaults) name, else its field. */
    public static String machineTypeArchitecture(MachineType machineType, List<CapabilityDefinition> definitions) {
        return architecture(machineType, withDefaults(machineType.capabilities(), definitions));
    }

    /** {@link #machineTypeArchitecture(MachineType, List)} of definitions given by name. */
    public static String machineTypeArchitecture(MachineType machineType, Map<String, List<String>> definitions) {
        return architecture(machineType, withDefaultsByName(machineType.capabilities(), definitions));
    }

    private static String architecture(MachineType machineType, Map<String, List<String>> defaulted) {
        List<String> fromCapabilities = defaulted.getOrDefault(ARCHITECTURE, List.of());
        if (fromCapabilities.size() == 1) {
            return text(fromCapabilities.get(0));
        }
        return text(machineType.architecture());
    }

    /**
     * {@code GetArchitecturesFromImageVersion}: the architectures the version's flavors name (without defaults; a
     * version without flavors: the defined ones), else its architectures field.
     */
    public static List<String> imageVersionArchitectures(
            MachineImageVersion version, List<CapabilityDefinition> definitions) {
        Set<String> architectures = new LinkedHashSet<>();
        if (list(version.capabilityFlavors()).isEmpty()) {
            for (CapabilityDefinition definition : list(definitions)) {
                if (ARCHITECTURE.equals(definition.name())) {
                    architectures.addAll(list(definition.values()));
                    break;
                }
            }
        }
        for (MachineImageFlavor flavor : list(version.capabilityFlavors())) {
            Map<String, List<String>> capabilities = flavor == null ? null : flavor.capabilities();
            architectures.addAll(list(capabilities == null ? null : capabilities.get(ARCHITECTURE)));
        }
        return architectures.isEmpty() ? list(version.architectures()) : List.copyOf(architectures);
    }

    /**
     * {@code AreCapabilitiesSupportedByImageFlavors}: a version without flavors supports everything, else one flavor
     * must be compatible ({@code AreCapabilitiesCompatible}: with defaults applied to both, every defined capability
     * shares a value).
     */
    public static boolean supportedByFlavors(
            Map<String, List<String>> capabilities,
            List<MachineImageFlavor> flavors,
            List<CapabilityDefinition> definitions) {
        if (list(flavors).isEmpty()) {
            return true;
        }
        Map<String, List<String>> wanted = withDefaults(capabilities, definitions);
        for (MachineImageFlavor flavor : flavors) {
            Map<String, List<String>> offered =
                    withDefaults(flavor == null ? null : flavor.capabilities(), definitions);
            if (offered.entrySet().stream()
                    .allMatch(e ->
                            e.getValue().stream().anyMatch(wanted.getOrDefault(e.getKey(), List.of())::contains))) {
                return true;
            }
        }
        return false;
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
