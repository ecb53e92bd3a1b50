package cloud.gardener.apiserver.admission.plugins.shoot.vpa;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/** Gardener's ShootVPAEnabledByDefault: new Shoots with workers that say nothing about VPA get it enabled. */
public final class ShootVpaEnabledByDefault extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ShootVPAEnabledByDefault";

    public ShootVpaEnabledByDefault(PluginContext context) {
        super(NAME, Operation.CREATE);
        // needs nothing from the context
    }

    @Override
    public Future<Void> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot")
                || !RequestChecks.isMainResource(a)
                || ShootTrees.isWorkerless(a.object())) {
            return Future.succeededFuture();
        }
        ObjectNode kubernetes = ShootTrees.object(a.object(), "spec", "kubernetes");
        if (!kubernetes.hasNonNull("verticalPodAutoscaler")) {
            kubernetes.putObject("verticalPodAutoscaler").put("enabled", true);
        }
        return Future.succeededFuture();
    }
}
