package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ObjectNames.deleting;
import static cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ObjectNames.key;
import static cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ObjectNames.name;
import static cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ObjectNames.namespace;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.GoErrors;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileReference;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesSettings;
import cloud.gardener.apiserver.api.core.v1beta1.Limits;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootMachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.GoQuote;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Updates of CloudProfiles and NamespacedCloudProfiles must not take away what shoots and namespaced
 * profiles still use (Kubernetes versions, machine images and versions, capability values), must not add an
 * image a namespaced profile already defines, and new limits must still fit every shoot using the profile.
 */
final class CloudProfileReferences {

    private final References refs;
    private final Clock clock;

    CloudProfileReferences(References refs, Clock clock) {
        this.refs = refs;
        this.clock = clock;
    }

    /** The image diff of {@code helper.GetMachineImageDiff}, reduced to what is checked here. */
    private record ImageDiff(
            Set<String> removedImages,
            Map<String, Set<String>> removedVersions,
            Set<String> addedImages,
            Map<String, Set<String>> addedVersions) {}

    Future<Void> checkCloudProfileUpdate(Attributes a) {
        CloudProfile profile = a.object(CloudProfile.class);
        String name = name(profile.metadata());
        CloudProfileSpec spec = profile.spec();
        CloudProfileSpec oldSpec = a.oldObject(CloudProfile.class).spec();
        Set<String> removedKubernetes = removedVersions(
                kubernetesVersions(oldSpec == null ? null : oldSpec.kubernetes()),
                kubernetesVersions(spec == null ? null : spec.kubernetes()));
        ImageDiff images =
                imageDiff(oldSpec == null ? null : oldSpec.machineImages(), spec == null ? null : spec.machineImages());
        Map<String, List<String>> removedCapabilities = removedCapabilities(
                oldSpec == null ? null : oldSpec.machineCapabilities(),
                spec == null ? null : spec.machineCapabilities());
        Limits limits = spec == null ? null : spec.limits();
        boolean limitsChanged = !CoreRules.semanticEqual(limits, oldSpec == null ? null : oldSpec.limits());
        if (removedKubernetes.isEmpty()
                && images.removedVersions().isEmpty()
                && images.addedVersions().isEmpty()
                && !limitsChanged
                && removedCapabilities.isEmpty()) {
            return Future.succeededFuture();
        }
        // consistent: a Shoot created a moment ago keeps its versions too
        return refs.objects()
                .consistent()
                .list(Shoot.class, GardenerResources.SHOOTS, "")
                .compose(shoots -> refs.objects()
                        .list(NamespacedCloudProfile.class, GardenerResources.NAMESPACED_CLOUD_PROFILES, "")
                        .compose(namespacedProfiles -> {
                            Map<String, NamespacedCloudProfile> relevant = new LinkedHashMap<>();
                            for (NamespacedCloudProfile ncp : namespacedProfiles) {
                                CloudProfileReference parent =
                                        ncp.spec() == null ? null : ncp.spec().parent();
                                if (!deleting(ncp.metadata())
                                        && parent != null
                                        && name.equals(text(parent.name()))
                                        && "CloudProfile".equals(parent.kind())) {
                                    relevant.put(key(ncp.metadata()), ncp);
                                }
                            }
                            Map<String, List<String>> capabilities =
                                    usesOnlyArchitecture(relevant.values()) ? Map.of() : removedCapabilities;
                            List<String> errors = new ArrayList<>();
                            relevant.forEach((key, ncp) -> namespacedProfileErrors(
                                    errors, name, key, ncp, removedKubernetes, images, capabilities));
                            for (Shoot shoot : shoots) {
                                if (deleting(shoot.metadata()) || !usesProfile(shoot, name, relevant)) {
                                    continue;
                                }
                                shootErrors(
                                        errors,
                                        "CloudProfile " + GoQuote.quote(name),
                                        shoot,
                                        removedKubernetes,
                                        images.removedVersions(),
                                        worker -> true);
                                if (limitsChanged) {
                                    limitErrors(errors, shoot, limits);
                                }
                            }
                            return errors.isEmpty()
                                    ? Future.succeededFuture()
                                    : BindingReferences.fail(GoErrors.multierror(errors));
                        }));
    }

