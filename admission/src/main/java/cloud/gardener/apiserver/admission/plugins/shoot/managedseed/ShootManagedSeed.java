package cloud.gardener.apiserver.admission.plugins.shoot.managedseed;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.seedmanagement.SeedTemplates;
import cloud.gardener.apiserver.api.core.v1beta1.SeedProvider;
import cloud.gardener.apiserver.api.core.v1beta1.SeedTemplate;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Gardener's ShootManagedSeed: a Shoot a ManagedSeed registers as a Seed keeps what the seed needs (no nginx
 * ingress addon, VPA on, the same nodes network, the seed's worker zones) and cannot be deleted.
 */
public final class ShootManagedSeed extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ShootManagedSeed";

    private final ObjectLookup objects;

    public ShootManagedSeed(PluginContext context) {
        super(NAME, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot") || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (a.operation() == Operation.UPDATE) {
            return validateUpdate(a);
        }
        if (a.name().isEmpty()) {
            return validateDeleteCollection(a);
        }
        return validateDelete(a, a.namespace(), a.name());
    }

    /**
     * {@code validateDeleteCollection}: Gardener tests every Shoot of its live list, which spans all namespaces, by
     * name against the ManagedSeeds of the request's namespace, and the first one referenced refuses the request. The
     * ManagedSeeds are read once here (Gardener lists them per Shoot): a namespace without any, a project's, refuses
     * nothing, and its Shoots are not read at all (a read per page of a collection delete, each Shoot decoded whole,
     * cost more than the deletes themselves).
     */
    private Future<Void> validateDeleteCollection(Attributes a) {
        String namespace = a.namespace();
        return objects.listLive(GardenerResources.MANAGED_SEEDS, namespace).compose(trees -> {
            if (trees.isEmpty()) {
                return Future.succeededFuture();
            }
            List<ManagedSeed> managedSeeds = trees.stream()
                    .map(tree -> objects.decode(tree, ManagedSeed.class))
                    .toList();
            return objects.listLive(GardenerResources.SHOOTS, "").compose(shoots -> {
                for (ObjectNode shoot : shoots) {
                    String name = shoot.path("metadata").path("name").asText("");
                    Future<Void> verdict = single(namespace, name, referencing(managedSeeds, name))
                            .compose(managedSeed -> refusal(a, namespace, name, managedSeed));
                    if (verdict.failed()) {
                        return verdict;
                    }
                }
                return Future.succeededFuture();
            });
        });
    }

    private Future<Void> validateDelete(Attributes a, String namespace, String name) {
        return managedSeedOf(namespace, name).compose(managedSeed -> refusal(a, namespace, name, managedSeed));
    }

    private static Future<Void> refusal(
            Attributes a, String namespace, String name, Optional<ManagedSeed> managedSeed) {
        return managedSeed.isEmpty()
                ? Future.succeededFuture()
                : Future.failedFuture(ApiException.forbidden(
                        a.resource(),
                        name,
                        "cannot delete shoot " + namespace + "/" + name
                                + " since it is still referenced by a managed seed"));
    }

    private Future<Void> validateUpdate(Attributes a) {
        return managedSeedOf(a.namespace(), a.name()).compose(found -> {
            if (found.isEmpty()) {
                return Future.succeededFuture();
            }
            ManagedSeed managedSeed = found.get();
            Shoot shoot = a.object(Shoot.class);
            Shoot oldShoot = a.oldObject(Shoot.class);
            ShootSpec spec = shoot.spec();
            List<FieldError> errs = new ArrayList<>();
            if (ShootTrees.nginxIngressEnabled(spec)) {
                errs.add(
                        FieldError.invalid(
                                "spec.addons.nginxIngress.enabled",
                                true,
                                "shoot ingress addon is not supported for managed seeds - use the managed seed ingress controller"));
            }
            if (!ShootTrees.wantsVerticalPodAutoscaler(spec)) {
                errs.add(FieldError.invalid(
                        "spec.kubernetes.verticalPodAutoscaler.enabled",
                        false,
                        "shoot VPA has to be enabled for managed seeds"));
            }
            String oldNodes = nodes(oldShoot.spec());
            String nodes = nodes(spec);
            if (oldNodes != null && !oldNodes.equals(nodes)) {
                errs.add(FieldError.invalid("spec.networking.nodes", nodes, "field is immutable for managed seeds"));
            }
            JsonNode config = managedSeed.spec() == null || managedSeed.spec().gardenlet() == null
                    ? null
                    : managedSeed.spec().gardenlet().config();
            String managedSeedName = managedSeed.metadata() == null
                    ? ""
                    : CoreRules.text(managedSeed.metadata().name());
            if (!JsonTrees.isSet(config)) {
                return Future.failedFuture(
                        ApiException.internal("cannot extract the seed template: no gardenlet config "
                                + "provided in object: \"" + managedSeedName + "\""));
            }
            SeedTemplate seedTemplate;
            try {
                seedTemplate = SeedTemplates.of(config);
            } catch (DecodeException e) {
                return Future.failedFuture(ApiException.internal("cannot extract the seed template: could not decode "
                        + "gardenlet configuration: " + e.getMessage()));
            }
            if (seedTemplate == null) {
                return Future.failedFuture(ApiException.internal("seed template is unset in gardenlet config"));
            }
            Set<String> removed = ShootTrees.zones(oldShoot.spec());
            removed.removeAll(ShootTrees.zones(spec));
            SeedProvider seedProvider =
                    seedTemplate.spec() == null ? null : seedTemplate.spec().provider();
            List<String> seedZones = seedProvider == null ? List.of() : CoreRules.list(seedProvider.zones());
            if (seedZones.stream().anyMatch(removed::contains)) {
                // Gardener names the path "spec.providers.workers".
                errs.add(FieldError.forbidden(
                        "spec.providers.workers",
                        "shoot worker zone(s) must not be removed as long as registered in managedseed"));
            }
            if (errs.isEmpty()) {
                return Future.succeededFuture();
            }
            return Future.failedFuture(ApiException.invalid(
                    a.kind(),
                    shoot.metadata() == null
                            ? ""
                            : CoreRules.text(shoot.metadata().name()),
                    errs));
        });
    }

    /** The nodes CIDR of a Shoot spec, null where it has none. */
    private static String nodes(ShootSpec spec) {
        return spec == null || spec.networking() == null
                ? null
                : spec.networking().nodes();
    }

    /** {@code GetManagedSeed}: the ManagedSeed of the namespace whose {@code spec.shoot.name} is the Shoot, read live. */
    private Future<Optional<ManagedSeed>> managedSeedOf(String namespace, String shootName) {
        return objects.listLive(GardenerResources.MANAGED_SEEDS, namespace)
                .compose(managedSeeds -> single(
                        namespace,
                        shootName,
                        referencing(
                                managedSeeds.stream()
                                        .map(tree -> objects.decode(tree, ManagedSeed.class))
                                        .toList(),
                                shootName)));
    }

    /** The ManagedSeeds whose {@code spec.shoot.name} is the Shoot's name. */
    private static List<ManagedSeed> referencing(List<ManagedSeed> managedSeeds, String shootName) {
        return managedSeeds.stream().filter(m -> shootName.equals(shootName(m))).toList();
    }

    /** {@code GetManagedSeed}'s answer from the ManagedSeeds that reference the Shoot: none, one, or an error. */
    private static Future<Optional<ManagedSeed>> single(
            String namespace, String shootName, List<ManagedSeed> matching) {
        if (matching.size() > 1) {
            return Future.failedFuture(ApiException.internal("could not get ManagedSeed for shoot '" + namespace
                    + "/" + shootName + "': found more than one ManagedSeed objects for shoot " + namespace + "/"
                    + shootName));
        }
        return Future.succeededFuture(matching.stream().findFirst());
    }

    private static String shootName(ManagedSeed managedSeed) {
        return managedSeed.spec() == null || managedSeed.spec().shoot() == null
                ? ""
                : CoreRules.text(managedSeed.spec().shoot().name());
    }
}
