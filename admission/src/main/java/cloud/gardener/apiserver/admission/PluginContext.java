package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.authz.Authorizer;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;

/**
 * What a plugin is built with, as the initializers of k8s.io/apiserver hand it out.
 *
 * @param objects       read access to other objects
 * @param authorizer    the server's authorizer, for plugins that check extra permissions (custom verbs)
 * @param configuration the plugin's entry of the AdmissionConfiguration file, or null when there is none
 * @param clock         the time source (tests fix it)
 */
public record PluginContext(ObjectLookup objects, Authorizer authorizer, JsonNode configuration, Clock clock) {

    /** The same context with another plugin's configuration. */
    public PluginContext withConfiguration(JsonNode newConfiguration) {
        return new PluginContext(objects, authorizer, newConfiguration, clock);
    }
}