    Future<Void> checkNamespacedCloudProfileUpdate(Attributes a) {
        NamespacedCloudProfile profile = a.object(NamespacedCloudProfile.class);
        NamespacedCloudProfileSpec spec = profile.spec();
        NamespacedCloudProfileSpec oldSpec =
                a.oldObject(NamespacedCloudProfile.class).spec();
        Set<String> removedKubernetes = oldSpec != null && oldSpec.kubernetes() != null
                ? removedVersions(
                        kubernetesVersions(oldSpec.kubernetes()),
                        kubernetesVersions(spec == null ? null : spec.kubernetes()))
                : Set.of();
        Map<String, Set<String>> removedImageVersions = new LinkedHashMap<>();
        for (MachineImage oldImage : list(oldSpec == null ? null : oldSpec.machineImages())) {
            String image = text(oldImage.name());
            MachineImage newImage = null;
            for (MachineImage candidate : list(spec == null ? null : spec.machineImages())) {
                if (image.equals(text(candidate.name()))) {
                    newImage = candidate;
                }
            }
            removedImageVersions.put(
                    image,
                    newImage == null
                            ? imageVersions(oldImage)
                            : minus(imageVersions(oldImage), imageVersions(newImage)));
        }
        Limits limits = spec == null ? null : spec.limits();
        boolean limitsChanged = !CoreRules.semanticEqual(limits, oldSpec == null ? null : oldSpec.limits());
        if (removedKubernetes.isEmpty()
                && removedImageVersions.values().stream().allMatch(Set::isEmpty)
                && !limitsChanged) {
            return Future.succeededFuture();
        }
        String name = name(profile.metadata());
        String namespace = namespace(profile.metadata());
        String parentName = text(
                spec == null || spec.parent() == null ? null : spec.parent().name());
        // consistent: a Shoot created a moment ago keeps its versions too
        return refs.objects()
                .consistent()
                .list(Shoot.class, GardenerResources.SHOOTS, namespace)
                .compose(shoots -> refs.objects()
                        .get(CloudProfile.class, GardenerResources.CLOUD_PROFILES, "", parentName)
                        .compose(parent -> {
                            if (parent.isEmpty()) {
                                return Future.failedFuture(ApiException.internal("could not get parent CloudProfile: "
                                        + "cloudprofile.core.gardener.cloud \"" + parentName + "\" not found"));
                            }
                            CloudProfileSpec parentSpec = parent.get().spec();
                            List<ExpirableVersion> parentKubernetes =
                                    kubernetesVersions(parentSpec == null ? null : parentSpec.kubernetes());
                            List<MachineImage> parentImages = parentSpec == null ? null : parentSpec.machineImages();
                            List<String> errors = new ArrayList<>();
                            String profileName = "NamespacedCloudProfile '" + namespace + "/" + name + "'";
                            for (Shoot shoot : shoots) {
                                CloudProfileReference ref = shoot.spec() == null
                                        ? null
                                        : shoot.spec().cloudProfile();
                                if (deleting(shoot.metadata())
                                        || ref == null
                                        || !name.equals(text(ref.name()))
                                        || !"NamespacedCloudProfile".equals(ref.kind())) {
                                    continue;
                                }
                                String k8s = kubernetesVersion(shoot.spec());
                                if (removedKubernetes.contains(k8s) && expired(findKubernetes(parentKubernetes, k8s))) {
                                    errors.add("unable to delete Kubernetes version " + GoQuote.quote(k8s) + " from "
                                            + profileName
                                            + " - version with extended expiration date is still in use by shoot '"
                                            + key(shoot.metadata()) + "'");
                                }
                                shootErrors(errors, profileName, shoot, Set.of(), removedImageVersions, worker -> {
                                    ShootMachineImage image = worker.machine().image();
                                    MachineImageVersion parentVersion =
                                            findImageVersion(parentImages, text(image.name()), text(image.version()));
                                    return parentVersion == null || expired(parentVersion.expirableVersion());
                                });
                                if (limitsChanged) {
                                    limitErrors(errors, shoot, limits);
                                }
                            }
                            return errors.isEmpty()
                                    ? Future.succeededFuture()
                                    : BindingReferences.fail(GoErrors.multierror(errors));
                        }));
    }

