package cloud.gardener.apiserver.admission.plugins.managedseed.validator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.map;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.SeedNameLabels;
import cloud.gardener.apiserver.admission.plugins.support.SeedUsage;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.seedmanagement.SeedTemplates;
import cloud.gardener.apiserver.api.core.v1beta1.Ingress;
import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeControllerManagerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeProxyConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.core.v1beta1.SeedNetworks;
import cloud.gardener.apiserver.api.core.v1beta1.SeedProvider;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSettings;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.SeedTemplate;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Gardener's ManagedSeed plugin. Admit fills the seed template of {@code spec.gardenlet.config.seedConfig}
 * from the referenced Shoot (backup provider, nginx ingress and its domain, DNS provider, networks, provider
 * type, region and zones, seed VPA off) and keeps the seed-name labels. Validate requires the garden
 * namespace and a Shoot fit to be a seed that no other ManagedSeed uses, a seed spec matching the Shoot, and
 * on update no removed zones, changed internal domain or dropped default domains while shoots run there.
 * Answers are 422 on the ManagedSeed's fields.
 *
 * <p>The gardenlet configuration is raw JSON in the model (a GardenletConfiguration the apiserver does not type);
 * its seed template is read as the model's {@link SeedTemplate} ({@link SeedTemplates}). Admit writes its defaults
 * into the request's tree.
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

    private static String shootName(ManagedSeed managedSeed) {
        ManagedSeedSpec spec = managedSeed.spec();
        return spec == null || spec.shoot() == null ? "" : text(spec.shoot().name());
    }

    private static String namespace(ManagedSeed managedSeed) {
        return managedSeed.metadata() == null ? "" : text(managedSeed.metadata().namespace());
    }

    private static String name(ManagedSeed managedSeed) {
        return managedSeed.metadata() == null ? "" : text(managedSeed.metadata().name());
    }

    /**
     * The seed template of the ManagedSeed's gardenlet configuration, or null when it has none. One that does not
     * decode is left to the strategy's validation ({@code could not convert gardenlet config}), as null here.
     */
    private static SeedTemplate seedTemplate(ManagedSeed managedSeed) {
        ManagedSeedSpec spec = managedSeed.spec();
        try {
            return spec == null || spec.gardenlet() == null
                    ? null
                    : SeedTemplates.of(spec.gardenlet().config());
        } catch (DecodeException e) {
            return null;
        }
    }

    /** A field of a struct of the model, or null where the struct is absent (Go's nil or zero value). */
    private static <S, T> T field(S struct, Function<S, T> field) {
        return struct == null ? null : field.apply(struct);
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (ignored(a)) {
            return Mutation.none();
        }
        ManagedSeed managedSeed = a.object(ManagedSeed.class);
        if (shootName(managedSeed).isEmpty()) {
            return Mutation.none();
        }
        SeedTemplate template = seedTemplate(managedSeed);
        return shoot(a, managedSeed).compose(shoot -> {
            // the tree is written only after the records are read
            Future<List<FieldError>> defaulted = template != null
                    ? defaultSeedSpec(template.spec(), seedSpecTree(a.object()), shoot)
                    : Future.succeededFuture(List.of());
            return defaulted.compose(errors -> {
                SeedNameLabels.maintain(
                        a.object(),
                        List.of(shoot.spec() == null ? "" : text(shoot.spec().seedName())));
                return errors.isEmpty() ? Mutation.wrote() : Future.failedFuture(Rejections.invalid(a, errors));
            });
        });
    }

    /** The seed template's spec in the request's tree, to write defaults into (created when absent). */
    private static ObjectNode seedSpecTree(ObjectNode managedSeed) {
        return ShootTrees.object(managedSeed, "spec", "gardenlet", "config", "seedConfig", "spec");
    }

    /**
     * The seed's Ingress as {@code field.Invalid} prints the struct ({@code %#v}), once defaulted: the
     * template's domain or {@code domain}, nginx where the template has no ingress. A provider config prints as a
     * pointer whose address only the Go process knows; a fixed one stands in for it.
     */
    private static GoValue goIngress(Ingress ingress, String domain) {
        String kind = ingress == null ? "nginx" : text(field(ingress.controller(), c -> c.kind()));
        JsonNode providerConfig = ingress == null ? null : field(ingress.controller(), c -> c.providerConfig());
        return new GoValue("core.Ingress{Domain:" + GoQuote.quote(domain)
                + ", Controller:core.IngressController{Kind:" + GoQuote.quote(kind)
                + ", ProviderConfig:(*runtime.RawExtension)("
                + (providerConfig != null && providerConfig.isObject() ? "0xc000000000" : "nil")
                + ")}}");
    }

    /** {@code admitSeedSpec}: fills what the template's {@code spec} (a record) leaves open from the shoot. */
    private Future<List<FieldError>> defaultSeedSpec(SeedSpec spec, ObjectNode specTree, Shoot shoot) {
        ShootSpec shootSpec = shoot.spec();
        String shootProviderType = text(field(field(shootSpec, ShootSpec::provider), p -> p.type()));
        if (field(spec, SeedSpec::backup) != null
                && text(spec.backup().provider()).isEmpty()) {
            specTree.withObjectProperty("backup").put("provider", shootProviderType);
        }
        Ingress ingress = field(spec, SeedSpec::ingress);
        if (ingress == null) {
            specTree.putObject("ingress").putObject("controller").put("kind", "nginx");
        }
        // the problem finding the DNS provider's credentials, or "" when there is none
        Future<String> dns = Future.succeededFuture("");
        if (field(field(spec, SeedSpec::dns), d -> d.provider()) == null) {
            dns = dnsProviders
                    .forShoot(shoot)
                    .map(provider -> {
                        specTree.withObjectProperty("dns").set("provider", ModelCodec.encode(provider));
                        return "";
                    })
                    .recover(e -> e instanceof ApiException
                            ? Future.failedFuture(e)
                            : Future.succeededFuture(e.getMessage()));
        }
        return dns.map(problem -> {
            String domain = text(field(ingress, Ingress::domain));
            if (domain.isEmpty()) {
                domain = "ingress." + text(field(field(shootSpec, ShootSpec::dns), d -> d.domain()));
                specTree.withObjectProperty("ingress").put("domain", domain);
            }
            // Gardener's field error holds a pointer to the ingress and prints it once the defaulting is done
            List<FieldError> errors = problem.isEmpty()
                    ? List.of()
                    : List.of(FieldError.invalid(SEED_SPEC + ".ingress", goIngress(ingress, domain), problem));
            ObjectNode networksTree = specTree.withObjectProperty("networks");
            SeedNetworks networks = field(spec, SeedSpec::networks);
            Networking networking = field(shootSpec, ShootSpec::networking);
            if (field(networks, SeedNetworks::nodes) == null && field(networking, Networking::nodes) != null) {
                networksTree.put("nodes", networking.nodes());
            }
            if (text(field(networks, SeedNetworks::pods)).isEmpty() && field(networking, Networking::pods) != null) {
                networksTree.put("pods", networking.pods());
            }
            if (text(field(networks, SeedNetworks::services)).isEmpty()
                    && field(networking, Networking::services) != null) {
                networksTree.put("services", networking.services());
            }
            ObjectNode providerTree = specTree.withObjectProperty("provider");
            SeedProvider provider = field(spec, SeedSpec::provider);
            if (text(field(provider, SeedProvider::type)).isEmpty()) {
                providerTree.put("type", shootProviderType);
            }
            if (text(field(provider, SeedProvider::region)).isEmpty()) {
                providerTree.put("region", text(field(shootSpec, ShootSpec::region)));
            }
            Set<String> zones = ShootTrees.zones(shootSpec);
            if (list(field(provider, SeedProvider::zones)).isEmpty() && !zones.isEmpty()) {
                zones.forEach(providerTree.putArray("zones")::add);
            }
            ObjectNode settingsTree = specTree.withObjectProperty("settings");
            if (field(field(spec, SeedSpec::settings), SeedSettings::verticalPodAutoscaler) == null) {
                settingsTree.putObject("verticalPodAutoscaler").put("enabled", false);
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
        ManagedSeed managedSeed = a.object(ManagedSeed.class);
        String namespace = namespace(managedSeed);
        if (!namespace.equals(GardenerResources.GARDEN_NAMESPACE)) {
            return Future.failedFuture(Rejections.invalid(
                    a, List.of(FieldError.invalid("metadata.namespace", namespace, "namespace must be garden"))));
        }
        String shootName = shootName(managedSeed);
        if (shootName.isEmpty()) {
            return Future.succeededFuture();
        }
        return shoot(a, managedSeed)
                .compose(shoot -> objects.list(ManagedSeed.class, GardenerResources.MANAGED_SEEDS, namespace)
                        .compose(managedSeeds -> {
                            List<FieldError> errors = new ArrayList<>();
                            String path = "spec.shoot.name";
                            errors.addAll(shootFitsSeed(shoot.spec(), path, namespace + "/" + shootName, shootName));
                            String name = name(managedSeed);
                            for (ManagedSeed other : managedSeeds) {
                                if (shootName.equals(shootName(other)) && !name.equals(name(other))) {
                                    errors.add(FieldError.invalid(
                                            path,
                                            shootName,
                                            "shoot " + namespace + "/" + shootName + " already registered as seed by "
                                                    + "managed seed " + namespace + "/" + name(other)));
                                    break;
                                }
                            }
                            SeedTemplate template = seedTemplate(managedSeed);
                            Future<Void> update = Future.succeededFuture();
                            if (template != null) {
                                SeedSpec spec = template.spec();
                                errors.addAll(seedSpecMatchesShoot(spec, shoot.spec()));
                                Set<String> zones = ShootTrees.zones(shoot.spec());
                                List<String> seedZones = seedZones(spec);
                                if (a.operation() == Operation.CREATE) {
                                    if (!zones.containsAll(seedZones)) {
                                        errors.add(
                                                FieldError.invalid(
                                                        SEED_SPEC + ".provider.zones",
                                                        seedZones,
                                                        "cannot use zone in seed provider that is not available in referenced shoot"));
                                    }
                                } else {
                                    SeedTemplate oldTemplate = seedTemplate(a.oldObject(ManagedSeed.class));
                                    update = validateUpdate(
                                            oldTemplate == null ? null : oldTemplate.spec(), spec, name, zones, errors);
                                }
                            }
                            return update.compose(v -> errors.isEmpty()
                                    ? Future.succeededFuture()
                                    : Future.failedFuture(Rejections.invalid(a, errors)));
                        }));
    }

    /** Whether the shoot can be registered as seed: a domain, no nginx addon, VPA on, workers. */
    private static List<FieldError> shootFitsSeed(ShootSpec shootSpec, String path, String shootKey, String shootName) {
        List<FieldError> errors = new ArrayList<>();
        if (text(field(field(shootSpec, ShootSpec::dns), d -> d.domain())).isEmpty()) {
            errors.add(FieldError.invalid(path, shootName, "shoot " + shootKey + " does not specify a domain"));
        }
        if (ShootTrees.nginxIngressEnabled(shootSpec)) {
            errors.add(
                    FieldError.invalid(
                            path,
                            shootName,
                            "shoot ingress addon is not supported for managed seeds - use the managed seed ingress controller"));
        }
        if (!ShootTrees.wantsVerticalPodAutoscaler(shootSpec)) {
            errors.add(FieldError.invalid(path, shootName, "shoot VPA has to be enabled for managed seeds"));
        }
        if (ShootTrees.workers(shootSpec).isEmpty()) {
            errors.add(FieldError.invalid(path, shootName, "workerless shoot cannot be used to create managed seed"));
        }
        return errors;
    }

    private static List<String> seedZones(SeedSpec spec) {
        return list(field(field(spec, SeedSpec::provider), SeedProvider::zones));
    }

    private Future<Void> validateUpdate(
            SeedSpec oldSpec, SeedSpec spec, String name, Set<String> shootZones, List<FieldError> errors) {
        Set<String> added = new TreeSet<>(seedZones(spec));
        seedZones(oldSpec).forEach(added::remove);
        return forbiddenIfFails(
                        usage.checkZoneRemoval(oldSpec, spec, name, "ManagedSeed"),
                        errors,
                        FieldError.forbidden(
                                SEED_SPEC + ".provider.zones",
                                "zones must not be removed while shoots are still " + "scheduled onto seed"))
                .compose(v -> forbiddenIfFails(
                        usage.checkInternalDomainChange(oldSpec, spec, name, "ManagedSeed"),
                        errors,
                        FieldError.forbidden(
                                SEED_SPEC + ".dns.internal.domain",
                                "internal domain must not be changed while " + "shoots are still scheduled onto seed")))
                .compose(v -> forbiddenIfFails(
                        usage.checkDefaultDomainsChange(oldSpec, spec, name, "ManagedSeed"),
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
    private static List<FieldError> seedSpecMatchesShoot(SeedSpec spec, ShootSpec shootSpec) {
        List<FieldError> errors = new ArrayList<>();
        String shootDomain = field(field(shootSpec, ShootSpec::dns), d -> d.domain());
        Ingress ingress = field(spec, SeedSpec::ingress);
        if (shootDomain != null) {
            String ingressDomain = "ingress." + shootDomain;
            if (ingress != null && !ingressDomain.equals(text(ingress.domain()))) {
                errors.add(FieldError.invalid(
                        SEED_SPEC + ".ingress.domain",
                        text(ingress.domain()),
                        "seed ingress domain must be equal to shoot DNS domain " + ingressDomain));
            }
        }
        Networking networking = field(shootSpec, ShootSpec::networking);
        SeedNetworks networks = field(spec, SeedSpec::networks);
        String shootNodes = field(networking, Networking::nodes);
        String nodes = field(networks, SeedNetworks::nodes);
        // reflect.DeepEqual of the two pointers: an absent seed CIDR differs from any shoot CIDR
        if (shootNodes != null && !Objects.equals(nodes, shootNodes)) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".networks.nodes",
                    nodes,
                    "seed nodes CIDR must be equal to shoot nodes CIDR " + shootNodes));
        }
        String pods = text(field(networks, SeedNetworks::pods));
        String shootPods = field(networking, Networking::pods);
        if (shootPods != null && !shootPods.equals(pods)) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".networks.pods",
                    pods,
                    "seed pods CIDR must be equal to shoot pods CIDR " + shootPods));
        }
        String shootServices = field(networking, Networking::services);
        if (shootServices != null && !shootServices.equals(text(field(networks, SeedNetworks::services)))) {
            // Gardener reports the pods CIDR as the bad value here.
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".networks.services",
                    pods,
                    "seed services CIDR must be equal to shoot services CIDR " + shootServices));
        }
        SeedProvider provider = field(spec, SeedSpec::provider);
        String type = text(field(provider, SeedProvider::type));
        String shootType = text(field(field(shootSpec, ShootSpec::provider), p -> p.type()));
        if (!type.equals(shootType)) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".provider.type",
                    type,
                    "seed provider type must be equal to shoot provider type " + shootType));
        }
        String region = text(field(provider, SeedProvider::region));
        String shootRegion = text(field(shootSpec, ShootSpec::region));
        if (!region.equals(shootRegion)) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".provider.region",
                    region,
                    "seed provider region must be equal to shoot region " + shootRegion));
        }
        SeedSettings settings = field(spec, SeedSpec::settings);
        if (Boolean.TRUE.equals(field(field(settings, SeedSettings::verticalPodAutoscaler), v -> v.enabled()))) {
            errors.add(FieldError.invalid(
                    SEED_SPEC + ".settings.verticalPodAutoscaler.enabled",
                    true,
                    "seed VPA is not supported for managed seeds - use the shoot VPA"));
        }
        // SeedSettingTopologyAwareRoutingEnabled
        if (Boolean.TRUE.equals(field(field(settings, SeedSettings::topologyAwareRouting), t -> t.enabled()))) {
            Kubernetes kubernetes = field(shootSpec, ShootSpec::kubernetes);
            List<Map.Entry<String, KubernetesConfig>> components = List.of(
                    Map.entry(
                            "kube-apiserver",
                            field(field(kubernetes, Kubernetes::kubeAPIServer), KubeAPIServerConfig::kubernetesConfig)),
                    Map.entry(
                            "kube-controller-manager",
                            field(
                                    field(kubernetes, Kubernetes::kubeControllerManager),
                                    KubeControllerManagerConfig::kubernetesConfig)),
                    Map.entry(
                            "kube-proxy",
                            field(field(kubernetes, Kubernetes::kubeProxy), KubeProxyConfig::kubernetesConfig)));
            for (Map.Entry<String, KubernetesConfig> component : components) {
                // Kube*FeatureGateDisabled: the gate is set, to false
                Boolean gate = map(field(component.getValue(), KubernetesConfig::featureGates))
                        .get("TopologyAwareHints");
                if (Boolean.FALSE.equals(gate)) {
                    errors.add(FieldError.invalid(
                            SEED_SPEC + ".settings.topologyAwareRouting.enabled",
                            true,
                            "the topology-aware routing seed setting cannot be enabled when the TopologyAwareHints feature "
                                    + "gate is disabled for " + component.getKey()));
                }
            }
        }
        return errors;
    }

    /** The shoot the ManagedSeed names (cache, then live); missing is 422 on {@code spec.shoot.name}. */
    private Future<Shoot> shoot(Attributes a, ManagedSeed managedSeed) {
        String namespace = namespace(managedSeed);
        String name = shootName(managedSeed);
        return objects.get(Shoot.class, GardenerResources.SHOOTS, namespace, name)
                .compose(found -> found.isPresent()
                        ? Future.succeededFuture(found.get())
                        : Future.failedFuture(Rejections.invalid(
                                a,
                                List.of(FieldError.invalid(
                                        "spec.shoot.name", name, "shoot " + namespace + "/" + name + " not found")))));
    }
}
