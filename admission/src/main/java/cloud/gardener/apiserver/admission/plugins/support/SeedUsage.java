package cloud.gardener.apiserver.admission.plugins.support;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNS;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNSProviderConfig;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The checks Seed and ManagedSeed admission share (Gardener's plugin/pkg/utils): whether shoots run on a
 * seed, and which changes of a seed spec those shoots forbid. {@code kind} is "Seed" or "ManagedSeed" and
 * names the resource in the 403 ({@code core.Resource(kind)}, i.e. the kind in Gardener's internal group).
 */
public final class SeedUsage {

    private final ObjectLookup objects;

    public SeedUsage(ObjectLookup objects) {
        this.objects = objects;
    }

    /** Whether the shoot names the seed in {@code spec.seedName} or {@code status.seedName}. */
    public static boolean usesSeed(JsonNode shoot, String seedName) {
        return seedName.equals(text(shoot, "spec", "seedName")) || seedName.equals(text(shoot, "status", "seedName"));
    }

    /** Whether the shoot's record names the seed in {@code spec.seedName} or {@code status.seedName}. */
    public static boolean usesSeed(Shoot shoot, String seedName) {
        return (shoot.spec() != null
                        && seedName.equals(CoreRules.text(shoot.spec().seedName())))
                || seedName.equals(
                        shoot.status() == null
                                ? ""
                                : CoreRules.text(shoot.status().seedName()));
    }

    /** Whether any shoot in any namespace uses the seed. */
    public Future<Boolean> seedInUse(String seedName) {
        return objects.candidates(GardenerResources.SHOOTS, ShootIndexes.SEED, seedName)
                .map(shoots -> shoots.stream().anyMatch(s -> usesSeed(objects.decode(s, Shoot.class), seedName)));
    }

    /** {@code ValidateZoneRemovalFromSeeds}. */
    public Future<Void> checkZoneRemoval(JsonNode oldSpec, JsonNode newSpec, String seedName, String kind) {
        return checkZoneRemoval(
                strings(oldSpec.path("provider").path("zones")),
                strings(newSpec.path("provider").path("zones")),
                seedName,
                kind);
    }

    /** {@code ValidateZoneRemovalFromSeeds} on the specs' records. */
    public Future<Void> checkZoneRemoval(SeedSpec oldSpec, SeedSpec newSpec, String seedName, String kind) {
        return checkZoneRemoval(zones(oldSpec), zones(newSpec), seedName, kind);
    }

    private static List<String> zones(SeedSpec spec) {
        return spec == null || spec.provider() == null
                ? List.of()
                : CoreRules.list(spec.provider().zones());
    }

    private Future<Void> checkZoneRemoval(List<String> oldZones, List<String> newZones, String seedName, String kind) {
        Set<String> removed = new TreeSet<>(oldZones);
        removed.removeAll(newZones);
        if (removed.isEmpty()) {
            return Future.succeededFuture();
        }
        return seedInUse(seedName)
                .compose(used -> used
                        ? Future.failedFuture(forbidden(
                                kind,
                                seedName,
                                "cannot remove zones " + goList(removed) + " from " + kind + " " + seedName
                                        + " as there are Shoots scheduled to this Seed"))
                        : Future.succeededFuture());
    }

    /** {@code ValidateInternalDomainChangeForSeed}. */
    public Future<Void> checkInternalDomainChange(JsonNode oldSpec, JsonNode newSpec, String seedName, String kind) {
        JsonNode oldInternal = oldSpec.path("dns").get("internal");
        JsonNode newInternal = newSpec.path("dns").get("internal");
        if (oldInternal == null || oldInternal.isNull() || newInternal == null || newInternal.isNull()) {
            return Future.succeededFuture();
        }
        return checkInternalDomainChange(text(oldInternal, "domain"), text(newInternal, "domain"), seedName, kind);
    }

    /** {@code ValidateInternalDomainChangeForSeed} on the specs' records. */
    public Future<Void> checkInternalDomainChange(SeedSpec oldSpec, SeedSpec newSpec, String seedName, String kind) {
        SeedDNSProviderConfig oldInternal = internal(oldSpec);
        SeedDNSProviderConfig newInternal = internal(newSpec);
        if (oldInternal == null || newInternal == null) {
            return Future.succeededFuture();
        }
        return checkInternalDomainChange(
                CoreRules.text(oldInternal.domain()), CoreRules.text(newInternal.domain()), seedName, kind);
    }

    private static SeedDNSProviderConfig internal(SeedSpec spec) {
        SeedDNS dns = spec == null ? null : spec.dns();
        return dns == null ? null : dns.internal();
    }

    private Future<Void> checkInternalDomainChange(String oldDomain, String newDomain, String seedName, String kind) {
        if (oldDomain.equals(newDomain)) {
            return Future.succeededFuture();
        }
        return seedInUse(seedName)
                .compose(used -> used
                        ? Future.failedFuture(forbidden(
                                kind,
                                seedName,
                                "cannot change internal domain as the " + kind + " \"" + seedName
                                        + "\" is still in use by shoots"))
                        : Future.succeededFuture());
    }

    /**
     * {@code ValidateDefaultDomainsChangeForSeed}: default domains used by shoots on the seed cannot be removed,
     * and a seed moving from the global default domains to explicit ones must keep those its shoots use.
     */
    public Future<Void> checkDefaultDomainsChange(JsonNode oldSpec, JsonNode newSpec, String seedName, String kind) {
        return checkDefaultDomainsChange(defaultDomains(oldSpec), defaultDomains(newSpec), seedName, kind);
    }

    /** {@code ValidateDefaultDomainsChangeForSeed} on the specs' records. */
    public Future<Void> checkDefaultDomainsChange(SeedSpec oldSpec, SeedSpec newSpec, String seedName, String kind) {
        return checkDefaultDomainsChange(defaultDomains(oldSpec), defaultDomains(newSpec), seedName, kind);
    }

    private Future<Void> checkDefaultDomainsChange(
            Set<String> oldDomains, Set<String> newDomains, String seedName, String kind) {
        return objects.candidates(GardenerResources.SHOOTS, ShootIndexes.SEED, seedName)
                .compose(shoots -> {
                    List<String> shootDomains = new ArrayList<>();
                    for (ObjectNode tree : shoots) {
                        Shoot shoot = objects.decode(tree, Shoot.class);
                        String domain = shoot.spec() == null || shoot.spec().dns() == null
                                ? null
                                : shoot.spec().dns().domain();
                        if (usesSeed(shoot, seedName) && domain != null) {
                            shootDomains.add(domain);
                        }
                    }
                    Set<String> removed = new LinkedHashSet<>(oldDomains);
                    removed.removeAll(newDomains);
                    Set<String> usedRemoved = usedDomains(shootDomains, removed);
                    if (!usedRemoved.isEmpty()) {
                        return Future.failedFuture(forbidden(
                                kind,
                                seedName,
                                "cannot remove default domains " + goList(usedRemoved) + " from " + kind + " \""
                                        + seedName + "\" as they are still being used by shoots"));
                    }
                    if (!oldDomains.isEmpty() || newDomains.isEmpty()) {
                        return Future.succeededFuture();
                    }
                    return globalDefaultDomains().compose(global -> {
                        Set<String> missing = usedDomains(shootDomains, global);
                        missing.removeAll(newDomains);
                        return missing.isEmpty()
                                ? Future.succeededFuture()
                                : Future.failedFuture(forbidden(
                                        kind,
                                        seedName,
                                        "cannot configure explicit default domains for "
                                                + kind + " \"" + seedName + "\" without including domains "
                                                + goList(missing)
                                                + " that are currently being used by shoots"));
                    });
                });
    }

    /** The domains of the default-domain secrets in the garden namespace, as their annotations name them. */
    public Future<List<String>> globalDefaultDomains() {
        // found by their role, in the namespace's list order, tested as in a scan of all
        return objects.candidates(
                        GardenerResources.SECRETS,
                        GardenerResources.GARDEN_NAMESPACE,
                        SecretIndexes.ROLE,
                        "default-domain")
                .compose(secrets -> {
                    List<String> domains = new ArrayList<>();
                    for (ObjectNode tree : secrets) {
                        Secret secret = objects.decode(tree, Secret.class);
                        Map<String, String> labels = secret.metadata() == null
                                ? Map.of()
                                : CoreRules.map(secret.metadata().labels());
                        if (!"default-domain".equals(labels.get(SecretIndexes.ROLE_LABEL))) {
                            continue;
                        }
                        Map<String, String> annotations =
                                CoreRules.map(secret.metadata().annotations());
                        String domain = CoreRules.text(annotations.get("dns.gardener.cloud/domain"));
                        if (domain.isEmpty()) {
                            return Future.failedFuture(
                                    ApiException.unknown("missing dns domain annotation on domain secret"));
                        }
                        if (CoreRules.empty(annotations.get("dns.gardener.cloud/provider"))) {
                            return Future.failedFuture(
                                    ApiException.unknown("missing dns provider annotation on domain secret"));
                        }
                        domains.add(domain);
                    }
                    return Future.succeededFuture(domains);
                });
    }

    /** The candidates some shoot domain is a subdomain of (each shoot counts for its first match). */
    private static Set<String> usedDomains(List<String> shootDomains, java.util.Collection<String> candidates) {
        Set<String> used = new TreeSet<>();
        for (String shootDomain : shootDomains) {
            for (String candidate : candidates) {
                if (shootDomain.endsWith("." + candidate)) {
                    used.add(candidate);
                    break;
                }
            }
        }
        return used;
    }

    private static Set<String> defaultDomains(JsonNode spec) {
        Set<String> domains = new LinkedHashSet<>();
        for (JsonNode d : spec.path("dns").path("defaults")) {
            domains.add(text(d, "domain"));
        }
        return domains;
    }

    private static Set<String> defaultDomains(SeedSpec spec) {
        Set<String> domains = new LinkedHashSet<>();
        if (spec != null && spec.dns() != null) {
            for (SeedDNSProviderConfig d : CoreRules.list(spec.dns().defaults())) {
                domains.add(CoreRules.text(d.domain()));
            }
        }
        return domains;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    /** A string list as Go's {@code %v} prints it: {@code [a b]}. */
    public static String goList(java.util.Collection<String> values) {
        return "[" + String.join(" ", values) + "]";
    }

    private static ApiException forbidden(String kind, String name, String message) {
        // core.Resource(kind) keeps the kind as Gardener's internal code does: "Seed.core.gardener.cloud".
        return ApiException.forbidden(new GroupResource(StandardResources.CORE, kind), name, message);
    }
}