    private void namespacedProfileErrors(
            List<String> errors,
            String profile,
            String key,
            NamespacedCloudProfile ncp,
            Set<String> removedKubernetes,
            ImageDiff images,
            Map<String, List<String>> removedCapabilities) {
        String namespacedName = key(ncp.metadata());
        NamespacedCloudProfileSpec spec = ncp.spec();
        for (ExpirableVersion version : kubernetesVersions(spec.kubernetes())) {
            if (removedKubernetes.contains(text(version.version()))) {
                errors.add("unable to delete Kubernetes version " + GoQuote.quote(text(version.version()))
                        + " from CloudProfile " + GoQuote.quote(profile) + " - version is still in use by "
                        + "NamespacedCloudProfile '" + namespacedName + "'");
            }
        }
        Map<String, Set<String>> violations = new LinkedHashMap<>();
        for (MachineImage image : list(spec.machineImages())) {
            String imageName = text(image.name());
            if (images.removedImages().contains(imageName)) {
                errors.add("unable to delete MachineImage " + GoQuote.quote(imageName) + " from CloudProfile "
                        + GoQuote.quote(profile) + " - MachineImage is still in use by NamespacedCloudProfile "
                        + GoQuote.quote(key));
            }
            if (images.addedImages().contains(imageName)) {
                errors.add("unable to add MachineImage " + GoQuote.quote(imageName) + " to CloudProfile "
                        + GoQuote.quote(profile) + " - MachineImage is already defined by NamespacedCloudProfile "
                        + GoQuote.quote(key));
            }
            Set<String> removed = images.removedVersions().get(imageName);
            for (MachineImageVersion version : list(image.versions())) {
                if (removed != null && removed.contains(version(version))) {
                    errors.add("unable to delete MachineImage version '" + imageName + "/" + version(version)
                            + "' from CloudProfile " + GoQuote.quote(profile) + " - version is still in use by "
                            + "NamespacedCloudProfile '" + namespacedName + "'");
                }
                for (MachineImageFlavor flavor : list(version.capabilityFlavors())) {
                    collectViolations(flavor.capabilities(), removedCapabilities, violations);
                }
            }
        }
        for (MachineType machineType : list(spec.machineTypes())) {
            collectViolations(machineType.capabilities(), removedCapabilities, violations);
        }
        removedCapabilities.forEach((capability, values) -> {
            Set<String> used = violations.get(capability);
            if (used != null && !used.isEmpty()) {
                errors.add("unable to delete MachineCapability " + GoQuote.quote(capability) + " with values ["
                        + String.join(" ", used) + "] from CloudProfile " + GoQuote.quote(profile)
                        + " - capability values are still in use by NamespacedCloudProfile '" + namespacedName + "'");
            }
        });
    }

    private static void collectViolations(
            Map<String, List<String>> capabilities,
            Map<String, List<String>> removed,
            Map<String, Set<String>> violations) {
        if (capabilities == null) {
            return;
        }
        removed.forEach((capability, values) -> list(capabilities.get(capability))
                .forEach(v -> {
                    if (values.contains(v)) {
                        violations
                                .computeIfAbsent(capability, k -> new TreeSet<>())
                                .add(v);
                    }
                }));
    }

