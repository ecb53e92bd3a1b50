package cloud.gardener.apiserver.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Which admission plugins run, and their configuration.
 *
 * @param enabledPlugins  {@code --enable-admission-plugins}: turned on in addition to the defaults
 * @param disabledPlugins {@code --disable-admission-plugins}: turned off
 * @param configurations  each plugin's configuration ({@code --admission-control-config-file}), by plugin name
 */
public record AdmissionConfig(
        List<String> enabledPlugins, List<String> disabledPlugins, Map<String, JsonNode> configurations) {

    public AdmissionConfig {
        enabledPlugins = enabledPlugins == null ? List.of() : List.copyOf(enabledPlugins);
        disabledPlugins = disabledPlugins == null ? List.of() : List.copyOf(disabledPlugins);
        configurations = configurations == null ? Map.of() : Map.copyOf(configurations);
    }
}
