package cloud.gardener.apiserver.admission.plugins.seed.mutator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.SeedNameLabels;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSpec;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Gardener's SeedMutator: keeps the {@code name.seed.gardener.cloud/<name>=true} labels of a Seed, naming
 * the seed itself and, for a seed made by a ManagedSeed, the seed its shoot runs on.
 */
public final class SeedMutator extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "SeedMutator";

    private final ObjectLookup objects;

    public SeedMutator(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Seed")) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        Seed seed = a.object(Seed.class);
        String seedName =
                seed.metadata() == null ? "" : CoreRules.text(seed.metadata().name());
        List<String> names = new ArrayList<>(List.of(seedName));
        return objects.get(
                        ManagedSeed.class,
                        GardenerResources.MANAGED_SEEDS,
                        GardenerResources.GARDEN_NAMESPACE,
                        seedName)
                .compose(managedSeed -> {
                    ManagedSeedSpec spec = managedSeed.map(ManagedSeed::spec).orElse(null);
                    if (spec == null || spec.shoot() == null) {
                        return Future.succeededFuture();
                    }
                    String shootName = CoreRules.text(spec.shoot().name());
                    return objects.get(
                                    Shoot.class,
                                    GardenerResources.SHOOTS,
                                    GardenerResources.GARDEN_NAMESPACE,
                                    shootName)
                            .compose(shoot -> {
                                if (shoot.isEmpty()) {
                                    return Future.failedFuture(ApiException.unknown("failed to get shoot " + shootName
                                            + " for managed seed \"" + seedName + "\": shoot.core.gardener.cloud \""
                                            + shootName + "\" not found"));
                                }
                                ShootSpec shootSpec = shoot.get().spec();
                                names.add(shootSpec == null ? "" : CoreRules.text(shootSpec.seedName()));
                                return Future.succeededFuture();
                            });
                })
                .map(v -> {
                    SeedNameLabels.maintain(a.object(), names);
                    return Mutation.WROTE;
                });
    }
}
