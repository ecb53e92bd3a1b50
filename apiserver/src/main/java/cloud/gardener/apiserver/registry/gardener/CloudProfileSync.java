package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.map;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;
import static cloud.gardener.apiserver.admission.validation.core.MachineCapabilities.AMD64;
import static cloud.gardener.apiserver.admission.validation.core.MachineCapabilities.ARCHITECTURE;

import cloud.gardener.apiserver.admission.validation.core.MachineCapabilities;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesSettings;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What the CloudProfile strategies do to a spec besides validation: versions that can no longer be used are not
 * stored, and the legacy architecture fields and the machine capabilities are kept in step
 * (gardener {@code pkg/apiserver/registry/core/{cloudprofile,namespacedcloudprofile}/strategy.go},
 * {@code pkg/utils/gardener/cloudprofile.go}). The rules read and build the v1beta1 records; {@link #edit} applies
 * them to a stored object's tree.
 */
final class CloudProfileSync {

    private CloudProfileSync() {}

    /**
     * Applies {@code change} to the {@code spec} of an object's tree, decoded as {@code type}: the spec is replaced
     * by the result's encoding only when the result differs, so that an object the rules leave alone keeps its tree
     * (and the write its known canonical form).
     */
    static <T> void edit(ObjectNode object, Class<T> type, UnaryOperator<T> change) {
        T spec = spec(object.withObjectProperty("spec"), type);
        T changed = change.apply(spec);
        if (!changed.equals(spec)) {
            object.set("spec", ModelCodec.encode(changed));
        }
    }

    /** A stored object's spec as its record; Go's zero value when there is none. */
    static <T> T spec(JsonNode spec, Class<T> type) {
        return spec.isObject()
                ? ModelCodec.decode(spec, type).value()
                : type.cast(RecordModel.of(type).zero());
    }

    /** A new CloudProfile keeps only active Kubernetes versions and unexpired machine image versions. */
    static CloudProfileSpec dropInactiveVersions(CloudProfileSpec spec, Instant now) {
        return withParts(
                spec,
                kubernetes(spec.kubernetes(), v -> v == null || VersionLifecycle.isActive(v, now)),
                mapped(
                        spec.machineImages(),
                        image -> withVersions(
                                image,
                                filtered(image.versions(), v -> !VersionLifecycle.isExpired(expirable(v), now)))),
                spec.machineTypes());
    }

    /**
     * A NamespacedCloudProfile drops inactive versions it did not have before, and images left without versions
     * (unless they name an update strategy).
     *
     * @param oldSpec the stored spec, or null on create
     */
    static NamespacedCloudProfileSpec dropNewInactiveVersions(
            NamespacedCloudProfileSpec spec, NamespacedCloudProfileSpec oldSpec, Instant now) {
        Set<String> oldKubernetes = new HashSet<>();
        Set<String> oldImageVersions = new HashSet<>();
        if (oldSpec != null) {
            if (oldSpec.kubernetes() != null) {
                list(oldSpec.kubernetes().versions())
                        .forEach(v -> oldKubernetes.add(v == null ? "" : text(v.version())));
            }
            for (MachineImage image : list(oldSpec.machineImages())) {
                if (image != null) {
                    list(image.versions()).stream()
                            .filter(v -> v != null)
                            .forEach(v -> oldImageVersions.add(imageVersion(image, v)));
                }
            }
        }
        KubernetesSettings kubernetes = kubernetes(
                spec.kubernetes(),
                v -> v == null || oldKubernetes.contains(text(v.version())) || VersionLifecycle.isActive(v, now));
        List<MachineImage> images = filtered(
                mapped(
                        spec.machineImages(),
                        image -> withVersions(
                                image,
                                filtered(
                                        image.versions(),
                                        v -> v == null
                                                || oldImageVersions.contains(imageVersion(image, v))
                                                || VersionLifecycle.isActive(expirable(v), now)))),
                image -> image != null
                        && (!list(image.versions()).isEmpty()
                                || !text(image.updateStrategy()).isEmpty()));
        return new NamespacedCloudProfileSpec(
                spec.caBundle(),
                kubernetes,
                images,
                spec.machineTypes(),
                spec.volumeTypes(),
                spec.parent(),
                spec.providerConfig(),
                spec.limits());
    }

    private static String imageVersion(MachineImage image, MachineImageVersion version) {
        return text(image.name()) + "\u0000" + text(expirable(version).version());
    }

    /** The version a machine image version inlines (all fields unset when it has none). */
    private static ExpirableVersion expirable(MachineImageVersion version) {
        ExpirableVersion v = version.expirableVersion();
        return v == null ? new ExpirableVersion(null, null, null, null) : v;
    }

    private static KubernetesSettings kubernetes(KubernetesSettings kubernetes, Predicate<ExpirableVersion> keep) {
        return kubernetes == null ? null : new KubernetesSettings(filtered(kubernetes.versions(), keep));
    }

    /** The kept items (null stays null, as a tree without the list). */
    private static <T> List<T> filtered(List<T> items, Predicate<T> keep) {
        return items == null ? null : items.stream().filter(keep).toList();
    }

    /** The changed items (null stays null, as a tree without the list; so do null items). */
    private static <T> List<T> mapped(List<T> items, UnaryOperator<T> change) {
        return items == null
                ? null
                : items.stream()
                        .map(item -> item == null ? null : change.apply(item))
                        .toList();
    }

    private static MachineImage withVersions(MachineImage image, List<MachineImageVersion> versions) {
        return new MachineImage(image.name(), versions, image.updateStrategy());
    }

    /**
     * SyncArchitectureCapabilityFields: when capabilities are introduced with several architectures, the legacy
     * architecture fields seed the capabilities; whenever capabilities exist (now or before), the legacy fields are
     * derived back from them.
     *
     * @param oldSpec the stored spec, or null on create
     */
    static CloudProfileSpec syncArchitectureCapabilities(CloudProfileSpec spec, CloudProfileSpec oldSpec) {
        List<CapabilityDefinition> definitions = list(spec.machineCapabilities());
        boolean hasNew = !definitions.isEmpty();
        boolean hasOld = oldSpec != null && !list(oldSpec.machineCapabilities()).isEmpty();
        List<MachineImage> images = spec.machineImages();
        List<MachineType> types = spec.machineTypes();
        if (hasNew && !hasOld && architecturesDefined(definitions) > 1) {
            images = mappedVersions(images, CloudProfileSync::flavorsFromArchitectures);
            types = mapped(types, CloudProfileSync::capabilitiesFromArchitecture);
        }
        if (hasNew || hasOld) {
            images = mappedVersions(images, v -> architecturesFromFlavors(v, definitions));
            types = mapped(types, t -> architectureFromCapabilities(t, definitions));
        }
        return withParts(spec, spec.kubernetes(), images, types);
    }

    /** {@code spec} with its Kubernetes settings, machine images and machine types replaced. */
    private static CloudProfileSpec withParts(
            CloudProfileSpec spec, KubernetesSettings kubernetes, List<MachineImage> images, List<MachineType> types) {
        return new CloudProfileSpec(
                spec.caBundle(),
                kubernetes,
                images,
                types,
                spec.providerConfig(),
                spec.regions(),
                spec.seedSelector(),
                spec.type(),
                spec.volumeTypes(),
                spec.bastion(),
                spec.limits(),
                spec.machineCapabilities(),
                spec.controlPlane());
    }

    private static List<MachineImage> mappedVersions(
            List<MachineImage> images, Function<MachineImageVersion, MachineImageVersion> change) {
        return mapped(images, image -> withVersions(image, mapped(image.versions(), change::apply)));
    }

    private static int architecturesDefined(List<CapabilityDefinition> definitions) {
        for (CapabilityDefinition definition : definitions) {
            if (ARCHITECTURE.equals(definition.name())) {
                return list(definition.values()).size();
            }
        }
        return 0;
    }

    private static MachineImageVersion flavorsFromArchitectures(MachineImageVersion version) {
        if (!list(version.capabilityFlavors()).isEmpty()) {
            return version;
        }
        List<String> legacy = list(version.architectures()).isEmpty() ? List.of(AMD64) : version.architectures();
        List<MachineImageFlavor> flavors = legacy.stream()
                .map(architecture -> new MachineImageFlavor(Map.of(ARCHITECTURE, List.of(architecture))))
                .toList();
        return MachineCapabilities.withArchitectures(version, version.architectures(), flavors);
    }

    private static MachineType capabilitiesFromArchitecture(MachineType machineType) {
        if (!map(machineType.capabilities()).isEmpty()) {
            return machineType;
        }
        String architecture = machineType.architecture() == null ? AMD64 : machineType.architecture();
        return MachineCapabilities.withArchitecture(
                machineType, machineType.architecture(), Map.of(ARCHITECTURE, List.of(architecture)));
    }

    private static MachineImageVersion architecturesFromFlavors(
            MachineImageVersion version, List<CapabilityDefinition> definitions) {
        if (definitions.isEmpty()) {
            return MachineCapabilities.withArchitectures(version, version.architectures(), null);
        }
        if (!list(version.architectures()).isEmpty()) {
            return version;
        }
        Set<String> architectures = MachineCapabilities.flavorArchitectures(version.capabilityFlavors(), definitions);
        return architectures.isEmpty()
                ? version
                : MachineCapabilities.withArchitectures(
                        version, List.copyOf(architectures), version.capabilityFlavors());
    }

    private static MachineType architectureFromCapabilities(
            MachineType machineType, List<CapabilityDefinition> definitions) {
        if (definitions.isEmpty()) {
            return MachineCapabilities.withArchitecture(machineType, machineType.architecture(), null);
        }
        if (machineType.architecture() != null) {
            return machineType;
        }
        List<String> architecture = MachineCapabilities.withDefaults(machineType.capabilities(), definitions)
                .getOrDefault(ARCHITECTURE, List.of());
        return architecture.size() == 1
                ? MachineCapabilities.withArchitecture(
                        machineType, text(architecture.get(0)), machineType.capabilities())
                : machineType;
    }
}
