package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile;

import static cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CapabilityTrees.AMD64;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;

/**
 * Gardener's {@code MergeCloudProfiles} (namespacedcloudprofile controller): the {@code status.cloudProfileSpec} a
 * NamespacedCloudProfile gets, as v1beta1 JSON. The parent's spec, with the namespaced profile's Kubernetes version
 * expiration dates, its machine images (in the parent's format; an image version that sets more than the expiration
 * date replaces the parent's), machine and volume types (replacing same-named ones), CA bundle appended and a
 * positive node limit; finally architectures are defaulted from the capabilities.
 */
public final class CloudProfileMerge {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CloudProfileMerge() {}

    /**
     * Merges a NamespacedCloudProfile's spec into its parent CloudProfile's spec.
     *
     * @param parentSpec the parent CloudProfile's spec (defaulted, as stored)
     * @param spec       the NamespacedCloudProfile's spec
     * @return the merged spec; neither argument is changed
     */
    public static ObjectNode merge(JsonNode parentSpec, JsonNode spec) {
        ObjectNode merged = parentSpec.isObject() ? parentSpec.deepCopy() : NODES.objectNode();
        if (spec.hasNonNull("kubernetes")) {
            ObjectNode kubernetes = merged.path("kubernetes").isObject()
                    ? (ObjectNode) merged.get("kubernetes")
                    : merged.putObject("kubernetes");
            set(
                    kubernetes,
                    "versions",
                    mergeDeep(
                            kubernetes.path("versions"),
                            spec.path("kubernetes").path("versions"),
                            "version",
                            CloudProfileMerge::expirationDate,
                            false));
        }
        ObjectNode uniform = ParentFormat.transform(spec, parentSpec.path("machineCapabilities"));
        set(
                merged,
                "machineImages",
                mergeDeep(
                        merged.path("machineImages"),
                        uniform.path("machineImages"),
                        "name",
                        CloudProfileMerge::machineImage,
                        true));
        set(
                merged,
                "machineTypes",
                mergeDeep(merged.path("machineTypes"), uniform.path("machineTypes"), "name", null, true));
        set(merged, "volumeTypes", mergeDeep(merged.path("volumeTypes"), spec.path("volumeTypes"), "name", null, true));
        if (spec.path("caBundle").isTextual()) {
            merged.put(
                    "caBundle",
                    merged.path("caBundle").asText("") + spec.get("caBundle").asText());
        }
        if (spec.path("limits").isObject()) {
            ObjectNode limits =
                    merged.path("limits").isObject() ? (ObjectNode) merged.get("limits") : merged.putObject("limits");
            if (spec.path("limits").path("maxNodesTotal").asInt(0) > 0) {
                limits.set("maxNodesTotal", spec.path("limits").get("maxNodesTotal"));
            }
        }
        defaultArchitectures(merged);
        return merged;
    }

    private static JsonNode expirationDate(JsonNode base, JsonNode override) {
        ObjectNode result = base.deepCopy();
        if (override.hasNonNull("expirationDate")) {
            result.set("expirationDate", override.get("expirationDate"));
        } else {
            result.remove("expirationDate");
        }
        return result;
    }

    private static JsonNode machineImage(JsonNode base, JsonNode override) {
        ObjectNode result = base.deepCopy();
        if (!override.path("updateStrategy").asText("").isEmpty()) {
            result.set("updateStrategy", override.get("updateStrategy"));
        }
        set(
                result,
                "versions",
                mergeDeep(
                        result.path("versions"),
                        override.path("versions"),
                        "version",
                        CloudProfileMerge::machineImageVersion,
                        true));
        return result;
    }

    /** A version that sets more than an expiration date was the namespaced profile's own before: it wins whole. */
    private static JsonNode machineImageVersion(JsonNode base, JsonNode override) {
        if (!override.path("architectures").isEmpty()
                || !override.path("capabilityFlavors").isEmpty()
                || !override.path("cri").isEmpty()
                || !override.path("kubeletVersionConstraint").asText("").isEmpty()
                || !override.path("classification").asText("").isEmpty()) {
            return override.deepCopy();
        }
        return expirationDate(base, override);
    }

    /** {@code mergeDeep}: base entries by key in order, overridden or merged; new keys appended if allowed. */
    private static JsonNode mergeDeep(
            JsonNode base, JsonNode override, String key, BinaryOperator<JsonNode> merge, boolean allowAdditional) {
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        base.forEach(entry -> entries.put(entry.path(key).asText(""), entry.deepCopy()));
        for (JsonNode entry : override) {
            String k = entry.path(key).asText("");
            JsonNode existing = entries.get(k);
            if (existing == null) {
                if (allowAdditional) {
                    entries.put(k, entry.deepCopy());
                }
                continue;
            }
            entries.put(k, merge == null ? entry.deepCopy() : merge.apply(existing, entry));
        }
        if (entries.isEmpty()) {
            return base;
        }
        ArrayNode list = NODES.arrayNode();
        entries.values().forEach(list::add);
        return list;
    }

    /**
     * {@code syncArchitectureCapabilities}: machine types without an architecture get the one their capabilities
     * name (else amd64); image versions without architectures get their flavors' (else amd64).
     */
    private static void defaultArchitectures(ObjectNode merged) {
        JsonNode definitions = merged.path("machineCapabilities");
        for (JsonNode machineType : merged.path("machineTypes")) {
            String effective = CapabilityTrees.machineTypeArchitecture(machineType, definitions);
            if (effective.isEmpty()) {
                ((ObjectNode) machineType).put("architecture", AMD64);
            } else if (!machineType.path("architecture").isTextual()) {
                ((ObjectNode) machineType).put("architecture", effective);
            }
        }
        for (JsonNode image : merged.path("machineImages")) {
            for (JsonNode version : image.path("versions")) {
                if (!version.path("architectures").isEmpty()) {
                    continue;
                }
                Set<String> architectures =
                        CapabilityTrees.flavorArchitectures(version.path("capabilityFlavors"), definitions);
                ArrayNode list = ((ObjectNode) version).putArray("architectures");
                if (architectures.isEmpty()) {
                    list.add(AMD64);
                } else {
                    architectures.forEach(list::add);
                }
            }
        }
    }

    private static void set(ObjectNode node, String field, JsonNode value) {
        if (!value.isMissingNode()) {
            node.set(field, value);
        }
    }
}
