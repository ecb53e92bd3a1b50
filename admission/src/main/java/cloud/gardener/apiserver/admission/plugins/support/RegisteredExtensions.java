package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the ControllerRegistrations register: which extension kinds and types have a primary controller,
 * which Extension types are enabled for a cluster (explicitly or by {@code autoEnable}) and which support
 * workerless shoots.
 */
public final class RegisteredExtensions {

    /** One primary registration of a kind/type, with the cluster types it serves (empty: all). */
    public record Primary(String kind, String type, List<String> clusterCompatibility) {}

    private final List<JsonNode> resources = new ArrayList<>();

    /** Collects the {@code spec.resources} of the given ControllerRegistration trees. */
    public RegisteredExtensions(List<? extends JsonNode> controllerRegistrations) {
        for (JsonNode registration : controllerRegistrations) {
            registration.path("spec").path("resources").forEach(resources::add);
        }
    }

    /** {@link #primaries()}, computed on the first question (a Shoot asks once per extension kind and type). */
    private List<Primary> primaries;

    /** {@code computeRegisteredPrimaryExtensionKindTypes}: resources not marked {@code primary: false}. */
    public List<Primary> primaries() {
        if (primaries == null) {
            primaries = computePrimaries();
        }
        return primaries;
    }

    private List<Primary> computePrimaries() {
        List<Primary> out = new ArrayList<>();
        for (JsonNode r : resources) {
            if (r.path("primary").isBoolean() && !r.path("primary").asBoolean()) {
                continue;
            }
            out.add(new Primary(
                    JsonTrees.text(r, "kind"), JsonTrees.text(r, "type"), strings(r.path("clusterCompatibility"))));
        }
        return List.copyOf(out);
    }

    /** Whether a primary controller is registered for the kind/type and, if given, serves the cluster type. */
    public boolean isPrimaryRegistered(String kind, String type, String clusterType) {
        return primaries().stream()
                .anyMatch(p -> p.kind().equals(kind)
                        && p.type().equals(type)
                        && (clusterType == null
                                || p.clusterCompatibility().isEmpty()
                                || p.clusterCompatibility().contains(clusterType)));
    }

    /** The Extension types registered with {@code workerlessSupported: true}. */
    public Set<String> workerlessSupportedExtensionTypes() {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode r : resources) {
            if ("Extension".equals(JsonTrees.text(r, "kind"))
                    && r.path("workerlessSupported").asBoolean(false)) {
                out.add(JsonTrees.text(r, "type"));
            }
        }
        return out;
    }

    /**
     * {@code computeEnabledTypesForKindExtension}: the cluster's enabled {@code extensions[]} plus the Extension
     * types auto-enabled for the cluster type and not disabled by it; {@code workerlessShoot} admits only types
     * that support workerless shoots.
     */
    public Set<String> enabledExtensionTypes(String clusterType, JsonNode extensions, boolean workerlessShoot) {
        Set<String> enabled = new LinkedHashSet<>();
        Set<String> disabled = new LinkedHashSet<>();
        for (JsonNode e : extensions) {
            (e.path("disabled").asBoolean(false) ? disabled : enabled).add(JsonTrees.text(e, "type"));
        }
        for (JsonNode r : resources) {
            if (workerlessShoot && !r.path("workerlessSupported").asBoolean(false)) {
                continue;
            }
            String type = JsonTrees.text(r, "type");
            if ("Extension".equals(JsonTrees.text(r, "kind"))
                    && !disabled.contains(type)
                    && strings(r.path("autoEnable")).contains(clusterType)) {
                enabled.add(type);
            }
        }
        return enabled;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