    private static boolean usesOnlyArchitecture(Collection<NamespacedCloudProfile> namespacedProfiles) {
        for (NamespacedCloudProfile ncp : namespacedProfiles) {
            List<Map<String, List<String>>> capabilityMaps = new ArrayList<>();
            for (MachineImage image : list(ncp.spec().machineImages())) {
                for (MachineImageVersion version : list(image.versions())) {
                    list(version.capabilityFlavors()).forEach(f -> capabilityMaps.add(f.capabilities()));
                }
            }
            list(ncp.spec().machineTypes()).forEach(t -> capabilityMaps.add(t.capabilities()));
            for (Map<String, List<String>> capabilities : capabilityMaps) {
                for (String capability : CoreRules.map(capabilities).keySet()) {
                    if (!capability.equals("architecture")) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static boolean usesProfile(Shoot shoot, String profile, Map<String, NamespacedCloudProfile> relevant) {
        ShootSpec spec = shoot.spec();
        String kind;
        String name;
        if (spec != null && spec.cloudProfile() != null) {
            kind = CoreRules.empty(spec.cloudProfile().kind())
                    ? "CloudProfile"
                    : spec.cloudProfile().kind();
            name = text(spec.cloudProfile().name());
        } else if (spec != null && !CoreRules.empty(spec.cloudProfileName())) {
            kind = "CloudProfile";
            name = spec.cloudProfileName();
        } else {
            return false;
        }
        return (kind.equals("CloudProfile") && name.equals(profile))
                || (kind.equals("NamespacedCloudProfile")
                        && relevant.containsKey(namespace(shoot.metadata()) + "/" + name));
    }

    /**
     * Kubernetes version and machine image versions a shoot still uses; {@code blocks} decides per worker (one with a
     * machine image).
     */
    private static void shootErrors(
            List<String> errors,
            String from,
            Shoot shoot,
            Set<String> removedKubernetes,
            Map<String, Set<String>> removedImageVersions,
            Predicate<Worker> blocks) {
        String k8s = kubernetesVersion(shoot.spec());
        if (removedKubernetes.contains(k8s)) {
            errors.add("unable to delete Kubernetes version " + GoQuote.quote(k8s) + " from " + from
                    + " - version is still in use by shoot '" + key(shoot.metadata()) + "'");
        }
        for (Worker worker : ShootTrees.workers(shoot.spec())) {
            ShootMachineImage image =
                    worker.machine() == null ? null : worker.machine().image();
            if (image == null) {
                continue;
            }
            Set<String> removed = removedImageVersions.get(text(image.name()));
            if (removed != null && removed.contains(text(image.version())) && blocks.test(worker)) {
                errors.add("unable to delete Machine image version '" + text(image.name()) + "/"
                        + text(image.version()) + "' from " + from + " - version is still in use by shoot '"
                        + key(shoot.metadata()) + "' by worker " + GoQuote.quote(text(worker.name())));
            }
        }
    }

    private static void limitErrors(List<String> errors, Shoot shoot, Limits limits) {
        if (limits == null || limits.maxNodesTotal() == null) {
            return;
        }
        long max = limits.maxNodesTotal();
        long minimum = 0;
        for (Worker worker : ShootTrees.workers(shoot.spec())) {
            minimum += worker.minimum();
        }
        if (minimum > max) {
            errors.add("the total minimum node count of all worker pools of shoot \"" + key(shoot.metadata())
                    + "\" must not exceed the limit of " + max + " total nodes configured in the cloud profile");
        }
    }

    private static ImageDiff imageDiff(List<MachineImage> oldImages, List<MachineImage> newImages) {
        Map<String, MachineImage> oldByName = imagesByName(oldImages);
        Map<String, MachineImage> newByName = imagesByName(newImages);
        Set<String> removedImages = new LinkedHashSet<>();
        Set<String> addedImages = new LinkedHashSet<>();
        Map<String, Set<String>> removedVersions = new LinkedHashMap<>();
        Map<String, Set<String>> addedVersions = new LinkedHashMap<>();
        oldByName.forEach((name, image) -> {
            MachineImage newImage = newByName.get(name);
            if (newImage == null) {
                removedImages.add(name);
                removedVersions.put(name, imageVersions(image));
                return;
            }
            Set<String> removed = minus(imageVersions(image), imageVersions(newImage));
            if (!removed.isEmpty()) {
                removedVersions.put(name, removed);
            }
            Set<String> added = minus(imageVersions(newImage), imageVersions(image));
            if (!added.isEmpty()) {
                addedVersions.put(name, added);
            }
        });
        newByName.forEach((name, image) -> {
            if (!oldByName.containsKey(name)) {
                addedImages.add(name);
                addedVersions.put(name, imageVersions(image));
            }
        });
        return new ImageDiff(removedImages, removedVersions, addedImages, addedVersions);
    }

    private static Map<String, List<String>> removedCapabilities(
            List<CapabilityDefinition> oldCapabilities, List<CapabilityDefinition> newCapabilities) {
        Map<String, List<String>> removed = new LinkedHashMap<>();
        Map<String, CapabilityDefinition> newByName = new LinkedHashMap<>();
        list(newCapabilities).forEach(c -> newByName.put(text(c.name()), c));
        Map<String, CapabilityDefinition> oldByName = new LinkedHashMap<>();
        list(oldCapabilities).forEach(c -> oldByName.put(text(c.name()), c));
        oldByName.forEach((name, capability) -> {
            Set<String> values = new LinkedHashSet<>(list(capability.values()));
            CapabilityDefinition kept = newByName.get(name);
            if (kept != null) {
                list(kept.values()).forEach(values::remove);
                if (values.isEmpty()) {
                    return;
                }
            }
            removed.put(name, List.copyOf(values));
        });
        return removed;
    }

    private static Map<String, MachineImage> imagesByName(List<MachineImage> images) {
        Map<String, MachineImage> out = new LinkedHashMap<>();
        list(images).forEach(i -> out.put(text(i.name()), i));
        return out;
    }

    /** {@code GetRemovedVersions}: the versions of {@code before} that {@code after} lacks. */
    private static Set<String> removedVersions(List<ExpirableVersion> before, List<ExpirableVersion> after) {
        Set<String> removed = new LinkedHashSet<>();
        before.forEach(v -> removed.add(text(v.version())));
        after.forEach(v -> removed.remove(text(v.version())));
        return removed;
    }

    private static Set<String> minus(Set<String> before, Set<String> after) {
        before.removeAll(after);
        return before;
    }

    private static Set<String> imageVersions(MachineImage image) {
        Set<String> out = new LinkedHashSet<>();
        list(image.versions()).forEach(v -> out.add(version(v)));
        return out;
    }

    private static String version(MachineImageVersion version) {
        return text(
                version.expirableVersion() == null
                        ? null
                        : version.expirableVersion().version());
    }

    private static List<ExpirableVersion> kubernetesVersions(KubernetesSettings kubernetes) {
        return kubernetes == null ? List.of() : list(kubernetes.versions());
    }

    private static String kubernetesVersion(ShootSpec spec) {
        return text(
                spec == null || spec.kubernetes() == null
                        ? null
                        : spec.kubernetes().version());
    }

    private static ExpirableVersion findKubernetes(List<ExpirableVersion> versions, String version) {
        for (ExpirableVersion v : versions) {
            if (version.equals(text(v.version()))) {
                return v;
            }
        }
        return null;
    }

    private static MachineImageVersion findImageVersion(List<MachineImage> images, String name, String version) {
        for (MachineImage image : list(images)) {
            if (name.equals(text(image.name()))) {
                for (MachineImageVersion v : list(image.versions())) {
                    if (version.equals(version(v))) {
                        return v;
                    }
                }
                return null;
            }
        }
        return null;
    }

    /** Whether the version (if any) has expired by now. */
    private boolean expired(ExpirableVersion version) {
        return version != null && VersionLifecycle.isExpired(version, clock.instant());
    }
}
