package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.addAll;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.APIServerLogging;
import cloud.gardener.apiserver.api.core.v1beta1.APIServerRequests;
import cloud.gardener.apiserver.api.core.v1beta1.ControlPlaneAutoscaling;
import cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Maintenance;
import cloud.gardener.apiserver.api.core.v1beta1.ResourceWatchCacheSize;
import cloud.gardener.apiserver.api.core.v1beta1.ServiceAccountConfig;
import cloud.gardener.apiserver.api.core.v1beta1.StructuredAuthentication;
import cloud.gardener.apiserver.api.core.v1beta1.StructuredAuthorization;
import cloud.gardener.apiserver.api.core.v1beta1.WatchCacheSizes;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Gardener's {@code ValidateKubeAPIServer} for {@code spec.kubernetes.kubeAPIServer} of Shoots (and the Garden's
 * virtual cluster).
 */
public final class KubeAPIServerRules {

    /** {@code KubeAPIServerValidationOptions}. */
    public record Options(
            boolean allowInvalidAcceptedIssuers,
            boolean etcdEncryptionKeyAutoRotation,
            boolean skipAesGcmAutoRotationValidation) {

        /** The options of {@code ValidateShoot}: accepted issuers are checked, AES-GCM needs key auto rotation. */
        public static Options forShoot(Maintenance maintenance) {
            return new Options(false, autoRotationEnabled(maintenance), false);
        }
    }

    private static final Set<String> NO_REST_API =
            Set.of("apiserveripinfo", "serviceipallocations", "servicenodeportallocations");
    /** {@code gardenerutils.DefaultGroupResourcesForEncryption}: core secrets. */
    private static final Set<String> ALWAYS_ENCRYPTED = Set.of("/secrets");

    private static final List<String> ENCRYPTION_PROVIDERS = List.of("aescbc", "aesgcm", "secretbox");
    private static final List<String> TLS_VERSIONS = List.of("VersionTLS12", "VersionTLS13");
    private static final String NEGATIVE = "must be greater than or equal to 0";
    private static final long HOUR_NANOS = 3600L * 1_000_000_000L;
    private static final int MAX_NON_MUTATING_INFLIGHT = 5000;
    private static final int MAX_MUTATING_INFLIGHT = 2500;
    /** Gardener's minimum autoscaling resources of kube-apiserver, parsed once rather than on every Shoot. */
    private static final Map<String, Quantity> MIN_AUTOSCALING =
            Map.of("cpu", Quantity.parse("20m"), "memory", Quantity.parse("200M"));

    private KubeAPIServerRules() {}

    /** {@code helper.IsETCDEncryptionKeyAutoRotationEnabled}. */
    static boolean autoRotationEnabled(Maintenance maintenance) {
        return maintenance != null
                && maintenance.autoRotation() != null
                && maintenance.autoRotation().credentials() != null
                && maintenance.autoRotation().credentials().etcdEncryptionKey() != null
                && maintenance.autoRotation().credentials().etcdEncryptionKey().rotationPeriod() != null
                && maintenance
                                .autoRotation()
                                .credentials()
                                .etcdEncryptionKey()
                                .rotationPeriod()
                                .nanos()
                        != 0;
    }

