package cloud.gardener.apiserver.admission.validation.operator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.KubeAPIServerRules;
import cloud.gardener.apiserver.admission.validation.core.KubeControllerManagerRules;
import cloud.gardener.apiserver.admission.validation.core.KubernetesVersionUpdate;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.operator.v1alpha1.DNSDomain;
import cloud.gardener.apiserver.api.operator.v1alpha1.DNSManagement;
import cloud.gardener.apiserver.api.operator.v1alpha1.DNSProvider;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenExtension;
import cloud.gardener.apiserver.api.operator.v1alpha1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.RuntimeCluster;
import cloud.gardener.apiserver.api.operator.v1alpha1.RuntimeNetworking;
import cloud.gardener.apiserver.api.operator.v1alpha1.Settings;
import cloud.gardener.apiserver.api.operator.v1alpha1.VirtualCluster;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * gardener-operator's {@code ValidateGarden} and {@code ValidateGardenUpdate}
 * (pkg/api/operator/v1alpha1/validation/garden.go): operation annotation, DNS providers and domains, extension
 * types, runtime cluster networks and settings, virtual cluster domains, version, SNI and service network,
 * Gardener component configuration; on update the immutable and append-only fields.
 *
 * <p>Extension types are checked for uniqueness here and against the registered operator {@code Extension}s by
 * the Garden admission plugin ({@link #unregisteredExtensions}), which can read them. The shared
 * kube-apiserver and kube-controller-manager configuration rules ({@code ValidateKubeAPIServer},
 * {@code ValidateKubeControllerManager}) are the Shoot's ({@link KubeAPIServerRules},
 * {@link KubeControllerManagerRules}).
 */
public final class GardenValidator implements Validator<Garden> {

    static final FieldPath SPEC = FieldPath.of("spec");
    static final List<String> SUPPORTED_KUBERNETES_VERSIONS = List.of("1.32", "1.33", "1.34", "1.35", "1.36");
    private static final List<String> TRAFFIC_POLICIES = List.of("Cluster", "Local");

    @Override
    public List<FieldError> validate(Garden garden) {
        return validate(garden, false);
    }

    /** {@code ValidateGardenWithOps}; AES-GCM needs no key auto rotation (a Garden's keys are rotated by hand). */
    private List<FieldError> validate(Garden garden, boolean allowInvalidAcceptedIssuers) {
        KubeAPIServerRules.Options opts = new KubeAPIServerRules.Options(allowInvalidAcceptedIssuers, false, true);
        GardenView g = new GardenView(garden);
        List<FieldError> errs = new ArrayList<>(GardenOperations.validate(g));
        // Gardener's validateDNS means to reject duplicate provider names but never records a name it has seen
        // (names.Insert() without an argument), so it accepts duplicates; so does this server.
        errs.addAll(validateExtensions(list(g.spec().extensions()), SPEC.child("extensions")));
        errs.addAll(validateRuntimeCluster(g, SPEC.child("runtimeCluster")));
        errs.addAll(CoreRules.resources(g.spec().resources(), SPEC.child("resources"), false));
        errs.addAll(validateVirtualCluster(g, opts, SPEC.child("virtualCluster")));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(Garden garden, Garden old) {
        List<FieldError> errs =
                new ArrayList<>(GardenUpdateValidation.validate(new GardenView(garden), new GardenView(old)));
        errs.addAll(validate(garden, acceptedIssuersUnchanged(new GardenView(garden), new GardenView(old))));
        return errs;
    }

    /**
     * The registration half of {@code validateExtensions}: every type must be one an operator {@code Extension}
     * offers for the garden cluster (a resource of kind {@code Extension} whose {@code clusterCompatibility}
     * contains {@code garden}).
     */
    public static List<FieldError> unregisteredExtensions(
            List<GardenExtension> extensions, List<JsonNode> registeredExtensions) {
        Set<String> registered = new java.util.TreeSet<>();
        for (JsonNode extension : registeredExtensions) {
            for (JsonNode resource : extension.path("spec").path("resources")) {
                boolean forGarden = false;
                for (JsonNode cluster : resource.path("clusterCompatibility")) {
                    forGarden |= cluster.asText().equals("garden");
                }
                if (resource.path("kind").asText().equals("Extension") && forGarden) {
                    registered.add(resource.path("type").asText());
                }
            }
        }
        List<FieldError> errs = new ArrayList<>();
        FieldPath path = SPEC.child("extensions");
        for (int i = 0; i < extensions.size(); i++) {
            String type = text(extensions.get(i).type());
            if (!registered.contains(type)) {
                errs.add(FieldError.notSupported(path.index(i).child("type").toString(), type, registered));
            }
        }
        return errs;
    }

    /** Both versions have a service account configuration with the same accepted issuers. */
    private static boolean acceptedIssuersUnchanged(GardenView now, GardenView before) {
        var a = now.kubeAPIServer() == null ? null : now.kubeAPIServer().kubeAPIServerConfig();
        var b = before.kubeAPIServer() == null ? null : before.kubeAPIServer().kubeAPIServerConfig();
        return a != null
                && b != null
                && a.serviceAccountConfig() != null
                && b.serviceAccountConfig() != null
                && CoreRules.semanticEqual(
                        a.serviceAccountConfig().acceptedIssuers(),
                        b.serviceAccountConfig().acceptedIssuers());
    }

    /** {@code validateExtensions}' uniqueness half: types are unique. */
    static List<FieldError> validateExtensions(List<GardenExtension> extensions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> types = new HashSet<>();
        for (int i = 0; i < extensions.size(); i++) {
            String type = text(extensions.get(i).type());
            if (!types.add(type)) {
                errs.add(FieldError.duplicate(path.index(i).child("type").toString(), type));
            }
        }
        return errs;
    }

    private static List<FieldError> validateRuntimeCluster(GardenView g, FieldPath path) {
        RuntimeCluster runtime = g.runtimeCluster();
        List<FieldError> errs =
                new ArrayList<>(validateDomains(g.spec().dns(), g.ingressDomains(), path.child("ingress", "domains")));
        errs.addAll(validateRuntimeNetworking(g.runtimeNetworking(), path.child("networking")));
        errs.addAll(validateRuntimeSettings(runtime, g.highAvailability(), path.child("settings")));
        return errs;
    }

    static List<FieldError> validateDomains(DNSManagement dns, List<DNSDomain> domains, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < domains.size(); i++) {
            DNSDomain domain = domains.get(i);
            errs.addAll(validateDomain(dns, domain, path.index(i)));
            if (!names.add(text(domain.name()))) {
                errs.add(FieldError.duplicate(path.index(i).child("name").toString(), text(domain.name())));
            }
        }
        return errs;
    }

    /** {@code validateDomain}: a DNS subdomain; with {@code .spec.dns} its provider must be one of the declared ones. */
    static List<FieldError> validateDomain(DNSManagement dns, DNSDomain domain, FieldPath path) {
        List<FieldError> errs = new ArrayList<>(CoreRules.dns1123Subdomain(domain.name(), path.child("name")));
        if (dns != null) {
            if (domain.provider() == null) {
                errs.add(FieldError.required(
                        path.child("provider").toString(), "provider name must be set if `.spec.dns` is set"));
            } else if (list(dns.providers()).stream().map(DNSProvider::name).noneMatch(domain.provider()::equals)) {
                errs.add(FieldError.invalid(
                        path.child("provider").toString(),
                        domain.provider(),
                        "provider name not found in .spec.dns.providers"));
            }
        }
        return errs;
    }

    /** {@code validateRuntimeClusterNetworking}: IP families, parsable CIDRs, then pairwise disjoint networks. */
    private static List<FieldError> validateRuntimeNetworking(RuntimeNetworking networking, FieldPath path) {
        List<FieldError> familyErrors = CoreRules.ipFamilies(networking.ipFamilies(), path.child("ipFamilies"));
        if (!familyErrors.isEmpty()) {
            return familyErrors; // without known families the CIDRs cannot be judged
        }
        List<String> nodes = list(networking.nodes());
        List<String> pods = list(networking.pods());
        List<String> services = list(networking.services());
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(parseErrors(nodes, "node", path.child("nodes")));
        errs.addAll(parseErrors(pods, "pod", path.child("pods")));
        errs.addAll(parseErrors(services, "service", path.child("services")));
        if (!errs.isEmpty()) {
            return errs; // no point in checking unparsable ranges for intersections
        }
        for (int i = 0; i < nodes.size(); i++) {
            for (String service : services) {
                if (Cidr.intersect(nodes.get(i), service)) {
                    errs.add(FieldError.invalid(
                            path.child("nodes").index(i).toString(),
                            nodes.get(i),
                            "node network of runtime cluster intersects with service network of runtime cluster"));
                }
            }
            for (String pod : pods) {
                if (Cidr.intersect(nodes.get(i), pod)) {
                    errs.add(FieldError.invalid(
                            path.child("nodes").index(i).toString(),
                            nodes.get(i),
                            "node network of runtime cluster intersects with pod network of runtime cluster"));
                }
            }
        }
        for (int i = 0; i < pods.size(); i++) {
            for (String service : services) {
                if (Cidr.intersect(pods.get(i), service)) {
                    // Gardener reports the service range as the value at the pod path
                    errs.add(FieldError.invalid(
                            path.child("pods").index(i).toString(),
                            service,
                            "pod network of runtime cluster intersects with service network of runtime cluster"));
                }
            }
        }
        return errs;
    }

    private static List<FieldError> parseErrors(List<String> cidrs, String network, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (int i = 0; i < cidrs.size(); i++) {
            if (!Cidr.isValid(cidrs.get(i))) {
                errs.add(FieldError.invalid(
                        path.index(i).toString(),
                        cidrs.get(i),
                        "cannot parse " + network + " network cidr of runtime cluster: invalid CIDR address: "
                                + cidrs.get(i)));
            }
        }
        return errs;
    }

    /** {@code validateRuntimeClusterSettings}: load balancer traffic policy and topology-aware routing's preconditions. */
    private static List<FieldError> validateRuntimeSettings(
            RuntimeCluster runtime, boolean highAvailability, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Settings settings = runtime == null ? null : runtime.settings();
        if (settings == null) {
            return errs;
        }
        if (settings.loadBalancerServices() != null
                && settings.loadBalancerServices().externalTrafficPolicy() != null) {
            String policy = settings.loadBalancerServices().externalTrafficPolicy();
            if (!TRAFFIC_POLICIES.contains(policy)) {
                errs.add(FieldError.notSupported(
                        path.child("loadBalancerServices", "externalTrafficPolicy")
                                .toString(),
                        policy,
                        TRAFFIC_POLICIES));
            }
        }
        if (settings.topologyAwareRouting() != null
                && settings.topologyAwareRouting().enabled()) {
            String enabled = path.child("topologyAwareRouting", "enabled").toString();
            List<String> zones = runtime.provider() == null
                    ? List.of()
                    : list(runtime.provider().zones());
            if (zones.size() <= 1) {
                errs.add(FieldError.forbidden(
                        enabled,
                        "topology-aware routing can only be enabled on multi-zone garden "
                                + "runtime cluster (with at least two zones in spec.provider.zones)"));
            }
            if (!highAvailability) {
                errs.add(
                        FieldError.forbidden(
                                enabled,
                                "topology-aware routing can only be enabled when virtual cluster's high-availability is enabled"));
            }
        }
        return errs;
    }

    private static List<FieldError> validateVirtualCluster(
            GardenView g, KubeAPIServerRules.Options opts, FieldPath path) {
        VirtualCluster virtual = g.virtualCluster();
        List<FieldError> errs =
                new ArrayList<>(validateDomains(g.spec().dns(), g.virtualDomains(), path.child("dns", "domains")));
        String version = g.kubernetesVersion();
        if (virtual != null && virtual.etcd() != null) {
            if (virtual.etcd().main() != null) {
                errs.addAll(KubeAPIServerRules.controlPlaneAutoscaling(
                        virtual.etcd().main().autoscaling(),
                        Map.of("memory", Quantity.parse("300M")),
                        path.child("etcd", "main", "autoscaling")));
            }
            if (virtual.etcd().events() != null) {
                errs.addAll(KubeAPIServerRules.controlPlaneAutoscaling(
                        virtual.etcd().events().autoscaling(),
                        Map.of("memory", Quantity.parse("60M")),
                        path.child("etcd", "events", "autoscaling")));
            }
        }
        if (!KubernetesVersionUpdate.matchesAnyMinor(version, SUPPORTED_KUBERNETES_VERSIONS)) {
            errs.add(FieldError.notSupported(
                    path.child("kubernetes", "version").toString(), version, SUPPORTED_KUBERNETES_VERSIONS));
        }
        KubeAPIServerConfig kubeApiServer = g.kubeAPIServer();
        if (kubeApiServer != null && kubeApiServer.kubeAPIServerConfig() != null) {
            errs.addAll(KubeAPIServerRules.validate(
                    kubeApiServer.kubeAPIServerConfig(),
                    version,
                    opts,
                    true,
                    path.child("kubernetes", "kubeAPIServer")));
        }
        if (kubeApiServer != null
                && kubeApiServer.sni() != null
                && !g.virtualDomains().isEmpty()) {
            // gardenlets reach the virtual API server on this domain and expect the Garden CA's certificate
            String apiServerDomain = "api." + text(g.virtualDomains().get(0).name());
            List<String> patterns = list(kubeApiServer.sni().domainPatterns());
            for (int i = 0; i < patterns.size(); i++) {
                if (sniMatches(patterns.get(i), apiServerDomain)) {
                    errs.add(FieldError.forbidden(
                            path.child("kubernetes", "kubeAPIServer", "sni", "domainPatterns")
                                    .index(i)
                                    .toString(),
                            "domain patterns of SNI must not match the first API server domain "
                                    + "of the virtual cluster configuration (" + apiServerDomain + ")"));
                }
            }
        }
        var kcm = virtual == null || virtual.kubernetes() == null
                ? null
                : virtual.kubernetes().kubeControllerManager();
        if (kcm != null && kcm.kubeControllerManagerConfig() != null) {
            errs.addAll(KubeControllerManagerRules.validate(
                    kcm.kubeControllerManagerConfig(),
                    null,
                    version,
                    true,
                    path.child("kubernetes", "kubeControllerManager")));
        }
        errs.addAll(GardenerComponentsValidation.validate(g, path.child("gardener")));
        errs.addAll(validateServiceNetwork(g, path.child("networking", "services")));
        return errs;
    }

    /** {@code helper.GetAPIServerSNIDomains} for one domain: exact, or a one-level wildcard ({@code *.example.com}). */
    static boolean sniMatches(String pattern, String domain) {
        if (pattern.startsWith("*.")) {
            String suffix = pattern.substring(1);
            if (!domain.endsWith(suffix)) {
                return false;
            }
            String sub = domain.substring(0, domain.length() - suffix.length());
            return !sub.isEmpty() && !sub.contains(".");
        }
        return pattern.equals(domain);
    }

    /** The virtual cluster's service ranges: parsable, disjoint from the runtime networks, at most two of two families. */
    private static List<FieldError> validateServiceNetwork(GardenView g, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<String> services = g.virtualServices();
        RuntimeNetworking runtime = g.runtimeNetworking();
        for (int i = 0; i < services.size(); i++) {
            String s = services.get(i);
            String at = path.index(i).toString();
            if (!Cidr.isValid(s)) {
                errs.add(FieldError.invalid(at, s, "cannot parse service network cidr: invalid CIDR address: " + s));
            }
            for (String pods : list(runtime.pods())) {
                if (Cidr.intersect(pods, s)) {
                    errs.add(FieldError.invalid(
                            at,
                            s,
                            "pod network of runtime cluster intersects with service network of virtual cluster"));
                }
            }
            for (String runtimeServices : list(runtime.services())) {
                if (Cidr.intersect(runtimeServices, s)) {
                    errs.add(FieldError.invalid(
                            at,
                            s,
                            "service network of runtime cluster intersects with service network of virtual cluster"));
                }
            }
            for (String nodes : list(runtime.nodes())) {
                if (Cidr.intersect(nodes, s)) {
                    errs.add(FieldError.invalid(
                            at,
                            s,
                            "node network of runtime cluster intersects with service network of virtual cluster"));
                }
            }
        }
        // Kubernetes' components take at most two ranges, one of each family.
        String goList = "[" + String.join(" ", services) + "]";
        if (services.size() > 2) {
            errs.add(FieldError.forbidden(path.toString(), "at most two service ranges allowed: " + goList));
        } else if (services.size() == 2) {
            Cidr first = Cidr.of(services.get(0), path.index(0));
            Cidr second = Cidr.of(services.get(1), path.index(1));
            if ((first.isIPv4() && second.isIPv4()) || (first.isIPv6() && second.isIPv6())) {
                errs.add(FieldError.forbidden(
                        path.toString(), "service ranges must be of different IP families: " + goList));
            }
        }
        return errs;
    }
}
