package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.map;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.api.core.v1beta1.Backup;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNS;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNSProviderConfig;
import cloud.gardener.apiserver.api.core.v1beta1.SeedNetworks;
import cloud.gardener.apiserver.api.core.v1beta1.SeedProvider;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSettingExcessCapacityReservationConfig;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSettingLoadBalancerServices;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSettingLoadBalancerServicesZones;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSettings;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.SeedTaint;
import cloud.gardener.apiserver.api.core.v1beta1.SeedVolumeProvider;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code ValidateSeed}: provider, networks (parsable, one family, disjoint, not reserved), backup, taints,
 * volumes, settings, ingress and DNS; on update the networks, ingress domain and backup provider/region are
 * immutable and default DNS settings cannot be removed. {@link #validateSpec} also serves seed templates.
 */
public final class SeedValidator implements Validator<Seed> {

    static final String OPERATION_ANNOTATION = "gardener.cloud/operation";
    static final List<String> OPERATIONS =
            List.of("reconcile", "renew-garden-access-secrets", "renew-kubeconfig", "renew-workload-identity-tokens");
    static final List<String> TRAFFIC_POLICIES = List.of("Cluster", "Local");

    @Override
    public List<FieldError> validate(Seed seed) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                seed.metadata(), false, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        String operation = operation(seed);
        if (!operation.isEmpty() && !OPERATIONS.contains(operation)) {
            errs.add(FieldError.notSupported(operationPath(), operation, OPERATIONS));
        }
        errs.addAll(validateSpec(seed.spec(), FieldPath.of("spec"), false));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(Seed seed, Seed old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(seed.metadata(), old.metadata(), FieldPath.of("metadata")));
        String operation = operation(seed);
        String oldOperation = operation(old);
        if (!operation.isEmpty() && !oldOperation.isEmpty() && !operation.equals(oldOperation)) {
            errs.add(FieldError.forbidden(
                    operationPath(),
                    "must not overwrite operation \"" + oldOperation + "\" with \"" + operation + "\""));
        }
        errs.addAll(validateSpecUpdate(seed.spec(), old.spec(), FieldPath.of("spec")));
        errs.addAll(validate(seed));
        return errs;
    }

    private static String operation(Seed seed) {
        return seed.metadata() == null
                ? ""
                : text(map(seed.metadata().annotations()).get(OPERATION_ANNOTATION));
    }

    private static String operationPath() {
        return FieldPath.of("metadata", "annotations").key(OPERATION_ANNOTATION).toString();
    }

    /** {@code ValidateSeedSpec}; {@code inTemplate} relaxes what a ManagedSeed's gardenlet fills in. */
    public static List<FieldError> validateSpec(SeedSpec seedSpec, FieldPath path, boolean inTemplate) {
        List<FieldError> errs = new ArrayList<>();
        SeedSpec spec = seedSpec == null
                ? new SeedSpec(null, null, null, null, null, null, null, null, null, null, null)
                : seedSpec;
        SeedProvider provider = spec.provider() == null ? new SeedProvider(null, null, null, null) : spec.provider();
        FieldPath providerPath = path.child("provider");
        if (!inTemplate && empty(provider.type())) {
            errs.add(FieldError.required(providerPath.child("type").toString(), "must provide a provider type"));
        }
        if (!inTemplate && empty(provider.region())) {
            errs.add(FieldError.required(providerPath.child("region").toString(), "must provide a provider region"));
        }
        List<String> zones = list(provider.zones());
        Set<String> seenZones = new HashSet<>();
        for (int i = 0; i < zones.size(); i++) {
            if (!seenZones.add(zones.get(i))) {
                errs.add(FieldError.duplicate(
                        providerPath.child("zones").index(i).toString(), zones.get(i)));
                break;
            }
        }
        errs.addAll(networks(spec.networks(), path.child("networks"), inTemplate));
        errs.addAll(backup(spec.backup(), text(provider.type()), path.child("backup")));

        Set<String> taints = new HashSet<>();
        List<SeedTaint> ts = list(spec.taints());
        for (int i = 0; i < ts.size(); i++) {
            FieldPath idx = path.child("taints").index(i);
            if (empty(ts.get(i).key())) {
                errs.add(FieldError.required(idx.child("key").toString(), "cannot be empty"));
            }
            String id = CoreRules.idForKey(ts.get(i).key(), ts.get(i).value());
            if (!taints.add(id)) {
                errs.add(FieldError.duplicate(idx.toString(), id));
            }
        }

        if (spec.volume() != null) {
            if (spec.volume().minimumSize() != null) {
                errs.addAll(CoreRules.resourceQuantityValue(
                        "minimumSize", spec.volume().minimumSize(), path.child("volume", "minimumSize")));
            }
            Set<String> purposes = new HashSet<>();
            List<SeedVolumeProvider> vps = list(spec.volume().providers());
            for (int i = 0; i < vps.size(); i++) {
                FieldPath idx = path.child("volume", "providers").index(i);
                String purpose = text(vps.get(i).purpose());
                if (purpose.isEmpty()) {
                    errs.add(FieldError.required(idx.child("purpose").toString(), "cannot be empty"));
                }
                if (empty(vps.get(i).name())) {
                    errs.add(FieldError.required(idx.child("name").toString(), "cannot be empty"));
                }
                if (!purposes.add(purpose)) {
                    errs.add(FieldError.duplicate(idx.child("purpose").toString(), purpose));
                }
            }
        }

        if (spec.settings() != null) {
            errs.addAll(settings(spec.settings(), zones, path.child("settings")));
        }

        if (!inTemplate && spec.ingress() == null) {
            errs.add(FieldError.required(path.child("ingress").toString(), "cannot be empty"));
        }
        SeedDNS dns = spec.dns() == null ? new SeedDNS(null, null, null) : spec.dns();
        if (spec.ingress() != null) {
            String domain = text(spec.ingress().domain());
            if (domain.isEmpty()) {
                errs.add(FieldError.required(path.child("ingress", "domain").toString(), "cannot be empty"));
            } else {
                errs.addAll(CoreRules.dns1123Subdomain(domain, path.child("ingress", "domain")));
            }
            String kind = spec.ingress().controller() == null
                    ? ""
                    : text(spec.ingress().controller().kind());
            if (!kind.equals("nginx")) {
                errs.add(FieldError.notSupported(
                        path.child("ingress", "controller", "kind").toString(), kind, List.of("nginx")));
            }
            if (dns.provider() == null) {
                errs.add(FieldError.required(
                        path.child("dns", "provider").toString(),
                        "ingress controller requires dns.provider to be set"));
            }
        }
        if (dns.provider() != null) {
            FieldPath dp = path.child("dns", "provider");
            if (empty(dns.provider().type())) {
                errs.add(FieldError.required(dp.child("type").toString(), "DNS provider type must be set"));
            }
            if (dns.provider().credentialsRef() == null) {
                errs.add(FieldError.required(
                        dp.child("credentialsRef").toString(), "must be set to refer a Secret or WorkloadIdentity"));
            } else {
                errs.addAll(
                        CoreRules.credentialsRef(dns.provider().credentialsRef(), true, dp.child("credentialsRef")));
            }
        }
        if (dns.internal() == null) {
            errs.add(FieldError.required(
                    path.child("dns", "internal").toString(), "internal DNS configuration is required"));
        } else {
            errs.addAll(dnsProviderConfig(dns.internal(), path.child("dns", "internal")));
        }
        Set<String> defaultDomains = new HashSet<>();
        List<SeedDNSProviderConfig> defaults = list(dns.defaults());
        for (int i = 0; i < defaults.size(); i++) {
            FieldPath idx = path.child("dns", "defaults").index(i);
            errs.addAll(dnsProviderConfig(defaults.get(i), idx));
            if (!defaultDomains.add(text(defaults.get(i).domain()))) {
                errs.add(FieldError.duplicate(
                        idx.child("domain").toString(), text(defaults.get(i).domain())));
            }
        }
        errs.addAll(CoreRules.extensions(spec.extensions(), path.child("extensions")));
        errs.addAll(CoreRules.resources(spec.resources(), path.child("resources"), true));
        return errs;
    }

    private static List<FieldError> settings(SeedSettings settings, List<String> zones, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (settings.excessCapacityReservation() != null) {
            List<SeedSettingExcessCapacityReservationConfig> configs =
                    list(settings.excessCapacityReservation().configs());
            for (int i = 0; i < configs.size(); i++) {
                FieldPath res = path.child("excessCapacityReservation", "configs")
                        .index(i)
                        .child("resources");
                Map<String, Quantity> resources = map(configs.get(i).resources());
                if (resources.isEmpty()) {
                    errs.add(FieldError.required(res.toString(), "cannot be empty"));
                }
                new TreeMap<>(resources)
                        .forEach((name, value) ->
                                errs.addAll(CoreRules.resourceQuantityValue(name, value, res.child(name))));
            }
        }
        SeedSettingLoadBalancerServices lb = settings.loadBalancerServices();
        if (lb != null) {
            FieldPath lp = path.child("loadBalancerServices");
            errs.addAll(ObjectMetaValidation.validateAnnotations(lb.annotations(), lp.child("annotations")));
            if (lb.classValue() != null) {
                for (String msg : NameRules.qualifiedName(lb.classValue())) {
                    errs.add(FieldError.invalid(lp.child("class").toString(), lb.classValue(), msg));
                }
            }
            if (lb.externalTrafficPolicy() != null && !TRAFFIC_POLICIES.contains(lb.externalTrafficPolicy())) {
                errs.add(FieldError.notSupported(
                        lp.child("externalTrafficPolicy").toString(), lb.externalTrafficPolicy(), TRAFFIC_POLICIES));
            }
            List<SeedSettingLoadBalancerServicesZones> zoneSettings = list(lb.zones());
            if (zones.size() <= 1 && !zoneSettings.isEmpty()) {
                errs.add(
                        FieldError.forbidden(
                                lp.child("zones").toString(),
                                "zone-specific load balancer settings only allowed with at least two zones in spec.provider.zones"));
            }
            Set<String> specified = new HashSet<>();
            for (int i = 0; i < zoneSettings.size(); i++) {
                SeedSettingLoadBalancerServicesZones z = zoneSettings.get(i);
                FieldPath zp = lp.child("zones").index(i);
                String name = text(z.name());
                if (!zones.contains(name)) {
                    errs.add(FieldError.notFound(zp.child("name").toString(), name));
                }
                if (!specified.add(name)) {
                    errs.add(FieldError.duplicate(zp.child("name").toString(), name));
                }
                errs.addAll(ObjectMetaValidation.validateAnnotations(z.annotations(), zp.child("annotations")));
                if (z.externalTrafficPolicy() != null && !TRAFFIC_POLICIES.contains(z.externalTrafficPolicy())) {
                    errs.add(FieldError.notSupported(
                            zp.child("externalTrafficPolicy").toString(), z.externalTrafficPolicy(), TRAFFIC_POLICIES));
                }
            }
        }
        if (settings.zoneSelection() != null) {
            if (zones.isEmpty()) {
                errs.add(FieldError.forbidden(
                        path.child("zoneSelection").toString(),
                        "zone selection can only be configured when spec.provider.zones is non-empty"));
            }
            String mode = text(settings.zoneSelection().mode());
            if (!mode.equals("Prefer") && !mode.equals("Enforce")) {
                errs.add(FieldError.notSupported(
                        path.child("zoneSelection", "mode").toString(), mode, List.of("Prefer", "Enforce")));
            }
        }
        if (settings.topologyAwareRouting() != null
                && settings.topologyAwareRouting().enabled()
                && zones.size() <= 1) {
            errs.add(FieldError.forbidden(
                    path.child("topologyAwareRouting", "enabled").toString(),
                    "topology-aware routing can only be enabled on multi-zone Seed clusters (with at least two zones "
                            + "in spec.provider.zones)"));
        }
        return errs;
    }

    private static List<FieldError> backup(Backup backup, String seedProviderType, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (backup == null) {
            return errs;
        }
        if (empty(backup.provider())) {
            errs.add(FieldError.required(
                    path.child("provider").toString(), "must provide a backup cloud provider name"));
        }
        if (!seedProviderType.equals(text(backup.provider())) && empty(backup.region())) {
            errs.add(FieldError.invalid(
                    path.child("region").toString(),
                    "",
                    "region must be specified for if backup provider is different from seed provider used in "
                            + "`spec.provider.type`"));
        }
        if (backup.credentialsRef() == null) {
            errs.add(FieldError.required(
                    path.child("credentialsRef").toString(), "must be set to refer a Secret or WorkloadIdentity"));
        } else {
            errs.addAll(CoreRules.credentialsRef(backup.credentialsRef(), true, path.child("credentialsRef")));
        }
        return errs;
    }

    private static List<FieldError> dnsProviderConfig(SeedDNSProviderConfig config, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (empty(config.domain())) {
            errs.add(FieldError.required(path.child("domain").toString(), "cannot be empty"));
        } else {
            errs.addAll(CoreRules.dns1123Subdomain(config.domain(), path.child("domain")));
        }
        if (empty(config.type())) {
            errs.add(FieldError.required(path.child("type").toString(), "cannot be empty"));
        }
        ObjectReference ref = config.credentialsRef() == null
                ? new ObjectReference(null, null, null, null, null, null, null)
                : config.credentialsRef();
        errs.addAll(CoreRules.credentialsRef(ref, true, path.child("credentialsRef")));
        return errs;
    }

    private static List<FieldError> networks(SeedNetworks seedNetworks, FieldPath path, boolean inTemplate) {
        List<FieldError> errs = new ArrayList<>();
        SeedNetworks n = seedNetworks == null ? new SeedNetworks(null, null, null, null, null, null) : seedNetworks;
        // v1beta1 defaults the IP families to IPv4
        List<String> families = list(n.ipFamilies()).isEmpty() ? List.of("IPv4") : n.ipFamilies();
        List<FieldError> familyErrs = CoreRules.ipFamilies(families, path.child("ipFamilies"));
        if (!familyErrs.isEmpty()) {
            return familyErrs;
        }
        String primary = families.get(0);
        List<Cidr> all = new ArrayList<>();
        List<Cidr> seedCidrs = new ArrayList<>();
        List<Cidr> shootV4 = new ArrayList<>();
        List<Cidr> shootV6 = new ArrayList<>();
        Cidr pods = null;
        Cidr services = null;
        Cidr nodes = null;
        Cidr shootPods = null;
        Cidr shootServices = null;
        if (!inTemplate || !empty(n.pods())) {
            pods = Cidr.of(text(n.pods()), path.child("pods"));
            all.add(pods);
            seedCidrs.add(pods);
        }
        if (!inTemplate || !empty(n.services())) {
            services = Cidr.of(text(n.services()), path.child("services"));
            all.add(services);
            seedCidrs.add(services);
            if (services.isIPv4()) {
                errs.addAll(services.validateMaxSize(8));
            }
        }
        if (n.nodes() != null) {
            nodes = Cidr.of(n.nodes(), path.child("nodes"));
            all.add(nodes);
            seedCidrs.add(nodes);
        }
        if (n.shootDefaults() != null) {
            if (n.shootDefaults().pods() != null) {
                shootPods = Cidr.of(n.shootDefaults().pods(), path.child("shootDefaults", "pods"));
                all.add(shootPods);
                (shootPods.isIPv4() ? shootV4 : shootV6).add(shootPods);
            }
            if (n.shootDefaults().services() != null) {
                shootServices = Cidr.of(n.shootDefaults().services(), path.child("shootDefaults", "services"));
                all.add(shootServices);
                (shootServices.isIPv4() ? shootV4 : shootV6).add(shootServices);
            }
        }
        all.forEach(c -> errs.addAll(c.validateParse()));
        if (families.size() != 2) {
            all.forEach(c -> errs.addAll(c.validateIPFamily(primary)));
        }
        if (!errs.isEmpty()) {
            return errs;
        }
        errs.addAll(Cidr.validateNoOverlap(seedCidrs));
        errs.addAll(Cidr.validateNoOverlap(shootV4));
        errs.addAll(Cidr.validateNoOverlap(shootV6));
        for (Cidr c : seedCidrs) {
            errs.addAll(c.validateNotOverlap(shootV6));
        }
        errs.addAll(Cidr.validateNotReserved(pods, "pod"));
        errs.addAll(Cidr.validateNotReserved(services, "service"));
        errs.addAll(Cidr.validateNotReserved(nodes, "node"));
        errs.addAll(Cidr.validateNotReserved(shootPods, "pod"));
        errs.addAll(Cidr.validateNotReserved(shootServices, "service"));
        return errs;
    }

    /** {@code ValidateSeedSpecUpdate}. */
    public static List<FieldError> validateSpecUpdate(SeedSpec spec, SeedSpec oldSpec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        SeedSpec s =
                spec == null ? new SeedSpec(null, null, null, null, null, null, null, null, null, null, null) : spec;
        SeedSpec o = oldSpec == null
                ? new SeedSpec(null, null, null, null, null, null, null, null, null, null, null)
                : oldSpec;
        SeedNetworks n = s.networks() == null ? new SeedNetworks(null, null, null, null, null, null) : s.networks();
        SeedNetworks on = o.networks() == null ? new SeedNetworks(null, null, null, null, null, null) : o.networks();
        FieldPath np = path.child("networks");
        errs.addAll(CoreRules.immutable(families(n), families(on), np.child("ipFamilies")));
        errs.addAll(CoreRules.immutable(text(n.pods()), text(on.pods()), np.child("pods")));
        errs.addAll(CoreRules.immutable(text(n.services()), text(on.services()), np.child("services")));
        if (on.nodes() != null) {
            errs.addAll(CoreRules.immutable(n.nodes(), on.nodes(), np.child("nodes")));
        }
        if (o.ingress() != null && s.ingress() != null) {
            errs.addAll(CoreRules.immutable(
                    text(s.ingress().domain()), text(o.ingress().domain()), path.child("ingress", "domain")));
        }
        if (o.backup() != null) {
            if (s.backup() != null) {
                errs.addAll(CoreRules.immutable(
                        text(s.backup().provider()), text(o.backup().provider()), path.child("backup", "provider")));
                errs.addAll(
                        CoreRules.immutable(s.backup().region(), o.backup().region(), path.child("backup", "region")));
            } else {
                errs.addAll(CoreRules.immutable(s.backup(), o.backup(), path.child("backup")));
            }
        }
        List<SeedDNSProviderConfig> oldDefaults =
                o.dns() == null ? List.of() : list(o.dns().defaults());
        List<SeedDNSProviderConfig> newDefaults =
                s.dns() == null ? List.of() : list(s.dns().defaults());
        if (!oldDefaults.isEmpty() && newDefaults.isEmpty()) {
            errs.add(FieldError.forbidden(
                    path.child("dns", "defaults").toString(), "removing defaults DNS configuration is not allowed"));
        }
        return errs;
    }

    private static List<String> families(SeedNetworks n) {
        return list(n.ipFamilies()).isEmpty() ? List.of("IPv4") : n.ipFamilies();
    }
}
