package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.AdmissionObserver;
import cloud.gardener.apiserver.admission.AdmissionPlugin;
import cloud.gardener.apiserver.admission.DryRunClient;
import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.PluginRegistry;
import cloud.gardener.apiserver.admission.plugins.garden.GardenNamespaceProtection;
import cloud.gardener.apiserver.admission.plugins.garden.GardenPlugin;
import cloud.gardener.apiserver.authz.Authorizer;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the admission chain from the flags and the AdmissionConfiguration file, plus the checks of
 * operator.gardener.cloud's Gardens and the garden namespace's protection while one exists. Those are
 * gardener-operator's webhooks in Gardener, not gardener-apiserver plugins: they are always on and not named by the
 * admission flags, whose names stay gardener-apiserver's.
 */
final class AdmissionPlugins {

    private static final Logger LOG = LoggerFactory.getLogger(AdmissionPlugins.class);
    private static final PluginRegistry REGISTRY = PluginRegistry.gardener();

    private AdmissionPlugins() {}

    /** Fails with k8s.io/apiserver's messages on unknown or overlapping names; warns about what this server lacks. */
    static void check(List<String> enable, List<String> disable) {
        List<String> unavailable = REGISTRY.unavailable(enable, disable);
        if (!unavailable.isEmpty()) {
            LOG.warn("admission plugins enabled but not available in this server (they need a kube-apiserver's "
                    + "mutating policy or quota objects): " + String.join(",", unavailable));
        }
    }

    /** Warns about feature gates set away from their default that nothing here acts on yet. */
    static void check(FeatureGates featureGates) {
        List<String> inert = featureGates.setButNotHonoured();
        if (!inert.isEmpty()) {
            LOG.warn("feature gates set but not acted on by this server (they keep their default behaviour): "
                    + String.join(",", inert));
        }
    }

    static AdmissionChain chain(
            ServerConfig config, ObjectLookup objects, Authorizer authorizer, Vertx vertx, DryRunClient dryRun) {
        return chain(config, objects, authorizer, vertx, dryRun, AdmissionObserver.NONE);
    }

    /** The chain, each plugin call, each phase and each admission webhook call reported to {@code observer}. */
    static AdmissionChain chain(
            ServerConfig config,
            ObjectLookup objects,
            Authorizer authorizer,
            Vertx vertx,
            DryRunClient dryRun,
            AdmissionObserver observer) {
        PluginContext context = new PluginContext(
                objects, authorizer, null, Clock.systemUTC(), vertx, dryRun, config.featureGates(), observer);
        AdmissionConfig admission = config.admission();
        AdmissionChain gardener = REGISTRY.chain(
                admission.enabledPlugins(), admission.disabledPlugins(), admission.configurations(), context);
        List<AdmissionPlugin> plugins = new ArrayList<>(gardener.plugins());
        plugins.add(new GardenPlugin(context));
        plugins.add(new GardenNamespaceProtection(context));
        return new AdmissionChain(plugins, observer);
    }
}
