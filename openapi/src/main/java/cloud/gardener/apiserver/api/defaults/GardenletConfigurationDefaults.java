package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The defaults Gardener gives the embedded {@code GardenletConfiguration} of a ManagedSeed or Gardenlet: it is
 * always present (an absent one becomes an empty configuration) and has a capacity of 250 shoots. Gardener decodes
 * the configuration first and leaves it alone when that fails; here that is a configuration of another
 * apiVersion or kind, or one that is not an object. Gardener also re-encodes the decoded configuration, which adds
 * the Go zero values of its non-omitempty fields; that is the model's business, not a default, and not done here.
 */
final class GardenletConfigurationDefaults {

    static final String API_VERSION = "gardenlet.config.gardener.cloud/v1alpha1";
    static final String KIND = "GardenletConfiguration";
    static final String DEFAULT_SHOOT_CAPACITY = "250";

    private GardenletConfigurationDefaults() {}

    /** Defaults the configuration in member {@code name} of {@code parent}. */
    static void apply(ObjectNode parent, String name) {
        JsonNode config = parent.get(name);
        if (config == null || config.isNull()) {
            config = parent.putObject(name);
        }
        if (!config.isObject() || !decodable((ObjectNode) config)) {
            return;
        }
        ObjectNode cfg = (ObjectNode) config;
        // The decoded configuration carries its type, and encoding writes it back.
        cfg.put("apiVersion", API_VERSION);
        cfg.put("kind", KIND);
        JsonNode resources = cfg.get("resources");
        if (resources != null && !resources.isNull() && !resources.isObject()) {
            return;
        }
        ObjectNode capacity = object(object(cfg, "resources"), "capacity");
        if (!capacity.has("shoots")) {
            capacity.put("shoots", DEFAULT_SHOOT_CAPACITY);
        }
    }

    /** Missing type information is taken from the target type; any other type fails to decode. */
    private static boolean decodable(ObjectNode config) {
        String apiVersion = text(config, "apiVersion");
        String kind = text(config, "kind");
        return (apiVersion.isEmpty() || apiVersion.equals(API_VERSION)) && (kind.isEmpty() || kind.equals(KIND));
    }
}
