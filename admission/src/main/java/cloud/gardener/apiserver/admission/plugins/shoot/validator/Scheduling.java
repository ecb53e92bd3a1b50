package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.SeedUsage;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.core.v1beta1.AccessRestriction;
import cloud.gardener.apiserver.api.core.v1beta1.AccessRestrictionWithOptions;
import cloud.gardener.apiserver.api.core.v1beta1.ControlPlane;
import cloud.gardener.apiserver.api.core.v1beta1.HighAvailability;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNSProviderConfig;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSelector;
import cloud.gardener.apiserver.api.core.v1beta1.SeedTaint;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Gardener's {@code validateScheduling}: who may set {@code spec.seedName} and how (only through
 * {@code shoots/binding} once set), whether the chosen seed takes the shoot (not terminating, taints tolerated,
 * access restrictions, free capacity, the CloudProfile's seed selector), what rescheduling needs (backups, the same
 * internal and default domains), and the freeze of shoots whose seed is being deleted or that are being migrated.
 */
final class Scheduling {

    private static final String DELETION_CONFIRMATION = "confirmation.gardener.cloud/deletion";

    private final GardenObjects garden;
    private final Authorizer authorizer;

    Scheduling(GardenObjects garden, Authorizer authorizer) {
        this.garden = garden;
        this.authorizer = authorizer;
    }

    Future<Void> validate(Review r) {
        String seedName = r.seedName();
        String oldSeedName = r.oldSeedName();
        boolean scheduled = oldSeedName == null && seedName != null;
        boolean rescheduled = oldSeedName != null && seedName != null && !seedName.equals(oldSeedName);
        Future<Void> first = Future.succeededFuture();
        switch (r.a().operation()) {
            case CREATE -> {
                if (scheduled) {
                    first = authorizeBinding(r, "set .spec.seedName");
                }
            }
            case UPDATE -> {
                if (oldSeedName != null && seedName == null) {
                    return Rejections.forbid(
                            r.a(),
                            "spec.seedName is already set to '" + oldSeedName + "' and cannot be changed to 'nil'");
                } else if ("binding".equals(r.a().subresource())) {
                    if (rescheduled) {
                        // the spec with the old seed name must equal the old spec: a tree edit of a copy by nature
                        ObjectNode spec = r.shootTree().get("spec").deepCopy();
                        spec.put("seedName", oldSeedName);
                        if (!SemanticEquality.equal(spec, r.oldTree().get("spec"))) {
                            return Rejections.forbid(
                                    r.a(),
                                    "only spec.seedName can be changed using the binding "
                                            + "subresource when the shoot is being rescheduled to a new seed");
                        }
                    }
                } else if (!Objects.equals(seedName, oldSeedName)) {
                    return Rejections.forbid(
                            r.a(),
                            "spec.seedName '" + (oldSeedName == null ? "nil" : oldSeedName)
                                    + "' cannot be changed to '" + seedName + "' by patching the shoot, please use the "
                                    + "shoots/binding subresource");
                }
            }
            default -> {
                return Future.succeededFuture();
            }
        }
        return first.compose(v -> (scheduled || rescheduled) ? seedTakesShoot(r) : Future.succeededFuture())
                .compose(v -> rescheduled ? reschedulingPossible(r) : specFrozen(r))
                .compose(v -> r.seed() != null ? seedRules(r) : Future.succeededFuture());
    }

    /** Gardener's {@code authorize}: the user needs {@code update} on {@code shoots/binding}. */
    private Future<Void> authorizeBinding(Review r, String what) {
        if (authorizer == null) {
            return Rejections.forbid(
                    r.a(),
                    "user \"" + r.a().user().name() + "\" is not allowed to " + what + " for \""
                            + r.a().resource().resource() + "\"");
        }
        Attributes attributes = Attributes.forResource(
                r.a().user(),
                "update",
                r.a().resource().group(),
                "",
                r.a().namespace(),
                r.a().resource().resource(),
                "binding",
                r.a().name(),
                "");
        return authorizer
                .authorize(attributes)
                .recover(e -> Future.failedFuture(ApiException.internal(
                        "could not authorize update request for shoot binding subresource: " + e.getMessage())))
                .compose(decision -> decision.isAllowed()
                        ? Future.<Void>succeededFuture()
                        : Rejections.forbid(
                                r.a(),
                                "user \"" + r.a().user().name() + "\" is not allowed to " + what + " for \""
                                        + r.a().resource().resource() + "\""));
    }

