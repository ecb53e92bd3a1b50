package cloud.gardener.apiserver.admission.plugins.managedseed.validator;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.SeedNameLabels;
import cloud.gardener.apiserver.admission.plugins.support.SeedUsage;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gardener's ManagedSeed plugin. Admit fills the seed template of {@code spec.gardenlet.config.seedConfig}
 * from the referenced Shoot (backup provider, nginx ingress and its domain, DNS provider, networks, provider
 * type, region and zones, seed VPA off) and keeps the seed-name labels. Validate requires the garden
 * namespace and a Shoot fit to be a seed that no other ManagedSeed uses, a seed spec matching the Shoot, and
 * on update no removed zones, changed internal domain or dropped default domains while shoots run there.
 * Answers are 422 on the ManagedSeed's fields.
 */
public final class ManagedSeedPlugin extends BasePlugin implements MutatingPlugin, ValidatingPlugin {

    public static final String NAME = "ManagedSeed";
    private static final String SEED_SPEC = "spec.gardenlet.config.seedConfig.spec";

    private final ObjectLookup objects;
    private final SeedUsage usage;
    private final SeedDnsProviders dnsProviders;

    public ManagedSeedPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.usage = new SeedUsage(objects);
        this.dnsProviders = new SeedDnsProviders(objects);
    }

    private static boolean ignored(Attributes a) {
        return !RequestChecks.isKind(a, StandardResources.SEEDMANAGEMENT, "ManagedSeed")
                || !RequestChecks.isMainResource(a);
    }

    private static String shootName(JsonNode managedSeed) {
        return text(managedSeed, "spec", "shoot", "name");
    }

    /** The seed spec of the template, or a missing node when the ManagedSeed has none. */
    private static JsonNode seedSpec(JsonNode managedSeed) {
        return managedSeed
                .path("spec")
                .path("gardenlet")
                .path("config")
                .path("seedConfig")
                .path("spec");
    }

    @Override
    public Future<Void> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (ignored(a) || shootName(a.object()).isEmpty()) {
            return Future.succeededFuture();
        }
        return shoot(a).compose(shoot -> {
            JsonNode seedConfig =
                    a.object().path("spec").path("gardenlet").path("config").path("seedConfig");
            Future<List<FieldError>> defaulted = seedConfig.isObject()
                    ? defaultSeedSpec(((ObjectNode) seedConfig).withObjectProperty("spec"), shoot)
                    : Future.succeededFuture(List.of());
            return defaulted.compose(errors -> {
                SeedNameLabels.maintain(a.object(), List.of(text(shoot, "spec", "seedName")));
                return errors.isEmpty() ? Future.succeededFuture() : Future.failedFuture(Rejections.invalid(a, errors));
            });
        });
    }

    /**
     * The seed's Ingress as {@code field.Invalid} prints the struct ({@code %#v}). A provider config prints as a
     * pointer whose address only the Go process knows; a fixed one stands in for it.
     */
    private static GoValue goIngress(JsonNode ingress) {
        JsonNode providerConfig = ingress.path("controller").path("providerConfig");
        return new GoValue("core.Ingress{Domain:" + GoQuote.quote(text(ingress, "domain"))
                + ", Controller:core.IngressController{Kind:" + GoQuote.quote(text(ingress, "controller", "kind"))
                + ", ProviderConfig:(*runtime.RawExtension)(" + (providerConfig.isObject() ? "0xc000000000" : "nil")
                + ")}}");
    }

    /** {@code admitSeedSpec}: fills what the template leaves open from the shoot. */
    private Future<List<FieldError>> defaultSeedSpec(ObjectNode spec, JsonNode shoot) {
        JsonNode shootSpec = shoot.path("spec");
        if (spec.path("backup").isObject() && text(spec, "backup", "provider").isEmpty()) {
            spec.withObjectProperty("backup").put("provider", text(shootSpec, "provider", "type"));
        }
        if (!spec.path("ingress").isObject()) {
            spec.putObject("ingress").putObject("controller").put("kind", "nginx");
        }
        // the problem finding the DNS provider's credentials, or "" when there is none
        Future<String> dns = Future.succeededFuture("");
        if (!spec.path("dns").path("provider").isObject()) {
            dns = dnsProviders
                    .forShoot(shoot)
                    .map(provider -> {
                        spec.withObjectProperty("dns").set("provider", provider);
                        return "";
                    })
                    .recover(e -> e instanceof ApiException
                            ? Future.failedFuture(e)
                            : Future.succeededFuture(e.getMessage()));
        }
        return dns.map(problem -> {
            ObjectNode ingress = spec.withObjectProperty("ingress");
            if (text(ingress, "domain").isEmpty()) {
                ingress.put("domain", "ingress." + text(shootSpec, "dns", "domain"));
            }
            // Gardener's field error holds a pointer to the ingress and prints it once the defaulting is done
            List<FieldError> errors = problem.isEmpty()
                    ? List.of()
                    : List.of(FieldError.invalid(SEED_SPEC + ".ingress", goIngress(ingress), problem));
            ObjectNode networks = spec.withObjectProperty("networks");
            JsonNode networking = shootSpec.path("networking");
            if (!networks.hasNonNull("nodes") && networking.hasNonNull("nodes")) {
                networks.put("nodes", text(networking, "nodes"));
            }
            for (String field : List.of("pods", "services")) {
                if (text(networks, field).isEmpty() && networking.hasNonNull(field)) {
                    networks.put(field, text(networking, field));
                }
            }
            ObjectNode provider = spec.withObjectProperty("provider");
            if (text(provider, "type").isEmpty()) {
                provider.put("type", text(shootSpec, "provider", "type"));
            }
            if (text(provider, "region").isEmpty()) {
                provider.put("region", text(shootSpec, "region"));
            }
            Set<String> zones = shootZones(shoot);
            if (provider.path("zones").isEmpty() && !zones.isEmpty()) {
                zones.forEach(provider.putArray("zones")::add);
            }
            ObjectNode settings = spec.withObjectProperty("settings");
            if (!settings.path("verticalPodAutoscaler").isObject()) {
                settings.putObject("verticalPodAutoscaler").put("enabled", false);
            }
            return errors;
        });
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (ignored(a)) {
            return Future.succeededFuture();
        }
        ObjectNode managedSeed = a.object();
        String namespace = text(managedSeed, "metadata", "namespace");
        if (!namespace.equals(GardenerResources.GARDEN_NAMESPACE)) {
            return Future.failedFuture(Rejections.invalid(
                    a, List.of(FieldError.invalid("metadata.namespace", namespace, "namespace must be garden"))));
        }
        String shootName = shootName(managedSeed);
        if (shootName.isEmpty()) {
            return Future.succeededFuture();
        }
        return shoot(a).compose(shoot -> objects.list(GardenerResources.MANAGED_SEEDS, namespace)
                .compose(managedSeeds -> {
                    List<FieldError> errors = new ArrayList<>();
                    String shootKey = namespace + "/" + shootName;
                    String path = "spec.shoot.name";
                    JsonNode shootSpec = shoot.path("spec");
                    if (text(shootSpec, "dns", "domain").isEmpty()) {
                        errors.add(FieldError.invalid(
                                path, shootName, "shoot " + shootKey + " does not specify a domain"));
                    }
                    if (shootSpec
                            .path("addons")
                            .path("nginxIngress")
                            .path("enabled")
                            .asBoolean(false)) {
                        errors.add(
                                FieldError.invalid(
                                        path,
                                        shootName,
                                        "shoot ingress addon is not supported for managed seeds - use the managed seed ingress controller"));
                    }
                    if (!shootSpec
                            .path("kubernetes")
                            .path("verticalPodAutoscaler")
                            .path("enabled")
                            .asBoolean(false)) {
                        errors.add(
                                FieldError.invalid(path, shootName, "shoot VPA has to be enabled for managed seeds"));
                    }
                    if (shootSpec.path("provider").path("workers").isEmpty()) {
                        errors.add(FieldError.invalid(
                                path, shootName, "workerless shoot cannot be used to create managed seed"));
                    }
                    String name = text(managedSeed, "metadata", "name");
                    for (ObjectNode other : managedSeeds) {
                        if (shootName.equals(shootName(other)) && !name.equals(text(other, "metadata", "name"))) {
                            errors.add(FieldError.invalid(
                                    path,
                                    shootName,
                                    "shoot " + shootKey + " already registered as seed by " + "managed seed "
                                            + namespace + "/" + text(other, "metadata", "name")));
                            break;
                        }
                    }
                    JsonNode spec = seedSpec(managedSeed);
                    Future<Void> update = Future.succeededFuture();
                    if (!spec.isMissingNode()) {
                        errors.addAll(seedSpecMatchesShoot(spec, shoot));
                        Set<String> zones = shootZones(shoot);
                        if (a.operation() == Operation.CREATE) {
                            if (!zones.containsAll(strings(spec.path("provider").path("zones")))) {
                                errors.add(FieldError.invalid(
                                        SEED_SPEC + ".provider.zones",
                                        strings(spec.path("provider").path("zones")),
                                        "cannot use zone in seed provider that is not available in referenced shoot"));
                            }
                        } else {
                            update = validateUpdate(seedSpec(a.oldObject()), spec, name, zones, errors);
                        }
                    }
                    return update.compose(v -> errors.isEmpty()
                            ? Future.succeededFuture()
                            : Future.failedFuture(Rejections.invalid(a, errors)));
                }));
    }

    private Future<Void> validateUpdate(
            JsonNode oldSpec, JsonNode spec, String name, Set<String> shootZones, List<FieldError> errors) {
        JsonNode old = oldSpec == null ? MissingNode.getInstance() : oldSpec;
        Set<String> added = new TreeSet<>(strings(spec.path("provider").path("zones")));
        added.removeAll(strings(old.path("provider").path("zones")));
        return forbiddenIfFails(
                        usage.checkZoneRemoval(old, spec, name, "ManagedSeed"),
                        errors,
                        FieldError.forbidden(
                                SEED_SPEC + ".provider.zones",
                                "zones must not be removed while shoots are still " + "scheduled onto seed"))
                .compose(v -> forbiddenIfFails(
                        usage.checkInternalDomainChange(old, spec, name, "ManagedSeed"),
                        errors,
                        FieldError.forbidden(
                                SEED_SPEC + ".dns.internal.domain",
                                "internal domain must not be changed while " + "shoots are still scheduled onto seed")))
                .compose(v -> forbiddenIfFails(
                        usage.checkDefaultDomainsChange(old, spec, name, "ManagedSeed"),
                        errors,
                        FieldError.forbidden(
                                SEED_SPEC + ".dns.defaults",
                                "default domains must not be removed while shoots " + "are still using them")))
                .map(v -> {
                    if (!shootZones.containsAll(added)) {
                        errors.add(
                                FieldError.invalid(
                                        SEED_SPEC + ".provider.zones",
                                        List.copyOf(added),
                                        "added zones must match zone names configured for workers in the referenced shoot cluster"));
                    }
                    return null;
                });
    }

    /** Gardener turns any error of these checks (also a failed list) into the one field error. */
    private static Future<Void> forbiddenIfFails(Future<Void> check, List<FieldError> errors, FieldError error) {
        return check.recover(e -> {
            errors.add(error);
            return Future.succeededFuture();
        });
    }

    /** {@code validateSeedSpec}: the seed must sit exactly on the shoot. */
    private static List<FieldError> seedSpecMatchesShoot(JsonNode spec, JsonNode shoot) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode shootSpec = shoot.path("spec");
        if (shootSpec.path("dns").hasNonNull("domain")) {
            String ingressDomain = "ingress." + text(shootSpec, "dns", "domain");
            if (spec.path("ingress").isObject() && !ingressDomain.equals(text(spec, "ingress", "domain"))) {
                errors.add(FieldError.invalid(
                        SEED_SPEC + ".ingress.domain",
                        text(spec, "ingress", "domain"),
                        "seed ingress domain must be equal to shoot DNS domain " + ingressDomain));
            }
        }
        JsonNode networking = shootSpec.path("networking");
        JsonNode networks = spec.path("networks");
        if (networking.hasNonNull("nodes") && !text(networking, "nodes").equals(text(networks, "nodes"))) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".networks.nodes",
                    networks.hasNonNull("nodes") ? text(networks, "nodes") : null,
                    "seed nodes CIDR must be equal to shoot nodes CIDR " + text(networking, "nodes")));
        }
        if (networking.hasNonNull("pods") && !text(networking, "pods").equals(text(networks, "pods"))) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".networks.pods",
                    text(networks, "pods"),
                    "seed pods CIDR must be equal to shoot pods CIDR " + text(networking, "pods")));
        }
        if (networking.hasNonNull("services") && !text(networking, "services").equals(text(networks, "services"))) {
            // Gardener reports the pods CIDR as the bad value here.
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".networks.services",
                    text(networks, "pods"),
                    "seed services CIDR must be equal to shoot services CIDR " + text(networking, "services")));
        }
        if (!text(spec, "provider", "type").equals(text(shootSpec, "provider", "type"))) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".provider.type",
                    text(spec, "provider", "type"),
                    "seed provider type must be equal to shoot provider type " + text(shootSpec, "provider", "type")));
        }
        if (!text(spec, "provider", "region").equals(text(shootSpec, "region"))) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".provider.region",
                    text(spec, "provider", "region"),
                    "seed provider region must be equal to shoot region " + text(shootSpec, "region")));
        }
        if (spec.path("settings").path("verticalPodAutoscaler").path("enabled").asBoolean(false)) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".settings.verticalPodAutoscaler.enabled",
                    true,
                    "seed VPA is not supported for managed seeds - use the shoot VPA"));
        }
        if (spec.path("settings").path("topologyAwareRouting").path("enabled").asBoolean(false)) {
            JsonNode kubernetes = shootSpec.path("kubernetes");
            for (String[] component : new String[][] {
                {"kubeAPIServer", "kube-apiserver"},
                {"kubeControllerManager", "kube-controller-manager"},
                {"kubeProxy", "kube-proxy"}
            }) {
                JsonNode gate =
                        kubernetes.path(component[0]).path("featureGates").path("TopologyAwareHints");
                if (gate.isBoolean() && !gate.asBoolean()) {
                    errors.add(FieldError.invalid(
                            SEED_SPEC + ".settings.topologyAwareRouting.enabled",
                            true,
                            "the topology-aware routing seed setting cannot be enabled when the TopologyAwareHints feature "
                                    + "gate is disabled for " + component[1]));
                }
            }
        }
        return errors;
    }

    /** The shoot the ManagedSeed names (cache, then live); missing is 422 on {@code spec.shoot.name}. */
    private Future<ObjectNode> shoot(Attributes a) {
        String namespace = text(a.object(), "metadata", "namespace");
        String name = shootName(a.object());
        return objects.get(GardenerResources.SHOOTS, namespace, name)
                .compose(found -> found.isPresent()
                        ? Future.succeededFuture(found.get())
                        : Future.failedFuture(Rejections.invalid(
                                a,
                                List.of(FieldError.invalid(
                                        "spec.shoot.name", name, "shoot " + namespace + "/" + name + " not found")))));
    }

    /** {@code GetAllZonesFromShoot}, sorted. */
    private static Set<String> shootZones(JsonNode shoot) {
        Set<String> zones = new TreeSet<>();
        shoot.path("spec").path("provider").path("workers").forEach(w -> zones.addAll(strings(w.path("zones"))));
        return zones;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