    /** {@code ValidateKubeAPIServer}, in Gardener's order. */
    public static List<FieldError> validate(
            KubeAPIServerConfig config, String version, Options opts, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (config == null) {
            return errs;
        }
        if (config.enableAnonymousAuthentication() != null && GoSemver.atLeast(version, 1, 35)) {
            errs.add(FieldError.forbidden(
                    path.child("enableAnonymousAuthentication").toString(),
                    "for Kubernetes versions >= 1.35, enableAnonymousAuthentication field is no longer supported"));
        }
        if (GoSemver.parse(GoSemver.normalize(version)) != null) {
            addAll(
                    errs,
                    KubeAPIServerAdmissionPlugins.validate(
                            config.admissionPlugins(), version, path.child("admissionPlugins")));
        }
        addAll(
                errs,
                KubernetesApiGroups.validate(config.runtimeConfig(), version, workerless, path.child("runtimeConfig")));
        if (config.auditConfig() != null
                && config.auditConfig().auditPolicy() != null
                && config.auditConfig().auditPolicy().configMapRef() != null) {
            addAll(
                    errs,
                    CoreRules.objectReferenceNameAndNamespace(
                            config.auditConfig().auditPolicy().configMapRef(),
                            path.child("auditConfig", "auditPolicy", "configMapRef"),
                            false));
        }
        Map<String, Boolean> gates = config.kubernetesConfig() == null
                ? null
                : config.kubernetesConfig().featureGates();
        gates = gates == null ? Map.of() : gates;
        addAll(
                errs,
                structuredAuthentication(
                        config.structuredAuthentication(), gates, path.child("structuredAuthentication")));
        addAll(
                errs,
                structuredAuthorization(
                        config.structuredAuthorization(), gates, path.child("structuredAuthorization")));
        addAll(errs, watchCacheSizes(config.watchCacheSizes(), version, path.child("watchCacheSizes")));
        addAll(errs, logging(config.logging(), path.child("logging")));
        if (config.defaultNotReadyTolerationSeconds() != null) {
            addAll(
                    errs,
                    nonNegative(
                            config.defaultNotReadyTolerationSeconds(), path.child("defaultNotReadyTolerationSeconds")));
        }
        if (config.defaultUnreachableTolerationSeconds() != null) {
            addAll(
                    errs,
                    nonNegative(
                            config.defaultUnreachableTolerationSeconds(),
                            path.child("defaultUnreachableTolerationSeconds")));
        }
        addAll(errs, encryptionConfig(config.encryptionConfig(), opts, path));
        addAll(errs, requests(config.requests(), path.child("requests")));
        addAll(errs, serviceAccountConfig(config.serviceAccountConfig(), opts, path.child("serviceAccountConfig")));
        if (config.eventTTL() != null) {
            Duration ttl = config.eventTTL();
            FieldPath at = path.child("eventTTL");
            if (ttl.nanos() < 0) {
                errs.add(FieldError.invalid(at.toString(), new GoValue(ttl.toString()), "can not be negative"));
            }
            if (ttl.nanos() > 24 * HOUR_NANOS) {
                errs.add(FieldError.invalid(at.toString(), new GoValue(ttl.toString()), "can not be longer than 24h"));
            }
        }
        if (config.tlsMinVersion() != null && !TLS_VERSIONS.contains(config.tlsMinVersion())) {
            errs.add(FieldError.notSupported(
                    path.child("tlsMinVersion").toString(), config.tlsMinVersion(), TLS_VERSIONS));
        }
        addAll(errs, controlPlaneAutoscaling(config.autoscaling(), MIN_AUTOSCALING, path.child("autoscaling")));
        addAll(errs, KubernetesFeatureGates.validate(gates, version, path.child("featureGates")));
        addAll(errs, apiAudiences(config.apiAudiences(), path.child("apiAudiences")));
        return errs;
    }

