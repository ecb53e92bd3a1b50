package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CloudProfile's machine capabilities as Gardener's helpers read them: a machine type's architecture, a machine
 * image version's architectures and whether an image version's flavors support a machine type's capabilities.
 */
public final class Capabilities {

    private static final String ARCHITECTURE = "architecture";

    private Capabilities() {}

    /** {@code GetCapabilitiesWithAppliedDefaults}: every defined capability, missing ones with all defined values. */
    static Map<String, List<String>> withDefaults(
            Map<String, List<String>> capabilities, List<CapabilityDefinition> defs) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        for (CapabilityDefinition d : defs == null ? List.<CapabilityDefinition>of() : defs) {
            List<String> own = capabilities == null ? null : capabilities.get(d.name());
            result.put(d.name(), own != null ? own : d.values() == null ? List.of() : d.values());
        }
        return result;
    }

    /** {@code MachineType.GetArchitecture}: the one capability architecture, else the architecture field, else "". */
    public static String architecture(MachineType type, List<CapabilityDefinition> defs) {
        List<String> arch = withDefaults(type.capabilities(), defs).get(ARCHITECTURE);
        if (arch != null && arch.size() == 1) {
            return arch.get(0);
        }
        return type.architecture() == null ? "" : type.architecture();
    }

    /** {@code GetArchitecturesFromImageVersion}: from the capability flavors, else the architectures field. */
    public static List<String> architectures(MachineImageVersion version, List<CapabilityDefinition> defs) {
        List<MachineImageFlavor> flavors = version.capabilityFlavors();
        Set<String> archs = new LinkedHashSet<>();
        if (flavors == null || flavors.isEmpty()) {
            for (CapabilityDefinition d : defs == null ? List.<CapabilityDefinition>of() : defs) {
                if (ARCHITECTURE.equals(d.name()) && d.values() != null) {
                    archs.addAll(d.values());
                    break;
                }
            }
        } else {
            for (MachineImageFlavor f : flavors) {
                List<String> values =
                        f.capabilities() == null ? null : f.capabilities().get(ARCHITECTURE);
                if (values != null) {
                    archs.addAll(values);
                }
            }
        }
        if (!archs.isEmpty()) {
            return new ArrayList<>(archs);
        }
        return version.architectures() == null ? List.of() : version.architectures();
    }

    /** {@code AreCapabilitiesSupportedByImageFlavors}: no flavors support everything, else one flavor must. */
    public static boolean supportedByFlavors(
            Map<String, List<String>> capabilities, List<MachineImageFlavor> flavors, List<CapabilityDefinition> defs) {
        if (flavors == null || flavors.isEmpty()) {
            return true;
        }
        for (MachineImageFlavor f : flavors) {
            if (compatible(f.capabilities(), capabilities, defs)) {
                return true;
            }
        }
        return false;
    }

    private static boolean compatible(
            Map<String, List<String>> a, Map<String, List<String>> b, List<CapabilityDefinition> defs) {
        Map<String, List<String>> da = withDefaults(a, defs);
        Map<String, List<String>> db = withDefaults(b, defs);
        for (Map.Entry<String, List<String>> e : da.entrySet()) {
            List<String> other = db.getOrDefault(e.getKey(), List.of());
            if (e.getValue().stream().noneMatch(other::contains)) {
                return false;
            }
        }
        return true;
    }
}
