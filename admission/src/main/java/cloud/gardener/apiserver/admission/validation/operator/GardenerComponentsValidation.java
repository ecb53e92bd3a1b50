package cloud.gardener.apiserver.admission.validation.operator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.PluginRegistry;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.KubeAPIServerRules;
import cloud.gardener.apiserver.api.core.v1beta1.AdmissionPlugin;
import cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesConfig;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.operator.v1alpha1.DNSManagement;
import cloud.gardener.apiserver.api.operator.v1alpha1.DashboardOIDC;
import cloud.gardener.apiserver.api.operator.v1alpha1.Gardener;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenerAPIServerConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenerDashboardConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenerDiscoveryServerConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code validateGardener}: the configuration of gardener-apiserver (feature gates, admission plugin names,
 * encryption resources and provider, admin kubeconfig expiration), gardener-controller-manager and
 * gardener-scheduler (feature gates), the dashboard (OIDC and SNI consistency, domain) and the discovery server
 * (domain), with the kube-apiserver's rules for gardener-apiserver's audit policy reference, watch cache sizes,
 * logging and request limits. Not checked: the admission controller's resource limits and the project quota
 * selectors.
 */
final class GardenerComponentsValidation {

    /** A Gardener feature gate's default and whether it is locked to it ({@code features.AllFeatureGates}, v1.150). */
    private record Gate(boolean defaultValue, boolean locked) {}

    private static final Map<String, Gate> FEATURE_GATES = Map.ofEntries(
            Map.entry("DefaultSeccompProfile", new Gate(false, false)),
            Map.entry("InPlaceNodeUpdates", new Gate(false, false)),
            Map.entry("IstioTLSTermination", new Gate(true, false)),
            Map.entry("CloudProfileCapabilities", new Gate(true, false)),
            Map.entry("DoNotCopyBackupCredentials", new Gate(true, true)),
            Map.entry("OpenTelemetryCollector", new Gate(true, false)),
            Map.entry("VictoriaLogsBackend", new Gate(false, false)),
            Map.entry("CustomDNSServerInNodeLocalDNS", new Gate(true, false)),
            Map.entry("VPNBondingModeRoundRobin", new Gate(false, false)),
            Map.entry("PrometheusHealthChecks", new Gate(false, false)),
            Map.entry("VersionClassificationLifecycle", new Gate(false, false)),
            Map.entry("RemoveVali", new Gate(false, false)),
            Map.entry("DisableNginxIngressInGarden", new Gate(true, false)),
            Map.entry("DisableNginxIngressInSeed", new Gate(true, false)),
            Map.entry("DisableNginxIngressInShoot", new Gate(false, false)),
            Map.entry("LiveControlPlaneMigration", new Gate(false, false)),
            Map.entry("BackupEntryForGarden", new Gate(true, false)),
            Map.entry("RemoveHTTPProxyLegacyPort", new Gate(false, false)));

    /** gardener-apiserver always encrypts these ({@code DefaultGardenerGroupResourcesForEncryption}). */
    static final List<String> ALWAYS_ENCRYPTED = List.of(
            "controllerdeployments.core.gardener.cloud",
            "controllerregistrations.core.gardener.cloud",
            "internalsecrets.core.gardener.cloud",
            "shootstates.core.gardener.cloud");
    /** The groups gardener-apiserver serves ({@code operator.IsServedByGardenerAPIServer}). */
    private static final Set<String> GARDENER_GROUPS = Set.of(
            "authentication.gardener.cloud",
            StandardResources.CORE,
            StandardResources.OPERATIONS,
            StandardResources.SECURITY,
            StandardResources.SEEDMANAGEMENT);

    private static final long MIN_ADMIN_KUBECONFIG_EXPIRATION_SECONDS = 3600;
    private static final long MAX_ADMIN_KUBECONFIG_EXPIRATION_SECONDS = 1L << 32;

    private GardenerComponentsValidation() {}

    /** {@code operator.IsServedByGardenerAPIServer}: the group of {@code resource.group} is one of Gardener's. */
    static boolean servedByGardenerAPIServer(String resource) {
        int dot = resource.indexOf('.');
        return dot >= 0 && GARDENER_GROUPS.contains(resource.substring(dot + 1));
    }

