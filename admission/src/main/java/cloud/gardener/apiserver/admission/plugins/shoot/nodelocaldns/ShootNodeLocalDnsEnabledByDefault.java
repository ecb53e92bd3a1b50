package cloud.gardener.apiserver.admission.plugins.shoot.nodelocaldns;

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

/** Gardener's ShootNodeLocalDNSEnabledByDefault (off by default): new Shoots with workers get node-local DNS. */
public final class ShootNodeLocalDnsEnabledByDefault extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ShootNodeLocalDNSEnabledByDefault";

    public ShootNodeLocalDnsEnabledByDefault(PluginContext context) {
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
        ObjectNode components = ShootTrees.object(a.object(), "spec", "systemComponents");
        if (!components.hasNonNull("nodeLocalDNS")) {
            components.putObject("nodeLocalDNS").put("enabled", true);
        }
        return Future.succeededFuture();
    }
}
