package cloud.gardener.apiserver.admission.plugins.managedseed.shoot;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.SeedUsage;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/**
 * Gardener's ManagedSeedShoot: a ManagedSeed cannot be deleted while shoots run on its seed. A delete of a
 * collection checks every ManagedSeed (read live, in all namespaces, as Gardener lists them).
 */
public final class ManagedSeedShoot extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ManagedSeedShoot";

    private final ObjectLookup objects;
    private final SeedUsage usage;

    public ManagedSeedShoot(PluginContext context) {
        super(NAME, Operation.DELETE);
        this.objects = context.objects();
        this.usage = new SeedUsage(objects);
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.SEEDMANAGEMENT, "ManagedSeed")
                || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!a.name().isEmpty()) {
            return validateDelete(a, a.name());
        }
        return objects.listLive(GardenerResources.MANAGED_SEEDS, "").compose(managedSeeds -> each(a, managedSeeds, 0));
    }

    private Future<Void> each(Attributes a, List<ObjectNode> managedSeeds, int i) {
        if (i == managedSeeds.size()) {
            return Future.succeededFuture();
        }
        ObjectMeta meta = objects.decode(managedSeeds.get(i), ManagedSeed.class).metadata();
        String name = meta == null ? "" : CoreRules.text(meta.name());
        Attributes named = new Attributes(
                a.kind(),
                a.resource(),
                a.subresource(),
                a.namespace(),
                name,
                a.operation(),
                a.object(),
                a.oldObject(),
                a.user(),
                a.dryRun());
        return validateDelete(named, name).compose(v -> each(a, managedSeeds, i + 1));
    }

    private Future<Void> validateDelete(Attributes a, String name) {
        return usage.seedInUse(name)
                .compose(used -> used
                        ? Rejections.forbid(
                                a,
                                "cannot delete managed seed " + a.namespace() + "/" + name + " since its seed " + name
                                        + " is still used by shoot(s)")
                        : Future.succeededFuture());
    }
}
