package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.GoErrors;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.admission.plugins.support.VersionLifecycle;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
        ObjectNode profile = a.object();
        String name = text(profile, "metadata", "name");
        JsonNode spec = profile.path("spec");
        JsonNode oldSpec = a.oldObject().path("spec");
        Set<String> removedKubernetes = removedVersions(
                oldSpec.path("kubernetes").path("versions"),
                spec.path("kubernetes").path("versions"));
        ImageDiff images = imageDiff(oldSpec.path("machineImages"), spec.path("machineImages"));
        Map<String, List<String>> removedCapabilities =
                removedCapabilities(oldSpec.path("machineCapabilities"), spec.path("machineCapabilities"));
        boolean limitsChanged = !SemanticEquality.equal(spec.get("limits"), oldSpec.get("limits"));
        if (removedKubernetes.isEmpty()
                && images.removedVersions().isEmpty()
                && images.addedVersions().isEmpty()
                && !limitsChanged
                && removedCapabilities.isEmpty()) {
            return Future.succeededFuture();
        }
        return refs.objects()
                .list(GardenerResources.SHOOTS, "")
                .compose(shoots -> refs.objects()
                        .list(GardenerResources.NAMESPACED_CLOUD_PROFILES, "")
                        .compose(namespacedProfiles -> {
                            Map<String, ObjectNode> relevant = new LinkedHashMap<>();
                            for (ObjectNode ncp : namespacedProfiles) {
                                if (!ncp.path("metadata").hasNonNull("deletionTimestamp")
                                        && name.equals(text(ncp, "spec", "parent", "name"))
                                        && "CloudProfile".equals(text(ncp, "spec", "parent", "kind"))) {
                                    relevant.put(
                                            text(ncp, "metadata", "namespace") + "/" + text(ncp, "metadata", "name"),
                                            ncp);
                                }
                            }
                            Map<String, List<String>> capabilities =
                                    usesOnlyArchitecture(relevant.values()) ? Map.of() : removedCapabilities;
                            List<String> errors = new ArrayList<>();
                            relevant.forEach((key, ncp) -> namespacedProfileErrors(
                                    errors, name, key, ncp, removedKubernetes, images, capabilities));
                            for (ObjectNode shoot : shoots) {
                                if (shoot.path("metadata").hasNonNull("deletionTimestamp")
                                        || !usesProfile(shoot, name, relevant)) {
                                    continue;
                                }
                                shootErrors(
                                        errors,
                                        "CloudProfile " + GoQuote.quote(name),
                                        shoot,
                                        removedKubernetes,
                                        images.removedVersions(),
                                        version -> true);
                                if (limitsChanged) {
                                    limitErrors(errors, shoot, spec.path("limits"));
                                }
                            }
                            return errors.isEmpty()
                                    ? Future.succeededFuture()
                                    : BindingReferences.fail(GoErrors.multierror(errors));
                        }));
    }

    Future<Void> checkNamespacedCloudProfileUpdate(Attributes a) {
        ObjectNode profile = a.object();
        JsonNode spec = profile.path("spec");
        JsonNode oldSpec = a.oldObject().path("spec");
        Set<String> removedKubernetes = oldSpec.hasNonNull("kubernetes")
                ? removedVersions(
                        oldSpec.path("kubernetes").path("versions"),
                        spec.path("kubernetes").path("versions"))
                : Set.of();
        Map<String, Set<String>> removedImageVersions = new LinkedHashMap<>();
        for (JsonNode oldImage : oldSpec.path("machineImages")) {
            String image = text(oldImage, "name");
            JsonNode newImage = null;
            for (JsonNode candidate : spec.path("machineImages")) {
                if (image.equals(text(candidate, "name"))) {
                    newImage = candidate;
                }
            }
            removedImageVersions.put(
                    image,
                    newImage == null
                            ? versions(oldImage.path("versions"))
                            : removedVersions(oldImage.path("versions"), newImage.path("versions")));
        }
        boolean limitsChanged = !SemanticEquality.equal(spec.get("limits"), oldSpec.get("limits"));
        if (removedKubernetes.isEmpty()
                && removedImageVersions.values().stream().allMatch(Set::isEmpty)
                && !limitsChanged) {
            return Future.succeededFuture();
        }
        String name = text(profile, "metadata", "name");
        String namespace = text(profile, "metadata", "namespace");
        String parentName = text(spec, "parent", "name");
        return refs.objects()
                .list(GardenerResources.SHOOTS, namespace)
                .compose(shoots -> refs.objects()
                        .get(GardenerResources.CLOUD_PROFILES, "", parentName)
                        .compose(parent -> {
                            if (parent.isEmpty()) {
                                return Future.failedFuture(ApiException.internal("could not get parent CloudProfile: "
                                        + "cloudprofile.core.gardener.cloud \"" + parentName + "\" not found"));
                            }
                            JsonNode parentSpec = parent.get().path("spec");
                            List<String> errors = new ArrayList<>();
                            String profileName = "NamespacedCloudProfile '" + namespace + "/" + name + "'";
                            for (ObjectNode shoot : shoots) {
                                if (shoot.path("metadata").hasNonNull("deletionTimestamp")
                                        || !name.equals(text(shoot, "spec", "cloudProfile", "name"))
                                        || !"NamespacedCloudProfile"
                                                .equals(text(shoot, "spec", "cloudProfile", "kind"))) {
                                    continue;
                                }
                                String k8s = text(shoot, "spec", "kubernetes", "version");
                                if (removedKubernetes.contains(k8s)
                                        && expired(find(
                                                parentSpec.path("kubernetes").path("versions"), k8s))) {
                                    errors.add("unable to delete Kubernetes version " + GoQuote.quote(k8s) + " from "
                                            + profileName
                                            + " - version with extended expiration date is still in use by shoot '"
                                            + shootKey(shoot) + "'");
                                }
                                shootErrors(errors, profileName, shoot, Set.of(), removedImageVersions, worker -> {
                                    JsonNode image = worker.path("machine").path("image");
                                    JsonNode parentVersion = find(
                                            findImage(parentSpec, text(image, "name"))
                                                    .path("versions"),
                                            text(image, "version"));
                                    return parentVersion == null || expired(parentVersion);
                                });
                                if (limitsChanged) {
                                    limitErrors(errors, shoot, spec.path("limits"));
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
            JsonNode ncp,
            Set<String> removedKubernetes,
            ImageDiff images,
            Map<String, List<String>> removedCapabilities) {
        String namespacedName = text(ncp, "metadata", "namespace") + "/" + text(ncp, "metadata", "name");
        for (JsonNode version : ncp.path("spec").path("kubernetes").path("versions")) {
            if (removedKubernetes.contains(text(version, "version"))) {
                errors.add("unable to delete Kubernetes version " + GoQuote.quote(text(version, "version"))
                        + " from CloudProfile " + GoQuote.quote(profile) + " - version is still in use by "
                        + "NamespacedCloudProfile '" + namespacedName + "'");
            }
        }
        Map<String, Set<String>> violations = new LinkedHashMap<>();
        for (JsonNode image : ncp.path("spec").path("machineImages")) {
            String imageName = text(image, "name");
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
            for (JsonNode version : image.path("versions")) {
                if (removed != null && removed.contains(text(version, "version"))) {
                    errors.add("unable to delete MachineImage version '" + imageName + "/" + text(version, "version")
                            + "' from CloudProfile " + GoQuote.quote(profile) + " - version is still in use by "
                            + "NamespacedCloudProfile '" + namespacedName + "'");
                }
                for (JsonNode flavor : version.path("capabilityFlavors")) {
                    collectViolations(flavor.path("capabilities"), removedCapabilities, violations);
                }
            }
        }
        for (JsonNode machineType : ncp.path("spec").path("machineTypes")) {
            collectViolations(machineType.path("capabilities"), removedCapabilities, violations);
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
            JsonNode capabilities, Map<String, List<String>> removed, Map<String, Set<String>> violations) {
        removed.forEach((capability, values) -> capabilities.path(capability).forEach(v -> {
            if (values.contains(v.asText())) {
                violations.computeIfAbsent(capability, k -> new TreeSet<>()).add(v.asText());
            }
        }));
    }

    private static boolean usesOnlyArchitecture(java.util.Collection<ObjectNode> namespacedProfiles) {
        for (JsonNode ncp : namespacedProfiles) {
            List<JsonNode> capabilityMaps = new ArrayList<>();
            ncp.path("spec")
                    .path("machineImages")
                    .forEach(image -> image.path("versions")
                            .forEach(version -> version.path("capabilityFlavors")
                                    .forEach(f -> capabilityMaps.add(f.path("capabilities")))));
            ncp.path("spec").path("machineTypes").forEach(t -> capabilityMaps.add(t.path("capabilities")));
            for (JsonNode capabilities : capabilityMaps) {
                for (var it = capabilities.fieldNames(); it.hasNext(); ) {
                    if (!it.next().equals("architecture")) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static boolean usesProfile(JsonNode shoot, String profile, Map<String, ObjectNode> relevant) {
        JsonNode spec = shoot.path("spec");
        String kind;
        String name;
        if (spec.hasNonNull("cloudProfile")) {
            kind = text(spec, "cloudProfile", "kind").isEmpty() ? "CloudProfile" : text(spec, "cloudProfile", "kind");
            name = text(spec, "cloudProfile", "name");
        } else if (!text(spec, "cloudProfileName").isEmpty()) {
            kind = "CloudProfile";
            name = text(spec, "cloudProfileName");
        } else {
            return false;
        }
        return (kind.equals("CloudProfile") && name.equals(profile))
                || (kind.equals("NamespacedCloudProfile")
                        && relevant.containsKey(text(shoot, "metadata", "namespace") + "/" + name));
    }

    /** Kubernetes version and machine image versions a shoot still uses; {@code blocks} decides per worker. */
    private static void shootErrors(
            List<String> errors,
            String from,
            JsonNode shoot,
            Set<String> removedKubernetes,
            Map<String, Set<String>> removedImageVersions,
            java.util.function.Predicate<JsonNode> blocks) {
        String k8s = text(shoot, "spec", "kubernetes", "version");
        if (removedKubernetes.contains(k8s)) {
            errors.add("unable to delete Kubernetes version " + GoQuote.quote(k8s) + " from " + from
                    + " - version is still in use by shoot '" + shootKey(shoot) + "'");
        }
        for (JsonNode worker : shoot.path("spec").path("provider").path("workers")) {
            JsonNode image = worker.path("machine").path("image");
            if (image.isMissingNode() || image.isNull()) {
                continue;
            }
            Set<String> removed = removedImageVersions.get(text(image, "name"));
            if (removed != null && removed.contains(text(image, "version")) && blocks.test(worker)) {
                errors.add(
                        "unable to delete Machine image version '" + text(image, "name") + "/" + text(image, "version")
                                + "' from " + from + " - version is still in use by shoot '" + shootKey(shoot)
                                + "' by worker " + GoQuote.quote(text(worker, "name")));
            }
        }
    }

    private static void limitErrors(List<String> errors, JsonNode shoot, JsonNode limits) {
        if (!limits.hasNonNull("maxNodesTotal")) {
            return;
        }
        long max = limits.path("maxNodesTotal").asLong();
        long minimum = 0;
        for (JsonNode worker : shoot.path("spec").path("provider").path("workers")) {
            minimum += worker.path("minimum").asLong();
        }
        if (minimum > max) {
            errors.add("the total minimum node count of all worker pools of shoot \"" + shootKey(shoot)
                    + "\" must not exceed the limit of " + max + " total nodes configured in the cloud profile");
        }
    }

    private static ImageDiff imageDiff(JsonNode oldImages, JsonNode newImages) {
        Map<String, JsonNode> oldByName = byName(oldImages);
        Map<String, JsonNode> newByName = byName(newImages);
        Set<String> removedImages = new LinkedHashSet<>();
        Set<String> addedImages = new LinkedHashSet<>();
        Map<String, Set<String>> removedVersions = new LinkedHashMap<>();
        Map<String, Set<String>> addedVersions = new LinkedHashMap<>();
        oldByName.forEach((name, image) -> {
            JsonNode newImage = newByName.get(name);
            if (newImage == null) {
                removedImages.add(name);
                removedVersions.put(name, versions(image.path("versions")));
                return;
            }
            Set<String> removed = removedVersions(image.path("versions"), newImage.path("versions"));
            if (!removed.isEmpty()) {
                removedVersions.put(name, removed);
            }
            Set<String> added = removedVersions(newImage.path("versions"), image.path("versions"));
            if (!added.isEmpty()) {
                addedVersions.put(name, added);
            }
        });
        newByName.forEach((name, image) -> {
            if (!oldByName.containsKey(name)) {
                addedImages.add(name);
                addedVersions.put(name, versions(image.path("versions")));
            }
        });
        return new ImageDiff(removedImages, removedVersions, addedImages, addedVersions);
    }

    private static Map<String, List<String>> removedCapabilities(JsonNode oldCapabilities, JsonNode newCapabilities) {
        Map<String, List<String>> removed = new LinkedHashMap<>();
        Map<String, JsonNode> newByName = byName(newCapabilities);
        byName(oldCapabilities).forEach((name, capability) -> {
            Set<String> values = versionsOf(capability.path("values"));
            JsonNode kept = newByName.get(name);
            if (kept != null) {
                values.removeAll(versionsOf(kept.path("values")));
                if (values.isEmpty()) {
                    return;
                }
            }
            removed.put(name, List.copyOf(values));
        });
        return removed;
    }

    private static Map<String, JsonNode> byName(JsonNode items) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        items.forEach(i -> out.put(text(i, "name"), i));
        return out;
    }

    /** {@code GetRemovedVersions}: the versions of {@code before} that {@code after} lacks. */
    private static Set<String> removedVersions(JsonNode before, JsonNode after) {
        Set<String> removed = versions(before);
        removed.removeAll(versions(after));
        return removed;
    }

    private static Set<String> versions(JsonNode versions) {
        Set<String> out = new LinkedHashSet<>();
        versions.forEach(v -> out.add(text(v, "version")));
        return out;
    }

    private static Set<String> versionsOf(JsonNode values) {
        Set<String> out = new LinkedHashSet<>();
        values.forEach(v -> out.add(v.asText()));
        return out;
    }

    private static JsonNode findImage(JsonNode spec, String name) {
        for (JsonNode image : spec.path("machineImages")) {
            if (name.equals(text(image, "name"))) {
                return image;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static JsonNode find(JsonNode versions, String version) {
        for (JsonNode v : versions) {
            if (version.equals(text(v, "version"))) {
                return v;
            }
        }
        return null;
    }

    private boolean expired(JsonNode version) {
        return version != null && VersionLifecycle.isExpired(version, clock.instant());
    }

    private static String shootKey(JsonNode shoot) {
        return text(shoot, "metadata", "namespace") + "/" + text(shoot, "metadata", "name");
    }
}
