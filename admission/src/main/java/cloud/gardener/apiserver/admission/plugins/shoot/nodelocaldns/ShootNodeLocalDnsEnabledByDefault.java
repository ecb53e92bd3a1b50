package cloud.gardener.apiserver.admission.plugins.shoot.nodelocaldns;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.ShootComponentEnabledByDefault;

/** Gardener's ShootNodeLocalDNSEnabledByDefault (off by default): new Shoots with workers get node-local DNS. */
public final class ShootNodeLocalDnsEnabledByDefault extends ShootComponentEnabledByDefault {

    public static final String NAME = "ShootNodeLocalDNSEnabledByDefault";

    public ShootNodeLocalDnsEnabledByDefault(PluginContext context) {
        super(NAME, "systemComponents", "nodeLocalDNS");
        // needs nothing from the context
    }
}
