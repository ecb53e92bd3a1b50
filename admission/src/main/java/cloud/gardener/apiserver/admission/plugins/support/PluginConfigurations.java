package cloud.gardener.apiserver.admission.plugins.support;

import com.fasterxml.jackson.databind.JsonNode;

/** Reading a plugin's entry of the AdmissionConfiguration file, as each plugin's {@code LoadConfiguration} does. */
public final class PluginConfigurations {

    private PluginConfigurations() {}

    /**
     * Whether a configuration was given at all; when it was, it must be a {@code Configuration} of the plugin's
     * API version (the plugin's scheme knows no other type).
     *
     * @throws IllegalArgumentException for a configuration of another type
     */
    public static boolean present(JsonNode configuration, String apiVersion) {
        if (configuration == null || configuration.isNull() || configuration.isMissingNode()) {
            return false;
        }
        String actualVersion = configuration.path("apiVersion").asText();
        String kind = configuration.path("kind").asText();
        if (!apiVersion.equals(actualVersion) || !"Configuration".equals(kind)) {
            throw new IllegalArgumentException("no kind \"" + kind + "\" is registered for version \"" + actualVersion
                    + "\": expected kind Configuration of apiVersion " + apiVersion);
        }
        return true;
    }
}