    static List<FieldError> validate(GardenView g, FieldPath path) {
        Gardener gardener = g.gardener();
        DNSManagement dns = g.spec().dns();
        List<FieldError> errs =
                new ArrayList<>(validateAPIServer(gardener.gardenerAPIServer(), g, path.child("gardenerAPIServer")));
        if (gardener.gardenerControllerManager() != null) {
            errs.addAll(featureGates(
                    gardener.gardenerControllerManager().kubernetesConfig(),
                    path.child("gardenerControllerManager", "featureGates")));
        }
        if (gardener.gardenerScheduler() != null) {
            errs.addAll(featureGates(
                    gardener.gardenerScheduler().kubernetesConfig(), path.child("gardenerScheduler", "featureGates")));
        }
        errs.addAll(validateDashboard(
                dns, gardener.gardenerDashboard(), g.kubeAPIServer(), path.child("gardenerDashboard")));
        errs.addAll(validateDiscoveryServer(
                dns, gardener.gardenerDiscoveryServer(), path.child("gardenerDiscoveryServer")));
        return errs;
    }

    private static List<FieldError> validateAPIServer(GardenerAPIServerConfig config, GardenView g, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (config == null) {
            return errs;
        }
        errs.addAll(featureGates(config.kubernetesConfig(), path.child("featureGates")));
        List<String> known = PluginRegistry.gardener().names();
        List<AdmissionPlugin> plugins = list(config.admissionPlugins());
        for (int i = 0; i < plugins.size(); i++) {
            FieldPath at = path.child("admissionPlugins").index(i);
            String name = text(plugins.get(i).name());
            if (name.isEmpty()) {
                errs.add(FieldError.required(at.child("name").toString(), "must provide a name"));
                return errs; // Gardener stops validating this component here
            }
            if (!known.contains(name)) {
                errs.add(FieldError.notSupported(at.child("name").toString(), name, known));
            }
        }
        if (config.encryptionConfig() != null) {
            errs.addAll(validateEncryption(
                    config.encryptionConfig(), g.kubeAPIServerEncryption(), path.child("encryptionConfig")));
        }
        // the kube-apiserver's rules, shared as Gardener shares them
        if (config.auditConfig() != null
                && config.auditConfig().auditPolicy() != null
                && config.auditConfig().auditPolicy().configMapRef() != null) {
            errs.addAll(CoreRules.objectReferenceNameAndNamespace(
                    config.auditConfig().auditPolicy().configMapRef(),
                    path.child("auditConfig", "auditPolicy", "configMapRef"),
                    false));
        }
        errs.addAll(KubeAPIServerRules.watchCacheSizes(
                config.watchCacheSizes(), g.kubernetesVersion(), path.child("watchCacheSizes")));
        errs.addAll(KubeAPIServerRules.logging(config.logging(), path.child("logging")));
        errs.addAll(KubeAPIServerRules.requests(config.requests(), path.child("requests")));
        Duration expiration = config.shootAdminKubeconfigMaxExpiration();
        if (expiration != null) {
            java.time.Duration d = expiration.toJavaDuration();
            if (d.compareTo(java.time.Duration.ofSeconds(MIN_ADMIN_KUBECONFIG_EXPIRATION_SECONDS)) < 0
                    || d.compareTo(java.time.Duration.ofSeconds(MAX_ADMIN_KUBECONFIG_EXPIRATION_SECONDS)) > 0) {
                errs.add(FieldError.invalid(
                        path.child("shootAdminKubeconfigMaxExpiration").toString(),
                        FieldError.verbatim(expiration.toString()),
                        "must be between 1h and 2^32 seconds"));
            }
        }
        return errs;
    }

    /** The resources gardener-apiserver encrypts besides the four it always does, and the provider it shares. */
    private static List<FieldError> validateEncryption(
            EncryptionConfig config, EncryptionConfig kubeAPIServer, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> resources = list(config.resources());
        for (int i = 0; i < resources.size(); i++) {
            String resource = resources.get(i);
            String at = path.child("resources").index(i).toString();
            if (!resource.toLowerCase(java.util.Locale.ROOT).equals(resource)) {
                errs.add(FieldError.invalid(at, resource, "resource must be lower case"));
            }
            if (resource.contains("*")) {
                errs.add(FieldError.invalid(at, resource, "wildcards are not supported"));
            }
            // "resource.group" names one group resource, so the text itself identifies it
            if (seen.contains(resource)) {
                errs.add(FieldError.duplicate(at, resource));
            }
            if (ALWAYS_ENCRYPTED.contains(resource)) {
                errs.add(FieldError.forbidden(at, "\"" + resource + "\" are always encrypted"));
            }
            if (!servedByGardenerAPIServer(resource)) {
                errs.add(FieldError.invalid(
                        at,
                        resource,
                        "should be a resource served by gardener-apiserver. ie; "
                                + "should have any of the suffixes {authentication,core,operations,security,settings,"
                                + "seedmanagement}.gardener.cloud"));
            }
            seen.add(resource);
        }
        String type = GardenView.providerType(config);
        if (!type.equals(GardenView.providerType(kubeAPIServer))) {
            errs.add(
                    FieldError.invalid(
                            path.child("provider", "type").toString(),
                            config.provider() == null ? null : config.provider().type(),
                            "field must be equal to spec.virtualCluster.kubernetes.kubeAPIServer.encryptionConfig.provider.type"));
        }
        return errs;
    }

