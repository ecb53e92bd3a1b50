package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CapabilityTrees;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the CloudProfile strategies do to a spec besides validation: versions that can no longer be used are not
 * stored, and the legacy architecture fields and the machine capabilities are kept in step
 * (gardener {@code pkg/apiserver/registry/core/{cloudprofile,namespacedcloudprofile}/strategy.go},
 * {@code pkg/utils/gardener/cloudprofile.go}).
 */
final class CloudProfileSync {

    static final String ARCHITECTURE = "architecture";
    private static final String AMD64 = "amd64";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CloudProfileSync() {}

    /** A new CloudProfile keeps only active Kubernetes versions and unexpired machine image versions. */
    static void dropInactiveVersions(ObjectNode spec, Instant now) {
        filter(spec.path("kubernetes").path("versions"), v -> VersionLifecycle.isActive(v, now));
        for (JsonNode image : spec.path("machineImages")) {
            filter(image.path("versions"), v -> !VersionLifecycle.isExpired(v, now));
        }
    }

    /**
     * A NamespacedCloudProfile drops inactive versions it did not have before, and images left without versions
     * (unless they name an update strategy).
     *
     * @param oldSpec the stored spec, or null on create
     */
    static void dropNewInactiveVersions(ObjectNode spec, JsonNode oldSpec, Instant now) {
        Set<String> oldKubernetes = new LinkedHashSet<>();
        Set<String> oldImageVersions = new LinkedHashSet<>();
        if (oldSpec != null) {
            oldSpec.path("kubernetes")
                    .path("versions")
                    .forEach(v -> oldKubernetes.add(v.path("version").asText()));
            for (JsonNode image : oldSpec.path("machineImages")) {
                image.path("versions").forEach(v -> oldImageVersions.add(imageVersion(image, v)));
            }
        }
        filter(
                spec.path("kubernetes").path("versions"),
                v -> oldKubernetes.contains(v.path("version").asText()) || VersionLifecycle.isActive(v, now));
        JsonNode images = spec.path("machineImages");
        if (images instanceof ArrayNode array) {
            ArrayNode kept = NODES.arrayNode();
            for (JsonNode image : array) {
                filter(
                        image.path("versions"),
                        v -> oldImageVersions.contains(imageVersion(image, v)) || VersionLifecycle.isActive(v, now));
                if (!image.path("versions").isEmpty()
                        || !image.path("updateStrategy").asText().isEmpty()) {
                    kept.add(image);
                }
            }
            array.removeAll();
            array.addAll(kept);
        }
    }

    private static String imageVersion(JsonNode image, JsonNode version) {
        return image.path("name").asText() + "\u0000" + version.path("version").asText();
    }

    private static void filter(JsonNode list, Predicate<JsonNode> keep) {
        if (list instanceof ArrayNode array) {
            ArrayNode kept = NODES.arrayNode();
            array.forEach(item -> {
                if (keep.test(item)) {
                    kept.add(item);
                }
            });
            array.removeAll();
            array.addAll(kept);
        }
    }

    /**
     * SyncArchitectureCapabilityFields: when capabilities are introduced with several architectures, the legacy
     * architecture fields seed the capabilities; whenever capabilities exist (now or before), the legacy fields are
     * derived back from them.
     *
     * @param oldSpec the stored spec, or an empty node on create
     */
    static void syncArchitectureCapabilities(ObjectNode spec, JsonNode oldSpec) {
        JsonNode definitions = spec.path("machineCapabilities");
        boolean hasNew = !definitions.isEmpty();
        boolean hasOld = !oldSpec.path("machineCapabilities").isEmpty();
        if (hasNew && !hasOld && architecturesDefined(definitions) > 1) {
            for (JsonNode image : spec.path("machineImages")) {
                image.path("versions").forEach(CloudProfileSync::flavorsFromArchitectures);
            }
            spec.path("machineTypes").forEach(CloudProfileSync::capabilitiesFromArchitecture);
        }
        if (hasNew || hasOld) {
            for (JsonNode image : spec.path("machineImages")) {
                image.path("versions").forEach(v -> architecturesFromFlavors((ObjectNode) v, definitions));
            }
            spec.path("machineTypes").forEach(t -> architectureFromCapabilities((ObjectNode) t, definitions));
        }
    }

    private static int architecturesDefined(JsonNode definitions) {
        for (JsonNode definition : definitions) {
            if (ARCHITECTURE.equals(definition.path("name").asText())) {
                return definition.path("values").size();
            }
        }
        return 0;
    }

    private static void flavorsFromArchitectures(JsonNode version) {
        if (!version.path("capabilityFlavors").isEmpty()) {
            return;
        }
        ArrayNode flavors = ((ObjectNode) version).putArray("capabilityFlavors");
        JsonNode architectures = version.path("architectures");
        List<String> legacy = architectures.isEmpty()
                ? List.of(AMD64)
                : architectures.valueStream().map(JsonNode::asText).toList();
        legacy.forEach(
                architecture -> flavors.addObject().putArray(ARCHITECTURE).add(architecture));
    }

    private static void capabilitiesFromArchitecture(JsonNode machineType) {
        if (!machineType.path("capabilities").isEmpty()) {
            return;
        }
        String architecture = machineType.path("architecture").asText(AMD64);
        ((ObjectNode) machineType)
                .putObject("capabilities")
                .putArray(ARCHITECTURE)
                .add(architecture);
    }

    private static void architecturesFromFlavors(ObjectNode version, JsonNode definitions) {
        if (definitions.isEmpty()) {
            version.remove("capabilityFlavors");
            return;
        }
        if (!version.path("architectures").isEmpty()) {
            return;
        }
        Set<String> architectures = CapabilityTrees.flavorArchitectures(version.path("capabilityFlavors"), definitions);
        if (!architectures.isEmpty()) {
            ArrayNode list = version.putArray("architectures");
            architectures.forEach(list::add);
        }
    }

    private static void architectureFromCapabilities(ObjectNode machineType, JsonNode definitions) {
        if (definitions.isEmpty()) {
            machineType.remove("capabilities");
            return;
        }
        if (machineType.hasNonNull("architecture")) {
            return;
        }
        List<String> architecture = CapabilityTrees.withDefaults(machineType.path("capabilities"), definitions)
                .getOrDefault(ARCHITECTURE, List.of());
        if (architecture.size() == 1) {
            machineType.put("architecture", architecture.get(0));
        }
    }
}
