package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;
import static cloud.gardener.apiserver.admission.validation.core.MachineCapabilities.AMD64;

import cloud.gardener.apiserver.admission.validation.core.MachineCapabilities;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesSettings;
import cloud.gardener.apiserver.api.core.v1beta1.Limits;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.VolumeType;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * Gardener's {@code MergeCloudProfiles} (namespacedcloudprofile controller): the {@code status.cloudProfileSpec} a
 * NamespacedCloudProfile gets. The parent's spec, with the namespaced profile's Kubernetes version expiration dates,
 * its machine images (in the parent's format; an image version that sets more than the expiration date replaces the
 * parent's), machine and volume types (replacing same-named ones), CA bundle appended and a positive node limit;
 * finally architectures are defaulted from the capabilities.
 */
public final class CloudProfileMerge {

    /** Go's zero CloudProfileSpec: what an absent parent spec merges as. */
    private static final CloudProfileSpec EMPTY_PARENT =
            (CloudProfileSpec) RecordModel.of(CloudProfileSpec.class).zero();

    private CloudProfileMerge() {}

    /**
     * Merges a NamespacedCloudProfile's spec into its parent CloudProfile's spec.
     *
     * @param parent the parent CloudProfile's spec (defaulted, as stored), or null
     * @param spec   the NamespacedCloudProfile's spec, or null
     * @return the merged spec
     */
    public static CloudProfileSpec merge(CloudProfileSpec parent, NamespacedCloudProfileSpec spec) {
        CloudProfileSpec base = parent == null ? EMPTY_PARENT : parent;
        NamespacedCloudProfileSpec own = spec == null ? ParentFormat.EMPTY : spec;
        KubernetesSettings kubernetes = base.kubernetes();
        if (own.kubernetes() != null) {
            kubernetes = new KubernetesSettings(mergeDeep(
                    kubernetes == null ? null : kubernetes.versions(),
                    own.kubernetes().versions(),
                    ExpirableVersion::version,
                    CloudProfileMerge::expirationDate,
                    false));
        }
        NamespacedCloudProfileSpec uniform = ParentFormat.transform(own, base.machineCapabilities());
        List<MachineImage> images = mergeDeep(
                base.machineImages(),
                uniform.machineImages(),
                MachineImage::name,
                CloudProfileMerge::machineImage,
                true);
        List<MachineType> types = mergeDeep(base.machineTypes(), uniform.machineTypes(), MachineType::name, null, true);
        List<VolumeType> volumeTypes = mergeDeep(base.volumeTypes(), own.volumeTypes(), VolumeType::name, null, true);
        String caBundle = own.caBundle() == null ? base.caBundle() : text(base.caBundle()) + own.caBundle();
        Limits limits = base.limits();
        if (own.limits() != null) {
            Integer maxNodesTotal = own.limits().maxNodesTotal();
            if (maxNodesTotal != null && maxNodesTotal > 0) {
                limits = new Limits(maxNodesTotal);
            } else if (limits == null) {
                limits = new Limits(null);
            }
        }
        List<CapabilityDefinition> definitions = base.machineCapabilities();
        return new CloudProfileSpec(
                caBundle,
                kubernetes,
                defaultImageArchitectures(images, definitions),
                defaultMachineTypeArchitectures(types, definitions),
                base.providerConfig(),
                base.regions(),
                base.seedSelector(),
                base.type(),
                volumeTypes,
                base.bastion(),
                limits,
                definitions,
                base.controlPlane());
    }

    /**
     * {@link #merge(CloudProfileSpec, NamespacedCloudProfileSpec)} of v1beta1 JSON, encoded once: for the
     * controller that writes the result into the profile's status tree.
     *
     * @param parentSpec the parent CloudProfile's spec (defaulted, as stored)
     * @param spec       the NamespacedCloudProfile's spec, possibly missing
     */
    public static ObjectNode merge(JsonNode parentSpec, JsonNode spec) {
        return ModelCodec.encode(
                merge(decode(parentSpec, CloudProfileSpec.class), decode(spec, NamespacedCloudProfileSpec.class)));
    }

    private static <T> T decode(JsonNode tree, Class<T> type) {
        return tree.isObject() ? ModelCodec.decode(tree, type).value() : null;
    }

    /** {@code mergeExpirationDates}: the base version with the override's expiration date (none if it sets none). */
    private static ExpirableVersion expirationDate(ExpirableVersion base, ExpirableVersion override) {
        return new ExpirableVersion(base.version(), override.expirationDate(), base.classification(), base.lifecycle());
    }

    /** {@code mergeMachineImages}: the override's update strategy if it names one, the versions merged. */
    private static MachineImage machineImage(MachineImage base, MachineImage override) {
        return new MachineImage(
                base.name(),
                mergeDeep(
                        base.versions(),
                        override.versions(),
                        v -> v.expirableVersion() == null
                                ? null
                                : v.expirableVersion().version(),
                        CloudProfileMerge::machineImageVersion,
                        true),
                empty(override.updateStrategy()) ? base.updateStrategy() : override.updateStrategy());
    }

    /**
     * {@code mergeMachineImageVersions}: a version that sets more than an expiration date was the namespaced
     * profile's own before, so it wins whole.
     */
    private static MachineImageVersion machineImageVersion(MachineImageVersion base, MachineImageVersion override) {
        ExpirableVersion overrideVersion = override.expirableVersion();
        if (overrideVersion == null
                || !list(override.architectures()).isEmpty()
                || !list(override.capabilityFlavors()).isEmpty()
                || !list(override.cri()).isEmpty()
                || !empty(override.kubeletVersionConstraint())
                || !empty(overrideVersion.classification())) {
            return override;
        }
        return new MachineImageVersion(
                expirationDate(base.expirableVersion(), overrideVersion),
                base.cri(),
                base.architectures(),
                base.kubeletVersionConstraint(),
                base.inPlaceUpdates(),
                base.capabilityFlavors());
    }

    /**
     * {@code mergeDeep}: base entries by key in order, overridden or merged; new keys appended if allowed. An empty
     * result is the base as it was (nil stays nil).
     */
    private static <T> List<T> mergeDeep(
            List<T> base, List<T> override, Function<T, String> key, BinaryOperator<T> merge, boolean allowAdditional) {
        Map<String, T> entries = new LinkedHashMap<>();
        list(base).forEach(entry -> entries.put(text(key.apply(entry)), entry));
        for (T entry : list(override)) {
            String k = text(key.apply(entry));
            T existing = entries.get(k);
            if (existing == null) {
                if (allowAdditional) {
                    entries.put(k, entry);
                }
                continue;
            }
            entries.put(k, merge == null ? entry : merge.apply(existing, entry));
        }
        return entries.isEmpty() ? base : new ArrayList<>(entries.values());
    }

    /**
     * {@code defaultMachineTypeArchitectures} (of {@code syncArchitectureCapabilities}): machine types without an
     * architecture get the one their capabilities name, else amd64.
     */
    private static List<MachineType> defaultMachineTypeArchitectures(
            List<MachineType> types, List<CapabilityDefinition> definitions) {
        if (types == null) {
            return null;
        }
        List<MachineType> result = new ArrayList<>(types.size());
        for (MachineType type : types) {
            String effective = MachineCapabilities.machineTypeArchitecture(type, definitions);
            if (effective.isEmpty()) {
                type = MachineCapabilities.withArchitecture(type, AMD64, type.capabilities());
            } else if (type.architecture() == null) {
                type = MachineCapabilities.withArchitecture(type, effective, type.capabilities());
            }
            result.add(type);
        }
        return result;
    }

    /**
     * {@code defaultMachineImageArchitectures} (of {@code syncArchitectureCapabilities}): image versions without
     * architectures get their flavors' (with defaults), else amd64.
     */
    private static List<MachineImage> defaultImageArchitectures(
            List<MachineImage> images, List<CapabilityDefinition> definitions) {
        if (images == null) {
            return null;
        }
        List<MachineImage> result = new ArrayList<>(images.size());
        for (MachineImage image : images) {
            if (image.versions() == null) {
                result.add(image);
                continue;
            }
            List<MachineImageVersion> versions =
                    new ArrayList<>(image.versions().size());
            for (MachineImageVersion version : image.versions()) {
                if (list(version.architectures()).isEmpty()) {
                    Set<String> architectures =
                            MachineCapabilities.flavorArchitectures(version.capabilityFlavors(), definitions);
                    version = MachineCapabilities.withArchitectures(
                            version,
                            architectures.isEmpty() ? List.of(AMD64) : List.copyOf(architectures),
                            version.capabilityFlavors());
                }
                versions.add(version);
            }
            result.add(new MachineImage(image.name(), versions, image.updateStrategy()));
        }
        return result;
    }
}