    /** The scheduling constraints the new seed must meet. */
    private Future<Void> seedTakesShoot(Review r) {
        Seed seed = r.seed();
        String seedName = seed.metadata().name();
        if (seed.metadata().deletionTimestamp() != null) {
            return Rejections.forbid(
                    r.a(),
                    "cannot schedule shoot '" + r.name() + "' on seed '" + seedName
                            + "' that is already marked for deletion");
        }
        if (!taintsTolerated(seed.spec().taints(), CoreRules.list(r.spec().tolerations()))) {
            return Rejections.forbid(r.a(), "forbidden to use a seed whose taints are not tolerated by the shoot");
        }
        if (!accessRestrictionsSupported(
                seed.spec().accessRestrictions(), CoreRules.list(r.spec().accessRestrictions()))) {
            return Rejections.forbid(
                    r.a(), "forbidden to use a seed which doesn't support the access restrictions of the shoot");
        }
        Future<Void> capacity = Future.succeededFuture();
        Map<String, Quantity> allocatable =
                seed.status() == null ? null : seed.status().allocatable();
        if (allocatable != null && allocatable.containsKey("shoots")) {
            long max = allocatable.get("shoots").value();
            capacity = garden.lookup()
                    .candidates(GardenObjects.SHOOTS, ShootIndexes.SEED, seedName)
                    .compose(shoots -> {
                        long used = shoots.stream()
                                .filter(s -> SeedUsage.usesSeed(s, seedName))
                                .count();
                        return used >= max
                                ? Rejections.forbid(
                                        r.a(),
                                        "cannot schedule shoot '" + r.name() + "' on seed '" + seedName
                                                + "' that already has the maximum number of shoots scheduled on it ("
                                                + max
                                                + ")")
                                : Future.succeededFuture();
                    });
        }
        return capacity.compose(v -> {
            SeedSelector selector = r.profile().seedSelector();
            if (selector == null) {
                return Future.succeededFuture();
            }
            if (selector.labelSelector() != null && !LabelSelectors.convertible(selector.labelSelector())) {
                return Future.failedFuture(ApiException.internal("label selector conversion failed for seedSelector"));
            }
            if (selector.labelSelector() != null && !LabelSelectors.matches(selector.labelSelector(), labels(seed))) {
                return Rejections.forbid(
                        r.a(),
                        "cannot schedule shoot '" + r.name() + "' on seed '" + seedName
                                + "' because the cloud profile seed selector is not matching the labels of the seed");
            }
            if (selector.providerTypes() != null
                    && !selector.providerTypes().contains(seed.spec().provider().type())
                    && !selector.providerTypes().contains("*")) {
                return Rejections.forbid(
                        r.a(),
                        "cannot schedule shoot '" + r.name() + "' on seed '" + seedName
                                + "' because none of the provider types in the cloud profile seed selector is matching the "
                                + "provider type of the seed");
            }
            return Future.succeededFuture();
        });
    }

    /** Moving to another seed needs backups on both and the same internal and default domains. */
    private Future<Void> reschedulingPossible(Review r) {
        String oldSeedName = r.oldSeedName();
        return garden.lookup()
                .get(Seed.class, GardenObjects.SEEDS, "", oldSeedName)
                .compose(found -> {
                    if (found.isEmpty()) {
                        return Future.failedFuture(
                                ApiException.internal("could not find referenced seed: seed.core.gardener.cloud \""
                                        + oldSeedName + "\" not found"));
                    }
                    Seed oldSeed = found.get();
                    Seed seed = r.seed();
                    if (oldSeed.spec().backup() == null) {
                        return Rejections.forbid(
                                r.a(),
                                "cannot change seed name because backup is not configured for old seed \"" + oldSeedName
                                        + "\"");
                    }
                    if (seed.spec().backup() == null) {
                        return Rejections.forbid(
                                r.a(),
                                "cannot change seed name because backup is not configured for seed \""
                                        + seed.metadata().name() + "\"");
                    }
                    String oldDomain = internalDomain(oldSeed);
                    String newDomain = internalDomain(seed);
                    if (!oldDomain.equals(newDomain)) {
                        return Rejections.forbid(
                                r.a(),
                                "cannot change seed name because internal domain would change from \"" + oldDomain
                                        + "\" to \"" + newDomain + "\"");
                    }
                    String domain = r.spec().dns() == null
                            ? ""
                            : CoreRules.text(r.spec().dns().domain());
                    if (!domain.isEmpty()) {
                        Optional<String> used = defaultDomains(oldSeed).stream()
                                .filter(d -> domain.endsWith("." + d))
                                .findFirst();
                        List<String> newDomains = defaultDomains(seed);
                        if (used.isPresent() && !newDomains.contains(used.get())) {
                            return Rejections.forbid(
                                    r.a(),
                                    "cannot reschedule shoot \"" + r.name() + "\" to seed \""
                                            + seed.metadata().name() + "\" because the shoot uses the default domain \""
                                            + used.get()
                                            + "\" which is not supported by the new seed (supported domains: "
                                            + CoreRules.goList(newDomains) + ")");
                        }
                    }
                    return Future.succeededFuture();
                });
    }

