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
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
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
            return objects.listLive(GardenerResources.SHOOTS, a.namespace()).compose(shoots -> {
                Future<Void> all = Future.succeededFuture();
                for (JsonNode shoot : shoots) {
                    String name = shoot.path("metadata").path("name").asText();
                    all = all.compose(v -> validateDelete(
                            a, shoot.path("metadata").path("namespace").asText(), name));
                }
                return all;
            });
        }
        return validateDelete(a, a.namespace(), a.name());
    }

    private Future<Void> validateDelete(Attributes a, String namespace, String name) {
        return managedSeedOf(namespace, name)
                .compose(managedSeed -> managedSeed.isEmpty()
                        ? Future.succeededFuture()
                        : Future.failedFuture(ApiException.forbidden(
                                a.resource(),
                                name,
                                "cannot delete shoot " + namespace + "/" + name
                                        + " since it is still referenced by a managed seed")));
    }

    private Future<Void> validateUpdate(Attributes a) {
        return managedSeedOf(a.namespace(), a.name()).compose(found -> {
            if (found.isEmpty()) {
                return Future.succeededFuture();
            }
            JsonNode managedSeed = found.get();
            ObjectNode shoot = a.object();
            JsonNode spec = shoot.path("spec");
            List<FieldError> errs = new ArrayList<>();
            JsonNode nginx = spec.path("addons").path("nginxIngress");
            if (nginx.path("enabled").asBoolean(false)) {
                errs.add(
                        FieldError.invalid(
                                "spec.addons.nginxIngress.enabled",
                                true,
                                "shoot ingress addon is not supported for managed seeds - use the managed seed ingress controller"));
            }
            if (!spec.path("kubernetes")
                    .path("verticalPodAutoscaler")
                    .path("enabled")
                    .asBoolean(false)) {
                errs.add(FieldError.invalid(
                        "spec.kubernetes.verticalPodAutoscaler.enabled",
                        false,
                        "shoot VPA has to be enabled for managed seeds"));
            }
            JsonNode oldNodes = a.oldObject().path("spec").path("networking").get("nodes");
            JsonNode nodes = spec.path("networking").get("nodes");
            if (oldNodes != null && !oldNodes.isNull() && !Objects.equals(oldNodes, nodes)) {
                errs.add(FieldError.invalid(
                        "spec.networking.nodes",
                        nodes == null || nodes.isNull() ? null : nodes.asText(),
                        "field is immutable for managed seeds"));
            }
            JsonNode config = managedSeed.path("spec").path("gardenlet").get("config");
            String managedSeedName = managedSeed.path("metadata").path("name").asText();
            if (config == null || config.isNull()) {
                return Future.failedFuture(
                        ApiException.internal("cannot extract the seed template: no gardenlet config "
                                + "provided in object: \"" + managedSeedName + "\""));
            }
            JsonNode seedConfig = config.get("seedConfig");
            if (seedConfig == null || seedConfig.isNull()) {
                return Future.failedFuture(ApiException.internal("seed template is unset in gardenlet config"));
            }
            Set<String> removed = zones(a.oldObject());
            removed.removeAll(zones(shoot));
            for (JsonNode zone : seedConfig.path("spec").path("provider").path("zones")) {
                if (removed.contains(zone.asText())) {
                    // Gardener names the path "spec.providers.workers".
                    errs.add(FieldError.forbidden(
                            "spec.providers.workers",
                            "shoot worker zone(s) must not be removed as long as registered in managedseed"));
                    break;
                }
            }
            if (errs.isEmpty()) {
                return Future.succeededFuture();
            }
            return Future.failedFuture(ApiException.invalid(
                    a.kind(), shoot.path("metadata").path("name").asText(), errs));
        });
    }

    /** {@code GetAllZonesFromShoot}: the zones of every worker pool. */
    private static Set<String> zones(JsonNode shoot) {
        Set<String> zones = new HashSet<>();
        for (JsonNode worker : shoot.path("spec").path("provider").path("workers")) {
            worker.path("zones").forEach(z -> zones.add(z.asText()));
        }
        return zones;
    }

    /** {@code GetManagedSeed}: the ManagedSeed of the namespace whose {@code spec.shoot.name} is the Shoot, read live. */
    private Future<Optional<JsonNode>> managedSeedOf(String namespace, String shootName) {
        return objects.listLive(GardenerResources.MANAGED_SEEDS, namespace).compose(managedSeeds -> {
            List<JsonNode> matching = managedSeeds.stream()
                    .filter(m -> shootName.equals(
                            m.path("spec").path("shoot").path("name").asText()))
                    .map(m -> (JsonNode) m)
                    .toList();
            if (matching.size() > 1) {
                return Future.failedFuture(ApiException.internal("could not get ManagedSeed for shoot '" + namespace
                        + "/" + shootName + "': found more than one ManagedSeed objects for shoot " + namespace + "/"
                        + shootName));
            }
            return Future.succeededFuture(matching.stream().findFirst());
        });
    }
}