    private static List<FieldError> structuredAuthentication(
            StructuredAuthentication auth, Map<String, Boolean> gates, FieldPath path) {
        if (auth == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (Boolean.FALSE.equals(gates.get("StructuredAuthenticationConfiguration"))) {
            errs.add(FieldError.forbidden(
                    path.toString(), "requires feature gate StructuredAuthenticationConfiguration to be enabled"));
        }
        if (text(auth.configMapName()).isEmpty()) {
            errs.add(FieldError.forbidden(path.child("configMapName").toString(), "must provide a name"));
        }
        return errs;
    }

    private static List<FieldError> structuredAuthorization(
            StructuredAuthorization auth, Map<String, Boolean> gates, FieldPath path) {
        if (auth == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (Boolean.FALSE.equals(gates.get("StructuredAuthorizationConfiguration"))) {
            errs.add(FieldError.forbidden(
                    path.toString(), "requires feature gate StructuredAuthorizationConfiguration to be enabled"));
        }
        if (text(auth.configMapName()).isEmpty()) {
            errs.add(FieldError.forbidden(path.child("configMapName").toString(), "must provide a name"));
        } else if (list(auth.kubeconfigs()).isEmpty()) {
            errs.add(FieldError.required(
                    path.child("kubeconfigs").toString(),
                    "must provide kubeconfig secret references if an authorization config is configured"));
        }
        return errs;
    }

    /** {@code ValidateWatchCacheSizes}. */
    public static List<FieldError> watchCacheSizes(WatchCacheSizes sizes, String version, FieldPath path) {
        if (sizes == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (sizes.defaultValue() != null) {
            if (GoSemver.atLeast(version, 1, 35)) {
                errs.add(FieldError.forbidden(
                        path.child("default").toString(),
                        "for Kubernetes versions >= 1.35, "
                                + "configuring the default watch cache size is no longer supported"));
            } else {
                errs.addAll(nonNegative(sizes.defaultValue(), path.child("default")));
            }
        }
        List<ResourceWatchCacheSize> resources = list(sizes.resources());
        for (int i = 0; i < resources.size(); i++) {
            ResourceWatchCacheSize size = resources.get(i);
            FieldPath at = path.child("resources").index(i);
            String resource = text(size.resource());
            if (resource.isEmpty()) {
                errs.add(FieldError.required(at.child("resource").toString(), "must not be empty"));
            } else {
                errs.addAll(lowerCaseWithout(resource, ",. #", at.child("resource")));
            }
            if (size.apiGroup() != null && !size.apiGroup().isEmpty()) {
                errs.addAll(lowerCaseWithout(size.apiGroup(), ", #", at.child("apiGroup")));
            }
            errs.addAll(nonNegative(size.size(), at.child("size")));
        }
        return errs;
    }

    private static List<FieldError> lowerCaseWithout(String value, String invalid, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (!value.toLowerCase(java.util.Locale.ROOT).equals(value)) {
            errs.add(FieldError.invalid(path.toString(), value, "must be lower case"));
        }
        if (value.chars().anyMatch(c -> invalid.indexOf(c) >= 0)) {
            errs.add(FieldError.invalid(
                    path.toString(), value, "must not contain any of the following characters: \"" + invalid + "\""));
        }
        return errs;
    }

    /** {@code ValidateAPIServerLogging}. */
    public static List<FieldError> logging(APIServerLogging logging, FieldPath path) {
        if (logging == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (logging.verbosity() != null) {
            addAll(errs, nonNegative(logging.verbosity(), path.child("verbosity")));
        }
        if (logging.httpAccessVerbosity() != null) {
            addAll(errs, nonNegative(logging.httpAccessVerbosity(), path.child("httpAccessVerbosity")));
        }
        return errs;
    }

    /** {@code ValidateAPIServerRequests}. */
    public static List<FieldError> requests(APIServerRequests requests, FieldPath path) {
        if (requests == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        addAll(
                errs,
                inflight(requests.maxNonMutatingInflight(), MAX_NON_MUTATING_INFLIGHT, path, "maxNonMutatingInflight"));
        addAll(errs, inflight(requests.maxMutatingInflight(), MAX_MUTATING_INFLIGHT, path, "maxMutatingInflight"));
        return errs;
    }

    private static List<FieldError> inflight(Integer value, int max, FieldPath parent, String field) {
        if (value == null || (value >= 0 && value <= max)) {
            return List.of();
        }
        FieldPath path = parent.child(field);
        List<FieldError> errs = new ArrayList<>(nonNegative(value, path));
        if (value > max) {
            errs.add(FieldError.invalid(path.toString(), value, "cannot set higher than " + max));
        }
        return errs;
    }

    /** {@code validateEncryptionConfig} (the resources against Gardener's defaults: secrets). */
    static List<FieldError> encryptionConfig(EncryptionConfig config, Options opts, FieldPath path) {
        if (config == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> resources = list(config.resources());
        for (int i = 0; i < resources.size(); i++) {
            String resource = resources.get(i);
            FieldPath at = path.child("encryptionConfig", "resources").index(i);
            String groupResource = groupResource(resource);
            String group = groupResource.substring(0, groupResource.indexOf('/'));
            if (!resource.toLowerCase(java.util.Locale.ROOT).equals(resource)) {
                errs.add(FieldError.invalid(at.toString(), resource, "resource must be lower case"));
            }
            if (NO_REST_API.contains(resource)) {
                errs.add(FieldError.invalid(
                        at.toString(), resource, "resources which do not have REST API/s cannot be encrypted"));
            }
            if (resource.endsWith(".")) {
                errs.add(FieldError.invalid(at.toString(), resource, "resource should not end with '.'"));
            }
            if (resource.contains("*")) {
                errs.add(FieldError.invalid(at.toString(), resource, "wildcards are not supported"));
            }
            if ("events.k8s.io".equals(group)) {
                errs.add(FieldError.invalid(
                        at.toString(),
                        resource,
                        "'*.events.k8s.io' objects are stored using the 'events' API "
                                + "group in etcd. Use 'events' instead"));
            }
            if ("extensions".equals(group)) {
                errs.add(FieldError.invalid(
                        at.toString(),
                        resource,
                        "'extensions' group has been removed and cannot be used for encryption"));
            }
            if (seen.contains(groupResource)) {
                errs.add(FieldError.duplicate(at.toString(), resource));
            }
            if (ALWAYS_ENCRYPTED.contains(groupResource)) {
                errs.add(FieldError.forbidden(at.toString(), "\"" + resource + "\" are always encrypted"));
            }
            seen.add(groupResource);
        }
        String type = config.provider() == null ? null : config.provider().type();
        if (type != null) {
            FieldPath at = path.child("encryptionConfig", "provider", "type");
            if (!ENCRYPTION_PROVIDERS.contains(type)) {
                errs.add(FieldError.notSupported(at.toString(), type, ENCRYPTION_PROVIDERS));
            }
            if ("aesgcm".equals(type)
                    && !opts.skipAesGcmAutoRotationValidation()
                    && !opts.etcdEncryptionKeyAutoRotation()) {
                errs.add(FieldError.forbidden(
                        at.toString(),
                        "etcdEncryptionKey auto rotation must be enabled when encryption at rest provider is AES-GCM"));
            }
        }
        return errs;
    }

    /** {@code schema.ParseGroupResource}: the text after the first dot is the group; as {@code group/resource}. */
    private static String groupResource(String resource) {
        int dot = resource.indexOf('.');
        return dot < 0 ? "/" + resource : resource.substring(dot + 1) + "/" + resource.substring(0, dot);
    }

    private static List<FieldError> serviceAccountConfig(ServiceAccountConfig config, Options opts, FieldPath path) {
        if (config == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        Duration max = config.maxTokenExpiration();
        if (max != null) {
            FieldPath at = path.child("maxTokenExpiration");
            if (max.nanos() < 0) {
                errs.add(FieldError.invalid(at.toString(), new GoValue(max.toString()), "can not be negative"));
            }
            if (max.nanos() > 0 && max.nanos() < 720 * HOUR_NANOS) {
                errs.add(FieldError.forbidden(at.toString(), "must be at least 720h (30d)"));
            }
            if (max.nanos() > 2160 * HOUR_NANOS) {
                errs.add(FieldError.forbidden(at.toString(), "must be at most 2160h (90d)"));
            }
        }
        if (config.issuer() != null) {
            errs.addAll(oidcIssuerUrl(config.issuer(), path.child("issuer")));
        }
        List<String> accepted = list(config.acceptedIssuers());
        if (!accepted.isEmpty() && !opts.allowInvalidAcceptedIssuers()) {
            Set<String> issuers = new HashSet<>();
            if (config.issuer() != null) {
                issuers.add(config.issuer());
            }
            for (int i = 0; i < accepted.size(); i++) {
                String issuer = accepted.get(i);
                FieldPath at = path.child("acceptedIssuers").index(i);
                errs.addAll(oidcIssuerUrl(issuer, at));
                if (!issuers.add(issuer)) {
                    if (issuer.equals(config.issuer())) {
                        errs.add(FieldError.invalid(
                                at.toString(),
                                issuer,
                                "acceptedIssuers cannot contains the issuer field value: " + issuer));
                    } else {
                        errs.add(FieldError.duplicate(at.toString(), issuer));
                    }
                }
            }
        }
        return errs;
    }

    /** {@code ValidateOIDCIssuerURL}; an unparsable URL reports only the first message, as Go's nil URL does. */
    public static List<FieldError> oidcIssuerUrl(String issuerUrl, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String at = path.toString();
        URI uri;
        try {
            uri = new URI(issuerUrl);
        } catch (URISyntaxException e) {
            errs.add(FieldError.invalid(at, issuerUrl, "must be a valid URL and have https scheme"));
            return errs;
        }
        if (uri.getRawAuthority() == null || hostOf(uri).isEmpty()) {
            errs.add(FieldError.invalid(at, issuerUrl, "must be a valid URL and have https scheme"));
        }
        if (uri.getRawFragment() != null && !uri.getRawFragment().isEmpty()) {
            errs.add(FieldError.invalid(at, issuerUrl, "must not contain a fragment"));
        }
        if (uri.getRawAuthority() != null && uri.getRawAuthority().contains("@")) {
            errs.add(FieldError.invalid(at, issuerUrl, "must not contain a username or password"));
        }
        if (uri.getRawQuery() != null && !uri.getRawQuery().isEmpty()) {
            errs.add(FieldError.invalid(at, issuerUrl, "must not contain a query"));
        }
        if (!"https".equals(uri.getScheme())) {
            errs.add(FieldError.invalid(at, issuerUrl, "must have https scheme"));
        }
        return errs;
    }

    /** Go's {@code URL.Host}: the authority without user info (port included). */
    private static String hostOf(URI uri) {
        String authority = uri.getRawAuthority();
        int at = authority.lastIndexOf('@');
        return at < 0 ? authority : authority.substring(at + 1);
    }

    /** {@code ValidateControlPlaneAutoscaling}: cpu and memory only, each at least the component's minimum. */
    public static List<FieldError> controlPlaneAutoscaling(
            ControlPlaneAutoscaling autoscaling, Map<String, Quantity> minRequired, FieldPath path) {
        if (autoscaling == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (autoscaling.minAllowed() == null || autoscaling.minAllowed().isEmpty()) {
            errs.add(FieldError.required(path.child("minAllowed").toString(), "must provide minAllowed"));
            return errs;
        }
        // Go ranges over a map in random order; sorted keeps the result stable
        for (Map.Entry<String, Quantity> e : new TreeMap<>(autoscaling.minAllowed()).entrySet()) {
            FieldPath at = path.child("minAllowed", e.getKey());
            if (!"cpu".equals(e.getKey()) && !"memory".equals(e.getKey())) {
                errs.add(FieldError.notSupported(at.toString(), e.getKey(), List.of("cpu", "memory")));
            }
            Quantity min = minRequired.get(e.getKey());
            if (min != null && e.getValue() != null && e.getValue().compareTo(min) < 0) {
                errs.add(FieldError.invalid(
                        at.toString(), e.getValue().toString(), "value must be bigger than >= " + min));
            }
            errs.addAll(CoreRules.resourceQuantityValue(e.getKey(), e.getValue(), at));
        }
        return errs;
    }

    private static List<FieldError> apiAudiences(List<String> audiences, FieldPath path) {
        if (audiences == null || audiences.isEmpty()) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> all = list(audiences);
        for (int i = 0; i < all.size(); i++) {
            String audience = all.get(i);
            String at = path.index(i).toString();
            if (!seen.add(audience)) {
                errs.add(FieldError.duplicate(at, audience));
            }
            if (audience.contains(",")) {
                errs.add(FieldError.invalid(at, audience, "audience must not contain commas"));
            }
        }
        return errs;
    }

    /** {@code apivalidation.ValidateNonnegativeField}: the value reported as an int64. */
    static List<FieldError> nonNegative(long value, FieldPath path) {
        return value < 0 ? List.of(FieldError.invalid(path.toString(), value, NEGATIVE)) : List.of();
    }
}