    /** Without a new seed: no spec change while a rescheduling waits for migration or a migration or restore runs. */
    private Future<Void> specFrozen(Review r) {
        if (!r.specChanged()) {
            return Future.succeededFuture();
        }
        String statusSeed = r.status() == null ? "" : CoreRules.text(r.status().seedName());
        if (r.lastOperation() != null
                && !"Migrate".equals(r.lastOperationType())
                && r.seedName() != null
                && !statusSeed.isEmpty()
                && !r.seedName().equals(statusSeed)) {
            return Rejections.forbid(
                    r.a(), "shoot spec cannot be changed because shoot has been rescheduled to a new seed");
        }
        if (r.inMigrationOrRestore()) {
            return Rejections.forbid(
                    r.a(),
                    "cannot change shoot spec during " + r.lastOperationType() + " operation that is in state "
                            + r.lastOperationState());
        }
        return Future.succeededFuture();
    }

    /** Rules of an assigned seed: zones for a zonal control plane, and the freeze while the seed is deleted. */
    private Future<Void> seedRules(Review r) {
        Seed seed = r.seed();
        ControlPlane controlPlane = r.spec().controlPlane();
        HighAvailability ha = controlPlane == null ? null : controlPlane.highAvailability();
        String failureTolerance = ha == null || ha.failureTolerance() == null
                ? ""
                : CoreRules.text(ha.failureTolerance().type());
        List<String> zones = seed.spec().provider().zones() == null
                ? List.of()
                : seed.spec().provider().zones();
        if ("zone".equals(failureTolerance) && zones.size() < 3) {
            return Rejections.forbid(
                    r.a(),
                    "cannot schedule shoot '" + r.name() + "' with failure tolerance of zone on seed '"
                            + seed.metadata().name() + "' with only " + zones.size()
                            + " zones, at least 3 zones are required");
        }
        if (seed.metadata().deletionTimestamp() != null) {
            Map<String, String> annotations = Review.annotations(r.shoot());
            Map<String, String> oldAnnotations = Review.annotations(r.old());
            if (!annotations.equals(oldAnnotations)) {
                Map<String, String> adjusted = new HashMap<>(oldAnnotations);
                if (annotations.containsKey(DELETION_CONFIRMATION)) {
                    adjusted.put(DELETION_CONFIRMATION, annotations.get(DELETION_CONFIRMATION));
                }
                if (!annotations.equals(adjusted)) {
                    return Rejections.forbid(
                            r.a(),
                            "cannot update annotations of shoot '" + r.name() + "' on seed '"
                                    + seed.metadata().name() + "' already marked for deletion: only the '"
                                    + DELETION_CONFIRMATION
                                    + "' annotation can be changed");
                }
            }
            if (r.specChanged()) {
                return Rejections.forbid(
                        r.a(),
                        "cannot update spec of shoot '" + r.name() + "' on seed '"
                                + seed.metadata().name() + "' already marked for deletion");
            }
        }
        return Future.succeededFuture();
    }

    /** {@code TaintsAreTolerated}. */
    static boolean taintsTolerated(List<SeedTaint> taints, List<Toleration> tolerations) {
        if (taints == null || taints.isEmpty()) {
            return true;
        }
        if (taints.size() > tolerations.size()) {
            return false;
        }
        Map<String, String> tolerated = new HashMap<>();
        tolerations.forEach(t -> tolerated.put(CoreRules.text(t.key()), CoreRules.text(t.value())));
        for (SeedTaint taint : taints) {
            if (!tolerated.containsKey(taint.key())) {
                return false;
            }
            if (taint.value() != null && !taint.value().equals(tolerated.get(taint.key()))) {
                return false;
            }
        }
        return true;
    }

    /** {@code AccessRestrictionsAreSupported}. */
    private static boolean accessRestrictionsSupported(
            List<AccessRestriction> seedRestrictions, List<AccessRestrictionWithOptions> shootRestrictions) {
        if (shootRestrictions.isEmpty()) {
            return true;
        }
        List<AccessRestriction> seeds = seedRestrictions == null ? List.of() : seedRestrictions;
        if (shootRestrictions.size() > seeds.size()) {
            return false;
        }
        Set<String> names = new HashSet<>();
        seeds.forEach(s -> names.add(s.name()));
        for (AccessRestrictionWithOptions restriction : shootRestrictions) {
            if (!names.contains(Placement.name(restriction))) {
                return false;
            }
        }
        return true;
    }

    private static String internalDomain(Seed seed) {
        SeedDNSProviderConfig internal =
                seed.spec().dns() == null ? null : seed.spec().dns().internal();
        return internal == null || internal.domain() == null ? "" : internal.domain();
    }

    private static List<String> defaultDomains(Seed seed) {
        if (seed.spec().dns() == null || seed.spec().dns().defaults() == null) {
            return List.of();
        }
        return seed.spec().dns().defaults().stream()
                .map(SeedDNSProviderConfig::domain)
                .toList();
    }

    static Map<String, String> labels(Seed seed) {
        return seed.metadata().labels() == null ? Map.of() : seed.metadata().labels();
    }
}