    /** {@code validateGardenerFeatureGates}: known to Gardener and not set against a lock (in name order). */
    static List<FieldError> featureGates(KubernetesConfig config, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, Boolean> gates = config == null || config.featureGates() == null ? Map.of() : config.featureGates();
        new TreeMap<>(gates).forEach((name, value) -> {
            Gate gate = FEATURE_GATES.get(name);
            if (gate == null) {
                errs.add(FieldError.forbidden(path.child(name).toString(), "not supported by Gardener"));
            } else if (gate.locked() && value != gate.defaultValue()) {
                errs.add(FieldError.forbidden(
                        path.child(name).toString(),
                        "cannot set feature gate to " + value + ", feature is locked to " + gate.defaultValue()));
            }
        });
        return errs;
    }

    private static List<FieldError> validateDashboard(
            DNSManagement dns, GardenerDashboardConfig config, KubeAPIServerConfig kubeAPIServer, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (config == null) {
            return errs;
        }
        if (Boolean.FALSE.equals(config.enableTokenLogin()) && config.oidcConfig() == null) {
            errs.add(FieldError.forbidden(
                    path.child("enableTokenLogin").toString(), "OIDC must be configured when token login is disabled"));
        }
        if (Boolean.TRUE.equals(config.propagateCAFromSNI())
                && (kubeAPIServer == null || kubeAPIServer.sni() == null)) {
            errs.add(FieldError.forbidden(
                    path.child("propagateCAFromSNI").toString(),
                    "can only be enabled when .spec.virtualCluster.kubernetes.kubeAPIServer.sni is configured"));
        }
        DashboardOIDC oidc = config.oidcConfig();
        if (oidc != null) {
            FieldPath oidcPath = path.child("oidcConfig");
            if (kubeAPIServer == null
                    || kubeAPIServer.kubeAPIServerConfig() == null
                    || kubeAPIServer.kubeAPIServerConfig().structuredAuthentication() == null) {
                errs.add(FieldError.invalid(
                        oidcPath.toString(),
                        CoreRules.tree(oidc),
                        "must configure structured "
                                + "authentication in .spec.virtualCluster.kubernetes.kubeAPIServer when configuring OIDC "
                                + "config for dashboard"));
            }
            if (oidc.issuerURL() == null) {
                errs.add(FieldError.required(oidcPath.child("issuerURL").toString(), "must provide Issuer URL"));
            }
            if (oidc.clientIDPublic() == null) {
                errs.add(FieldError.required(
                        oidcPath.child("clientIDPublic").toString(), "must provide a public client ID"));
            }
            if (oidc.issuerURL() != null) {
                errs.addAll(KubeAPIServerRules.oidcIssuerUrl(oidc.issuerURL(), oidcPath.child("issuerURL")));
            }
        }
        if (config.domain() != null) {
            errs.addAll(GardenValidator.validateDomain(dns, config.domain(), path.child("domain")));
        }
        if (config.tlsSecretName() != null) {
            errs.addAll(CoreRules.dns1123Subdomain(config.tlsSecretName(), path.child("tlsSecretName")));
        }
        return errs;
    }

    private static List<FieldError> validateDiscoveryServer(
            DNSManagement dns, GardenerDiscoveryServerConfig config, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (config == null) {
            return errs;
        }
        if (config.domain() != null) {
            errs.addAll(GardenValidator.validateDomain(dns, config.domain(), path.child("domain")));
        }
        if (config.tlsSecretName() != null) {
            errs.addAll(CoreRules.dns1123Subdomain(config.tlsSecretName(), path.child("tlsSecretName")));
        }
        return errs;
    }
}
