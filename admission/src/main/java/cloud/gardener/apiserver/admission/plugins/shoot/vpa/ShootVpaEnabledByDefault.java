package cloud.gardener.apiserver.admission.plugins.shoot.vpa;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.ShootComponentEnabledByDefault;

/** Gardener's ShootVPAEnabledByDefault: new Shoots with workers that say nothing about VPA get it enabled. */
public final class ShootVpaEnabledByDefault extends ShootComponentEnabledByDefault {

    public static final String NAME = "ShootVPAEnabledByDefault";

    public ShootVpaEnabledByDefault(PluginContext context) {
        super(NAME, "kubernetes", "verticalPodAutoscaler");
        // needs nothing from the context
    }
}
