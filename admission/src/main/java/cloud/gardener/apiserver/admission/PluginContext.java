package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.authz.Authorizer;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import java.time.Clock;

/**
 * What a plugin is built with, as the initializers of k8s.io/apiserver hand it out.
 *
 * @param objects       read access to other objects
 * @param authorizer    the server's authorizer, for plugins that check extra permissions (custom verbs)
 * @param configuration the plugin's entry of the AdmissionConfiguration file, or null when there is none
 * @param clock         the time source (tests fix it)
 * @param vertx         for plugins that call out (the admission webhooks); null where none do
 * @param dryRun        dry-run creates through the API; null where no plugin may send them
 * @param featureGates  the server's {@code --feature-gates}; null means every gate at its default
 * @param observer      where plugins that call out (the admission webhooks) report each call, for the metrics
 */
public record PluginContext(
        ObjectLookup objects,
        Authorizer authorizer,
        JsonNode configuration,
        Clock clock,
        Vertx vertx,
        DryRunClient dryRun,
        FeatureGates featureGates,
        AdmissionObserver observer) {

    public PluginContext {
        featureGates = featureGates == null ? FeatureGates.defaults() : featureGates;
        observer = observer == null ? AdmissionObserver.NONE : observer;
    }

    /** A context whose calls nobody observes. */
    public PluginContext(
            ObjectLookup objects,
            Authorizer authorizer,
            JsonNode configuration,
            Clock clock,
            Vertx vertx,
            DryRunClient dryRun,
            FeatureGates featureGates) {
        this(objects, authorizer, configuration, clock, vertx, dryRun, featureGates, null);
    }

    /** A context for plugins that only read objects. */
    public PluginContext(ObjectLookup objects, Authorizer authorizer, JsonNode configuration, Clock clock) {
        this(objects, authorizer, configuration, clock, null, null, null, null);
    }

    /** A context for plugins that may call out, with every feature gate at its default. */
    public PluginContext(
            ObjectLookup objects,
            Authorizer authorizer,
            JsonNode configuration,
            Clock clock,
            Vertx vertx,
            DryRunClient dryRun) {
        this(objects, authorizer, configuration, clock, vertx, dryRun, null, null);
    }

    /** The same context with another plugin's configuration. */
    public PluginContext withConfiguration(JsonNode newConfiguration) {
        return new PluginContext(objects, authorizer, newConfiguration, clock, vertx, dryRun, featureGates, observer);
    }
}
