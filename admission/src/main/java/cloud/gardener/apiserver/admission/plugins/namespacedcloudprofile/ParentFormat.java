package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.map;
import static cloud.gardener.apiserver.admission.validation.core.MachineCapabilities.AMD64;
import static cloud.gardener.apiserver.admission.validation.core.MachineCapabilities.ARCHITECTURE;

import cloud.gardener.apiserver.admission.validation.core.MachineCapabilities;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.model.RecordModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gardener's {@code TransformSpecToParentFormat}: a NamespacedCloudProfile spec in the format of its parent. Under a
 * parent with machine capabilities, legacy architectures become capability flavors and machine types get an
 * architecture capability; under a parent without, flavors become architectures and capabilities are dropped.
 * Gardener keeps both formats until all CloudProfiles use capabilities.
 */
public final class ParentFormat {

    /** Go's zero NamespacedCloudProfileSpec: what an absent spec transforms to. */
    static final NamespacedCloudProfileSpec EMPTY = (NamespacedCloudProfileSpec)
            RecordModel.of(NamespacedCloudProfileSpec.class).zero();

    private ParentFormat() {}

    /**
     * Transforms a NamespacedCloudProfile's spec into the format of its parent.
     *
     * @param spec                  the namespaced profile's spec, or null
     * @param capabilityDefinitions the parent's {@code spec.machineCapabilities}, or null
     * @return the transformed spec (empty lists are left out, as on the wire)
     */
    public static NamespacedCloudProfileSpec transform(
            NamespacedCloudProfileSpec spec, List<CapabilityDefinition> capabilityDefinitions) {
        if (spec == null) {
            return EMPTY;
        }
        boolean capabilities = !list(capabilityDefinitions).isEmpty();
        List<MachineImage> images = spec.machineImages() == null
                ? null
                : spec.machineImages().stream()
                        .map(image -> image(image, capabilities))
                        .toList();
        List<MachineType> types = spec.machineTypes() == null
                ? null
                : spec.machineTypes().stream()
                        .map(type -> machineType(type, capabilityDefinitions, capabilities))
                        .toList();
        return new NamespacedCloudProfileSpec(
                spec.caBundle(),
                spec.kubernetes(),
                images,
                types,
                spec.volumeTypes(),
                spec.parent(),
                spec.providerConfig(),
                spec.limits());
    }

    private static MachineImage image(MachineImage image, boolean capabilities) {
        if (image == null || image.versions() == null) {
            return image;
        }
        List<MachineImageVersion> versions = image.versions().stream()
                .map(version -> version == null ? null : imageVersion(version, capabilities))
                .toList();
        return new MachineImage(image.name(), versions, image.updateStrategy());
    }

    private static MachineImageVersion imageVersion(MachineImageVersion version, boolean capabilities) {
        List<String> legacy = list(version.architectures());
        if (capabilities && list(version.capabilityFlavors()).isEmpty()) {
            List<MachineImageFlavor> flavors = legacy.stream()
                    .map(architecture -> new MachineImageFlavor(Map.of(ARCHITECTURE, List.of(architecture))))
                    .toList();
            return MachineCapabilities.withArchitectures(version, version.architectures(), nullIfEmpty(flavors));
        }
        if (capabilities) {
            return version;
        }
        List<String> architectures = version.architectures();
        if (legacy.isEmpty()) {
            Set<String> fromFlavors = new LinkedHashSet<>();
            for (MachineImageFlavor flavor : list(version.capabilityFlavors())) {
                fromFlavors.addAll(
                        list(map(flavor == null ? null : flavor.capabilities()).get(ARCHITECTURE)));
            }
            architectures = nullIfEmpty(new ArrayList<>(fromFlavors));
        }
        return MachineCapabilities.withArchitectures(version, architectures, null);
    }

    private static MachineType machineType(
            MachineType machineType, List<CapabilityDefinition> definitions, boolean capabilities) {
        if (machineType == null) {
            return null;
        }
        if (capabilities) {
            if (!map(machineType.capabilities()).isEmpty()) {
                return machineType;
            }
            String architecture = MachineCapabilities.machineTypeArchitecture(machineType, definitions);
            if (architecture.isEmpty()) {
                architecture = machineType.architecture() != null ? machineType.architecture() : AMD64;
            }
            return MachineCapabilities.withArchitecture(
                    machineType, machineType.architecture(), Map.of(ARCHITECTURE, List.of(architecture)));
        }
        String architecture = machineType.architecture();
        if (architecture == null) {
            List<String> fromCapabilities = list(map(machineType.capabilities()).get(ARCHITECTURE));
            if (!fromCapabilities.isEmpty()) {
                architecture = fromCapabilities.get(0);
            }
        }
        return MachineCapabilities.withArchitecture(machineType, architecture, null);
    }

    /** An empty list is left out on the wire, as Go's omitempty does. */
    private static <T> List<T> nullIfEmpty(List<T> list) {
        return list.isEmpty() ? null : list;
    }
}
