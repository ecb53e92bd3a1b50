package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ShootRules.WORKERLESS;
import static cloud.gardener.apiserver.admission.validation.core.ShootRules.dns1123Label;
import static cloud.gardener.apiserver.admission.validation.core.ShootRules.dns1123Subdomain;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.api.core.v1beta1.Addons;
import cloud.gardener.apiserver.api.core.v1beta1.ControlPlane;
import cloud.gardener.apiserver.api.core.v1beta1.DNS;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.Extension;
import cloud.gardener.apiserver.api.core.v1beta1.Hibernation;
import cloud.gardener.apiserver.api.core.v1beta1.HibernationSchedule;
import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.Maintenance;
import cloud.gardener.apiserver.api.core.v1beta1.MaintenanceRotationConfig;
import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.core.v1beta1.Provider;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.NameFormats;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.math.BigInteger;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Static validation of {@code core.gardener.cloud/v1beta1} Shoots, as Gardener's {@code ValidateShoot} and
 * {@code ValidateShootUpdate} (plus the create-only finalizer rule of the registry strategy).
 *
 * <p>Gardener's ShootValidator admission plugin fills {@code spec.kubernetes.version} and the workers' machine
 * images from the CloudProfile before this validation runs. Constructed without that guarantee (the default), the
 * validator accepts those fields unset and checks them only when present; with it, it requires them as Gardener's
 * static validation does. Worker {@code maxSurge}/{@code maxUnavailable} are always judged with their defaults.
 */
public final class ShootValidator implements Validator<Shoot> {

    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final FieldPath SPEC = FieldPath.of("spec");
    private static final List<String> PURPOSES = List.of("development", "evaluation", "production", "testing");
    private static final List<String> PURPOSES_IN_GARDEN =
            List.of("development", "evaluation", "infrastructure", "production", "testing");
    private static final List<String> CLOUD_PROFILE_KINDS = List.of("CloudProfile", "NamespacedCloudProfile");
    private static final List<String> FAILURE_TOLERANCE_TYPES = List.of("node", "zone");
    private static final List<String> IP_FAMILIES = List.of("IPv4", "IPv6");
    private static final List<String> CORE_DNS_AUTOSCALING_MODES = List.of("cluster-proportional", "horizontal");
    private static final List<String> FORBIDDEN_FINALIZERS_ON_CREATION =
            List.of("gardener", "gardener.cloud/reference-protection");
    private static final Pattern EMAIL = Pattern.compile("^[^@]+@(?:[a-zA-Z-0-9]+\\.)+[a-zA-Z]{2,}$");
    private static final String GARDEN_NAMESPACE = "garden";
    private static final String DNS_UNMANAGED = "unmanaged";
    private static final long MAINTENANCE_MAX_SECONDS = 6 * 3600;
    private static final long MAINTENANCE_MIN_SECONDS = 30 * 60;

    private final boolean cloudProfileDefaultsApplied;
    /** On updates leaving them unchanged, Gardener lets invalid accepted service account issuers stay. */
    private final boolean allowInvalidAcceptedIssuers;

    private final WorkerValidation workers;

    /** The validator for a server without CloudProfile defaulting of versions and machine images. */
    public ShootValidator() {
        this(false);
    }

    /** @param cloudProfileDefaultsApplied whether admission has filled the Kubernetes version and machine images */
    public ShootValidator(boolean cloudProfileDefaultsApplied) {
        this(cloudProfileDefaultsApplied, false);
    }

    private ShootValidator(boolean cloudProfileDefaultsApplied, boolean allowInvalidAcceptedIssuers) {
        this.cloudProfileDefaultsApplied = cloudProfileDefaultsApplied;
        this.allowInvalidAcceptedIssuers = allowInvalidAcceptedIssuers;
        this.workers = new WorkerValidation(cloudProfileDefaultsApplied);
    }

    @Override
    public List<FieldError> validate(Shoot shoot) {
        List<FieldError> errs = validateShoot(shoot);
        errs.addAll(ShootForceDeletion.validate(shoot, null));
        List<String> finalizers = meta(shoot).finalizers();
        if (finalizers != null) {
            for (int i = 0; i < finalizers.size(); i++) {
                if (FORBIDDEN_FINALIZERS_ON_CREATION.contains(finalizers.get(i))) {
                    errs.add(FieldError.forbidden(
                            METADATA.child("finalizers").index(i).toString(),
                            "finalizer \"" + finalizers.get(i) + "\" cannot be added on creation"));
                }
            }
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validateUpdate(meta(shoot), meta(old), METADATA));
        errs.addAll(new ShootUpdateValidation(cloudProfileDefaultsApplied).validateSpecUpdate(shoot, old));
        errs.addAll(new ShootValidator(cloudProfileDefaultsApplied, acceptedIssuersUnchanged(shoot, old))
                .validateShoot(shoot));
        errs.addAll(ShootUpdateValidation.validateHighAvailabilityUpdate(shoot, old));
        errs.addAll(ComponentConfigUpdateRules.validate(shoot, old));
        errs.addAll(ShootUpdateValidation.validateHibernationUpdate(shoot, old));
        errs.addAll(ShootForceDeletion.validate(shoot, old));
        errs.addAll(ShootInPlaceUpdates.validate(shoot, old));
        return errs;
    }

    /**
     * The {@code shoots/status} strategy's {@code ValidateShootStatusUpdate}: only the status is judged. Spec and
     * operation annotations are left to writes through the main resource and {@code shoots/binding}, which run
     * {@link #validateUpdate} as Gardener's binding strategy inherits the main one.
     */
    @Override
    public List<FieldError> validateStatusUpdate(Shoot shoot, Shoot old) {
        return ShootStatusValidation.validateUpdate(shoot.status(), old.status());
    }

    /** {@code ValidateShoot}: metadata, operation annotations, spec and the high-availability setting. */
    List<FieldError> validateShoot(Shoot shoot) {
        ObjectMeta meta = meta(shoot);
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validate(meta, true, ObjectMetaValidation.NAME_IS_DNS_LABEL, METADATA));
        if (CoreRules.text(meta.name()).contains("--")) {
            errs.add(FieldError.invalid(
                    METADATA.child("name").toString(), meta.name(), "name may not contain two consecutive hyphens"));
        }
        errs.addAll(ShootOperations.validate(shoot, METADATA.child("annotations")));
        ShootSpec spec = spec(shoot);
        errs.addAll(validateSpec(meta, spec, SPEC));
        ControlPlane controlPlane = spec.controlPlane();
        if (controlPlane != null && controlPlane.highAvailability() != null) {
            String type = controlPlane.highAvailability().failureTolerance() == null
                    ? ""
                    : CoreRules.text(
                            controlPlane.highAvailability().failureTolerance().type());
            if (!FAILURE_TOLERANCE_TYPES.contains(type)) {
                errs.add(FieldError.notSupported(
                        "spec.controlPlane.highAvailability.failureTolerance.type", type, FAILURE_TOLERANCE_TYPES));
            }
        }
        return errs;
    }

    /** {@code ValidateShootSpec}, in Gardener's order. */
    List<FieldError> validateSpec(ObjectMeta meta, ShootSpec spec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Provider provider = provider(spec);
        Kubernetes kubernetes = kubernetes(spec);
        List<Worker> workerList = provider.workers() == null ? List.of() : provider.workers();
        boolean workerless = workerList.isEmpty();
        boolean selfHosted = WorkerValidation.isSelfHosted(workerList);
        String version = CoreRules.text(kubernetes.version());

        errs.addAll(validateCloudProfileReference(spec, version, path));
        errs.addAll(
                workers.validateProvider(meta.namespace(), provider, kubernetes, workerless, path.child("provider")));
        errs.addAll(validateNodeCidrMask(kubernetes, spec.networking(), workerList));
        errs.addAll(validateAddons(spec.addons(), spec.purpose(), workerless, version, path.child("addons")));
        errs.addAll(validateDns(spec.dns(), version, path.child("dns")));
        errs.addAll(validateExtensions(spec.extensions(), path.child("extensions")));
        errs.addAll(validateResources(spec.resources(), path.child("resources")));
        errs.addAll(validateKubernetes(kubernetes, path.child("kubernetes")));
        errs.addAll(ComponentConfigRules.validate(spec, apiServerOptions(spec), workerless, path.child("kubernetes")));
        errs.addAll(validateNetworking(spec.networking(), workerless, path.child("networking")));
        errs.addAll(validateMaintenance(spec.maintenance(), workerless, path.child("maintenance")));
        errs.addAll(validateMonitoring(spec, path.child("monitoring")));
        errs.addAll(validateHibernation(meta.annotations(), spec.hibernation(), selfHosted, path.child("hibernation")));

        if (CoreRules.text(spec.region()).isEmpty()) {
            errs.add(FieldError.required(path.child("region").toString(), "must specify a region"));
        }
        if (workerless) {
            if (spec.secretBindingName() != null) {
                errs.add(FieldError.forbidden(path.child("secretBindingName").toString(), WORKERLESS));
            }
            if (spec.credentialsBindingName() != null) {
                errs.add(FieldError.forbidden(
                        path.child("credentialsBindingName").toString(), WORKERLESS));
            }
        } else if (!selfHosted) {
            String secretBinding = CoreRules.text(spec.secretBindingName());
            String credentialsBinding = CoreRules.text(spec.credentialsBindingName());
            if (secretBinding.isEmpty() && credentialsBinding.isEmpty()) {
                errs.add(FieldError.required(
                        path.child("secretBindingName").toString(), "must be set when credentialsBindingName is not"));
            } else if (!secretBinding.isEmpty() && !credentialsBinding.isEmpty()) {
                errs.add(FieldError.forbidden(
                        path.child("secretBindingName").toString(), "is incompatible with credentialsBindingName"));
            }
            if (!secretBinding.isEmpty() && !version.isEmpty() && GoSemver.atLeast(version, 1, 34)) {
                errs.add(FieldError.forbidden(
                        path.child("secretBindingName").toString(),
                        "for Kubernetes versions >= 1.34, secretBindingName field is no longer supported, use "
                                + "spec.credentialsBindingName instead"));
            }
        }
        if (spec.seedName() != null && spec.seedName().isEmpty()) {
            errs.add(FieldError.invalid(
                    path.child("seedName").toString(), "", "seed name must not be empty when providing the key"));
        }
        if (spec.seedSelector() != null && spec.seedSelector().labelSelector() != null) {
            errs.addAll(validateLabelSelector(spec.seedSelector().labelSelector(), path.child("seedSelector")));
        }
        if (spec.purpose() != null) {
            List<String> allowed = GARDEN_NAMESPACE.equals(meta.namespace()) ? PURPOSES_IN_GARDEN : PURPOSES;
            if (!allowed.contains(spec.purpose())) {
                errs.add(FieldError.notSupported(path.child("purpose").toString(), spec.purpose(), allowed));
            }
        }
        errs.addAll(validateTolerations(spec.tolerations(), path.child("tolerations")));
        errs.addAll(validateSystemComponents(spec, workerless, path.child("systemComponents")));
        if (spec.exposureClassName() != null) {
            for (String msg : NameFormats.dns1123Subdomain(spec.exposureClassName())) {
                errs.add(FieldError.invalid(
                        path.child("exposureClassName").toString(),
                        spec.exposureClassName(),
                        "exposureClassName is not a valid DNS subdomain: \"" + msg.replace("\"", "\\\"") + "\""));
            }
        }
        if (selfHosted) {
            if (spec.seedName() != null) {
                errs.add(FieldError.invalid(
                        path.child("seedName").toString(),
                        spec.seedName(),
                        "cannot set seedName for self-hosted shoots"));
            }
            if (!GARDEN_NAMESPACE.equals(meta.namespace())) {
                errs.add(FieldError.invalid(
                        "metadata.namespace",
                        CoreRules.text(meta.namespace()),
                        "self-hosted shoots must be in the \"garden\" namespace"));
            }
            errs.addAll(validateSelfHostedControlPlane(spec, workerList, path));
        }
        if (spec.schedulerName() != null) {
            errs.addAll(dns1123Label(spec.schedulerName(), path.child("schedulerName")));
        }
        errs.addAll(validateControlPlaneZones(spec.controlPlane(), path.child("controlPlane")));
        return errs;
    }

    /** {@code ValidateCloudProfileReference}. */
    static List<FieldError> validateCloudProfileReference(ShootSpec spec, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (!version.isEmpty()
                && GoSemver.atLeast(version, 1, 34)
                && !CoreRules.text(spec.cloudProfileName()).isEmpty()) {
            errs.add(FieldError.forbidden(
                    path.child("cloudProfileName").toString(),
                    "for Kubernetes version >= 1.34, "
                            + "cloudProfileName field is no longer supported, use spec.cloudProfile.name instead"));
        }
        FieldPath refPath = path.child("cloudProfile");
        String kind;
        String name;
        if (spec.cloudProfile() != null) {
            // The strategy defaults an unset kind to CloudProfile before validation.
            kind = spec.cloudProfile().kind() == null
                    ? "CloudProfile"
                    : spec.cloudProfile().kind();
            name = CoreRules.text(spec.cloudProfile().name());
        } else if (spec.cloudProfileName() != null) {
            kind = "CloudProfile";
            name = spec.cloudProfileName();
        } else {
            kind = "";
            name = "";
        }
        if (name.isEmpty()) {
            errs.add(FieldError.required(refPath.child("name").toString(), "must specify a cloud profile"));
            return errs;
        }
        if (!CLOUD_PROFILE_KINDS.contains(kind)) {
            errs.add(FieldError.notSupported(refPath.child("kind").toString(), kind, CLOUD_PROFILE_KINDS));
        }
        return errs;
    }

    private static List<FieldError> validateNodeCidrMask(
            Kubernetes kubernetes, Networking networking, List<Worker> workerList) {
        if (kubernetes.kubeControllerManager() == null
                || kubernetes.kubeControllerManager().nodeCIDRMaskSize() == null
                || networking == null) {
            return List.of();
        }
        int maxPod = 0;
        if (!workerList.isEmpty()) {
            if (kubernetes.kubelet() != null && kubernetes.kubelet().maxPods() != null) {
                maxPod = kubernetes.kubelet().maxPods();
            }
            for (Worker w : workerList) {
                if (w.kubernetes() != null
                        && w.kubernetes().kubelet() != null
                        && w.kubernetes().kubelet().maxPods() != null
                        && w.kubernetes().kubelet().maxPods() > maxPod) {
                    maxPod = w.kubernetes().kubelet().maxPods();
                }
            }
        }
        if (maxPod == 0) {
            maxPod = 110;
        }
        int mask = kubernetes.kubeControllerManager().nodeCIDRMaskSize();
        boolean ipv6 =
                networking.ipFamilies() != null && networking.ipFamilies().equals(List.of("IPv6"));
        int total = ipv6 ? 128 : 32;
        int defaultMask = ipv6 ? 64 : 24;
        BigInteger available = total - mask < 0
                ? BigInteger.ONE.negate()
                : BigInteger.TWO.pow(total - mask).subtract(BigInteger.TWO);
        if (available.compareTo(BigInteger.valueOf(maxPod)) < 0) {
            return List.of(FieldError.invalid(
                    "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize",
                    mask,
                    "kubelet or kube-controller-manager configuration incorrect. Please adjust the nodeCIDRMaskSize to "
                            + "support the highest maxPod on any worker pool. The nodeCIDRMaskSize of " + mask
                            + " (default: " + defaultMask + ") only supports " + available
                            + " IP addresses. The highest "
                            + "maxPod setting is " + maxPod
                            + " (default: 110). Please choose a nodeCIDRMaskSize that at "
                            + "least supports " + maxPod + " IP addresses"));
        }
        return List.of();
    }

    private static List<FieldError> validateAddons(
            Addons addons, String purpose, boolean workerless, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (addons == null) {
            return errs;
        }
        if (workerless) {
            errs.add(FieldError.forbidden(path.toString(), "addons cannot be enabled for Workerless Shoot clusters"));
            return errs;
        }
        if (GoSemver.atLeast(version, 1, 35)) {
            errs.add(FieldError.forbidden(
                    path.toString(), "for Kubernetes versions >= 1.35, addons field is no longer supported"));
            return errs;
        }
        boolean nginx = addons.nginxIngress() != null
                && addons.nginxIngress().addon() != null
                && addons.nginxIngress().addon().enabled();
        boolean dashboard = addons.kubernetesDashboard() != null
                && addons.kubernetesDashboard().addon() != null
                && addons.kubernetesDashboard().addon().enabled();
        if ((nginx || dashboard) && purpose != null && !"evaluation".equals(purpose)) {
            errs.add(FieldError.forbidden(
                    path.toString(), "addons can only be enabled on shoots with .spec.purpose=evaluation"));
        }
        if (nginx) {
            List<String> ranges = addons.nginxIngress().loadBalancerSourceRanges();
            if (ranges != null) {
                for (int i = 0; i < ranges.size(); i++) {
                    if (!Cidr.isValid(ranges.get(i))) {
                        errs.add(FieldError.invalid(
                                path.child("nginxIngress", "loadBalancerSourceRanges")
                                        .index(i)
                                        .toString(),
                                ranges.get(i),
                                "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"));
                    }
                }
            }
            String policy = addons.nginxIngress().externalTrafficPolicy();
            if (policy != null && !List.of("Cluster", "Local").contains(policy)) {
                errs.add(FieldError.notSupported(
                        path.child("nginxIngress", "externalTrafficPolicy").toString(),
                        policy,
                        List.of("Cluster", "Local")));
            }
        }
        if (dashboard) {
            String mode = addons.kubernetesDashboard().authenticationMode();
            if (mode != null && !"token".equals(mode)) {
                errs.add(FieldError.notSupported(
                        path.child("kubernetesDashboard", "authenticationMode").toString(), mode, List.of("token")));
            }
        }
        return errs;
    }

    private record Credential(String type, String gvk, String name) {}

    /** {@code validateDNS} with {@code validateDNSCredentialsRef}. */
    private static List<FieldError> validateDns(DNS dns, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (dns == null) {
            return errs;
        }
        if (dns.domain() != null) {
            errs.addAll(dns1123Subdomain(dns.domain(), path.child("domain")));
        }
        List<DNSProvider> providers = dns.providers() == null ? List.of() : dns.providers();
        DNSProvider primary = providers.stream()
                .filter(p -> Boolean.TRUE.equals(p.primary()))
                .findFirst()
                .orElse(null);
        if (primary != null
                && primary.type() != null
                && !DNS_UNMANAGED.equals(primary.type())
                && dns.domain() == null) {
            errs.add(FieldError.required(
                    path.child("domain").toString(),
                    "domain must be set when primary provider type is not set to \"unmanaged\""));
        }
        Set<Credential> used = new HashSet<>();
        boolean primaryFound = false;
        for (int i = 0; i < providers.size(); i++) {
            DNSProvider p = providers.get(i);
            FieldPath idx = path.child("providers").index(i);
            if (p.secretName() != null && GoSemver.atLeast(version, 1, 35)) {
                errs.add(FieldError.forbidden(
                        idx.child("secretName").toString(),
                        "for Kubernetes versions >= 1.35, secretName field is no longer supported"));
            }
            errs.addAll(validateDnsCredentialsRef(p, version, idx));
            CrossVersionObjectReference ref = p.credentialsRef();
            if (ref != null && p.type() != null) {
                Credential c = new Credential(
                        p.type(),
                        CoreRules.text(ref.apiVersion()) + "/" + CoreRules.text(ref.kind()),
                        CoreRules.text(ref.name()));
                if (!used.add(c)) {
                    errs.add(FieldError.invalid(
                            idx.toString(),
                            new GoValue("validation.credentialConfig{ProviderType:\"" + c.type() + "\", GVK:\""
                                    + c.gvk() + "\", Name:\"" + c.name() + "\"}"),
                            "combination of .credentialsRef and .type must be unique across dns providers"));
                    continue;
                }
            }
            if (Boolean.TRUE.equals(p.primary())) {
                if (primaryFound) {
                    errs.add(FieldError.forbidden(
                            idx.child("primary").toString(), "multiple primary DNS providers are not supported"));
                    continue;
                }
                primaryFound = true;
            }
            if (DNS_UNMANAGED.equals(p.type()) && ref != null) {
                errs.add(FieldError.invalid(
                        idx.child("credentialsRef").toString(),
                        new GoValue(goReference(ref)),
                        "credentialsRef must not be set when type is \"unmanaged\""));
                continue;
            }
            if (ref != null && p.type() == null) {
                errs.add(FieldError.required(
                        idx.child("type").toString(), "type must be set when credentialsRef is set"));
            }
            if (!Boolean.TRUE.equals(p.primary()) && ref == null) {
                errs.add(FieldError.required(
                        idx.child("credentialsRef").toString(),
                        "non-primary DNS providers must specify `credentialsRef`"));
            }
        }
        return errs;
    }

    private static List<FieldError> validateDnsCredentialsRef(DNSProvider p, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        CrossVersionObjectReference ref = p.credentialsRef();
        boolean below135 = GoSemver.below(version, 1, 35);
        if (ref == null) {
            if (p.secretName() != null && below135) {
                errs.add(FieldError.forbidden(
                        path.child("secretName").toString(), "must not be set when `credentialsRef` is not set"));
            }
            return errs;
        }
        errs.addAll(validateLocalCredentialsRef(ref, path.child("credentialsRef")));
        if ("v1".equals(ref.apiVersion()) && "Secret".equals(ref.kind())) {
            if (below135 && (p.secretName() == null || !p.secretName().equals(ref.name()))) {
                errs.add(FieldError.forbidden(
                        path.child("secretName").toString(), "must refer to the same secret as `credentialsRef`"));
            }
        } else if (p.secretName() != null && !p.secretName().isEmpty()) {
            errs.add(FieldError.forbidden(
                    path.child("secretName").toString(),
                    "must not be set when `credentialsRef` does not refer to secret resource"));
        }
        return errs;
    }

    /** {@code ValidateLocalCredentialsRef}: a Secret, InternalSecret or WorkloadIdentity by name. */
    private static List<FieldError> validateLocalCredentialsRef(CrossVersionObjectReference ref, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String apiVersion = CoreRules.text(ref.apiVersion());
        String kind = CoreRules.text(ref.kind());
        String name = CoreRules.text(ref.name());
        if (apiVersion.isEmpty()) {
            errs.add(FieldError.required(path.child("apiVersion").toString(), "must provide an apiVersion"));
        }
        if (kind.isEmpty()) {
            errs.add(FieldError.required(path.child("kind").toString(), "must provide a kind"));
        }
        if (name.isEmpty()) {
            errs.add(FieldError.required(path.child("name").toString(), "must provide a name"));
        }
        errs.addAll(dns1123Subdomain(name, path.child("name")));
        List<String> allowed = List.of(
                "/v1, Kind=Secret",
                "core.gardener.cloud/v1beta1, Kind=InternalSecret",
                "security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity");
        String gvk = gvkString(apiVersion, kind);
        if (!allowed.contains(gvk)) {
            errs.add(FieldError.notSupported(
                    path.toString(), new GoValue("\"" + goObjectReference(apiVersion, kind, name) + "\""), allowed));
        }
        return errs;
    }

    private static List<FieldError> validateExtensions(List<Extension> extensions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (extensions == null) {
            return errs;
        }
        Set<String> types = new HashSet<>();
        for (int i = 0; i < extensions.size(); i++) {
            String type = CoreRules.text(extensions.get(i).type());
            FieldPath typePath = path.index(i).child("type");
            if (type.isEmpty()) {
                errs.add(FieldError.required(typePath.toString(), "field must not be empty"));
            } else {
                errs.addAll(dns1123Label(type, typePath));
            }
            if (!types.add(type)) {
                errs.add(FieldError.duplicate(typePath.toString(), type));
            }
        }
        return errs;
    }

    /** {@code ValidateResources} with WorkloadIdentity references allowed. */
    private static List<FieldError> validateResources(List<NamedResourceReference> resources, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (resources == null) {
            return errs;
        }
        Set<String> names = new HashSet<>();
        List<String> allowed = List.of(
                "/v1, Kind=Secret", "/v1, Kind=ConfigMap", "security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity");
        for (int i = 0; i < resources.size(); i++) {
            NamedResourceReference r = resources.get(i);
            FieldPath idx = path.index(i);
            String name = CoreRules.text(r.name());
            if (name.isEmpty()) {
                errs.add(FieldError.required(idx.child("name").toString(), "field must not be empty"));
            } else if (!names.add(name)) {
                errs.add(FieldError.duplicate(idx.child("name").toString(), name));
            }
            FieldPath refPath = idx.child("resourceRef");
            CrossVersionObjectReference ref = r.resourceRef();
            String apiVersion = ref == null ? "" : CoreRules.text(ref.apiVersion());
            String kind = ref == null ? "" : CoreRules.text(ref.kind());
            if (apiVersion.isEmpty()) {
                errs.add(FieldError.required(refPath.child("apiVersion").toString(), "must provide an apiVersion"));
            }
            if (kind.isEmpty()) {
                errs.add(FieldError.required(refPath.child("kind").toString(), "must provide a kind"));
            }
            if (apiVersion.split("/", -1).length > 2) {
                errs.add(FieldError.invalid(
                        refPath.toString(),
                        new GoValue(goReference(ref)),
                        "cannot determine GroupVersionKind for specified reference: unexpected GroupVersion string: "
                                + apiVersion));
            } else if (!allowed.contains(gvkString(apiVersion, kind))) {
                errs.add(FieldError.notSupported(refPath.toString(), gvkString(apiVersion, kind), allowed));
            }
            if (ref == null || CoreRules.text(ref.name()).isEmpty()) {
                errs.add(FieldError.required(refPath.child("name").toString(), "must provide a name"));
            }
        }
        return errs;
    }

    /** {@code validateKubernetes}'s version; the component configurations are {@link ComponentConfigRules}'. */
    private List<FieldError> validateKubernetes(Kubernetes kubernetes, FieldPath path) {
        if (CoreRules.text(kubernetes.version()).isEmpty() && cloudProfileDefaultsApplied) {
            return List.of(
                    FieldError.required(path.child("version").toString(), "kubernetes version must not be empty"));
        }
        return List.of();
    }

    private static void forbid(List<FieldError> errs, Object value, FieldPath path) {
        if (value != null) {
            errs.add(FieldError.forbidden(path.toString(), WORKERLESS));
        }
    }

    /** {@code validateNetworking}: presence, type, IP families and the CIDRs. */
    static List<FieldError> validateNetworking(Networking networking, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (workerless) {
            if (networking == null) {
                return errs;
            }
            forbid(errs, networking.type(), path.child("type"));
            forbid(errs, networking.providerConfig(), path.child("providerConfig"));
            forbid(errs, networking.pods(), path.child("pods"));
            forbid(errs, networking.nodes(), path.child("nodes"));
        } else {
            if (networking == null) {
                errs.add(FieldError.required(path.toString(), "networking should not be nil for a Shoot with workers"));
                return errs;
            }
            String type = CoreRules.text(networking.type());
            if (type.isEmpty()) {
                errs.add(FieldError.required(path.child("type").toString(), "networking type must be provided"));
            } else if (!NameFormats.qualifiedName("networking.extensions.gardener.cloud/" + type)
                    .isEmpty()) {
                errs.add(FieldError.invalid(path.child("type").toString(), type, "type must be a valid label name"));
            }
        }
        List<String> families = networking.ipFamilies() == null ? List.of() : networking.ipFamilies();
        List<FieldError> familyErrors = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < families.size(); i++) {
            String f = families.get(i);
            if (!IP_FAMILIES.contains(f)) {
                familyErrors.add(FieldError.notSupported(
                        path.child("ipFamilies").index(i).toString(), f, IP_FAMILIES));
            }
            if (!seen.add(f)) {
                familyErrors.add(
                        FieldError.duplicate(path.child("ipFamilies").index(i).toString(), f));
            }
        }
        if (!familyErrors.isEmpty()) {
            errs.addAll(familyErrors);
            return errs; // without known families the CIDRs cannot be judged
        }
        String primary = families.isEmpty() ? "IPv4" : families.get(0);
        errs.addAll(validateCidr(networking.nodes(), families.size() < 2, primary, path.child("nodes")));
        errs.addAll(validateCidr(networking.pods(), families.size() < 2, primary, path.child("pods")));
        errs.addAll(validateCidr(networking.services(), families.size() < 2, primary, path.child("services")));
        return errs;
    }

    private static List<FieldError> validateCidr(String value, boolean checkFamily, String family, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (value == null) {
            return errs;
        }
        Cidr cidr = Cidr.of(value, path);
        errs.addAll(cidr.validateParse());
        if (checkFamily) {
            errs.addAll(cidr.validateIPFamily(family));
        }
        errs.addAll(cidr.validateIsCanonical());
        return errs;
    }

    /** {@code validateMaintenance}: workerless restrictions, rotation periods and the time window. */
    static List<FieldError> validateMaintenance(Maintenance maintenance, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (maintenance == null) {
            return errs;
        }
        if (maintenance.autoUpdate() != null
                && workerless
                && maintenance.autoUpdate().machineImageVersion() != null) {
            errs.add(FieldError.forbidden(
                    path.child("autoUpdate", "machineImageVersion").toString(), WORKERLESS));
        }
        if (maintenance.autoRotation() != null && maintenance.autoRotation().credentials() != null) {
            var credentials = maintenance.autoRotation().credentials();
            FieldPath credentialsPath = path.child("autoRotation", "credentials");
            errs.addAll(rotationPeriod(credentials.observability(), credentialsPath.child("observability")));
            if (credentials.sshKeypair() != null) {
                if (workerless) {
                    errs.add(FieldError.forbidden(
                            credentialsPath.child("sshKeypair").toString(), WORKERLESS));
                } else {
                    errs.addAll(rotationPeriod(credentials.sshKeypair(), credentialsPath.child("sshKeypair")));
                }
            }
            errs.addAll(rotationPeriod(credentials.etcdEncryptionKey(), credentialsPath.child("etcdEncryptionKey")));
        }
        var window = maintenance.timeWindow();
        if (window != null) {
            String begin = CoreRules.text(window.begin());
            String end = CoreRules.text(window.end());
            int beginSecond;
            int endSecond;
            try {
                beginSecond = parseWindowEnd("begin", begin);
                endSecond = parseWindowEnd("end", end);
            } catch (IllegalArgumentException e) {
                errs.add(FieldError.invalid(
                        path.child("timeWindow", "begin/end").toString(),
                        new GoValue("core.MaintenanceTimeWindow{Begin:\"" + begin + "\", End:\"" + end + "\"}"),
                        e.getMessage()));
                return errs;
            }
            long seconds = endSecond > beginSecond ? endSecond - beginSecond : endSecond + 24 * 3600L - beginSecond;
            GoValue duration = new GoValue(Duration.ofSeconds(seconds).toString());
            if (seconds > MAINTENANCE_MAX_SECONDS) {
                errs.add(FieldError.invalid(
                        path.child("timeWindow").toString(), duration, "time window must not be greater than 6h0m0s"));
            } else if (seconds < MAINTENANCE_MIN_SECONDS) {
                errs.add(FieldError.invalid(
                        path.child("timeWindow").toString(), duration, "time window must not be smaller than 30m0s"));
            }
        }
        return errs;
    }

    private static int parseWindowEnd(String which, String value) {
        try {
            return MaintenanceTime.parseUtcSecondOfDay(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("could not parse " + which + " time: " + e.getMessage(), e);
        }
    }

    private static List<FieldError> rotationPeriod(MaintenanceRotationConfig config, FieldPath path) {
        if (config == null || config.rotationPeriod() == null) {
            return List.of();
        }
        Duration d = config.rotationPeriod();
        long nanos = d.nanos();
        if (nanos != 0 && (nanos < 30L * 60 * 1_000_000_000L || nanos > 90L * 24 * 3600 * 1_000_000_000L)) {
            return List.of(FieldError.invalid(
                    path.child("rotationPeriod").toString(),
                    d.toString(),
                    "value must be either 0 to disable rotation or between 30m and 90d"));
        }
        return List.of();
    }

    private static List<FieldError> validateMonitoring(ShootSpec spec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (spec.monitoring() == null
                || spec.monitoring().alerting() == null
                || spec.monitoring().alerting().emailReceivers() == null) {
            return errs;
        }
        List<String> emails = spec.monitoring().alerting().emailReceivers();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < emails.size(); i++) {
            FieldPath idx = path.child("alerting", "emailReceivers").index(i);
            String email = CoreRules.text(emails.get(i));
            if (!EMAIL.matcher(email).matches()) {
                errs.add(FieldError.invalid(idx.toString(), email, "must provide a valid email"));
            }
            if (!seen.add(email)) {
                errs.add(FieldError.duplicate(idx.toString(), email));
            }
        }
        return errs;
    }

    /** {@code ValidateHibernation}: schedules are cron specs, unique, in a known location. */
    static List<FieldError> validateHibernation(
            Map<String, String> annotations, Hibernation hibernation, boolean selfHosted, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (hibernation == null) {
            return errs;
        }
        if (selfHosted) {
            errs.add(FieldError.forbidden(path.toString(), "hibernation is not supported for self-hosted shoots"));
            return errs;
        }
        for (String op : ShootOperations.operations(annotations, ShootOperations.MAINTENANCE_OPERATION)) {
            if (ShootOperations.FORBIDDEN_WHEN_HIBERNATED.contains(op) && Boolean.TRUE.equals(hibernation.enabled())) {
                errs.add(FieldError.forbidden(
                        path.child("enabled").toString(),
                        "shoot cannot be hibernated when " + ShootOperations.MAINTENANCE_OPERATION
                                + " annotation contains " + op + " operation"));
            }
        }
        List<HibernationSchedule> schedules = hibernation.schedules() == null ? List.of() : hibernation.schedules();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < schedules.size(); i++) {
            HibernationSchedule s = schedules.get(i);
            FieldPath idx = path.child("schedules").index(i);
            if (s.start() == null && s.end() == null) {
                errs.add(FieldError.required(
                        idx.child("start/end").toString(), "either start or end has to be provided"));
            }
            if (s.start() != null) {
                errs.addAll(cronSpec(seen, s.start(), idx.child("start")));
            }
            if (s.end() != null) {
                errs.addAll(cronSpec(seen, s.end(), idx.child("end")));
            }
            if (s.location() != null && !isLocation(s.location())) {
                errs.add(FieldError.invalid(
                        idx.child("location").toString(),
                        s.location(),
                        "not a valid location: " + locationError(s.location())));
            }
        }
        return errs;
    }

    private static List<FieldError> cronSpec(Set<String> seen, String spec, FieldPath path) {
        var problem = StandardCronSpec.problem(spec);
        if (problem.isPresent()) {
            return List.of(FieldError.invalid(path.toString(), spec, "not a valid cron spec: " + problem.get()));
        }
        if (!seen.add(spec)) {
            return List.of(FieldError.duplicate(path.toString(), spec));
        }
        return List.of();
    }

    /** Go's {@code time.LoadLocation}: "", UTC, Local or an IANA zone name. */
    private static boolean isLocation(String name) {
        return name.isEmpty()
                || name.equals("UTC")
                || name.equals("Local")
                || (isValidLocationName(name) && ZoneId.getAvailableZoneIds().contains(name));
    }

    private static boolean isValidLocationName(String name) {
        return !name.contains("..") && !name.startsWith("/") && !name.startsWith("\\") && !name.contains(":");
    }

    private static String locationError(String name) {
        return isValidLocationName(name) ? "unknown time zone " + name : "time: invalid location name";
    }

    /** {@code ValidateTolerations}: keys are label names, key(=value) unique. */
    static List<FieldError> validateTolerations(List<Toleration> tolerations, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (tolerations == null) {
            return errs;
        }
        Set<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < tolerations.size(); i++) {
            Toleration t = tolerations.get(i);
            FieldPath idx = path.index(i);
            String key = CoreRules.text(t.key());
            if (key.isEmpty()) {
                errs.add(FieldError.required(idx.child("key").toString(), "cannot be empty"));
            } else {
                errs.addAll(ObjectMetaValidation.validateLabelName(key, idx.child("key")));
            }
            if (t.value() != null) {
                for (String msg : NameFormats.labelValue(t.value())) {
                    errs.add(FieldError.invalid(idx.child("value").toString(), t.value(), msg));
                }
            }
            String id = t.value() == null ? key : key + "=" + t.value();
            if (ids.contains(id) || ids.contains(key)) {
                errs.add(FieldError.duplicate(idx.toString(), id));
            }
            ids.add(id);
        }
        return errs;
    }

    private static List<FieldError> validateSystemComponents(ShootSpec spec, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        var components = spec.systemComponents();
        if (components == null) {
            return errs;
        }
        if (workerless) {
            errs.add(FieldError.forbidden(path.toString(), WORKERLESS));
            return errs;
        }
        if (components.coreDNS() != null && components.coreDNS().autoscaling() != null) {
            String mode = CoreRules.text(components.coreDNS().autoscaling().mode());
            if (!CORE_DNS_AUTOSCALING_MODES.contains(mode)) {
                errs.add(FieldError.notSupported(
                        path.child("coreDNS", "autoscaling", "mode").toString(), mode, CORE_DNS_AUTOSCALING_MODES));
            }
        }
        return errs;
    }

    private static List<FieldError> validateSelfHostedControlPlane(
            ShootSpec spec, List<Worker> workerList, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        int index = -1;
        for (int i = 0; i < workerList.size() && index < 0; i++) {
            if (workerList.get(i).controlPlane() != null) {
                index = i;
            }
        }
        if (index < 0) {
            return errs;
        }
        Worker w = workerList.get(index);
        FieldPath wp = path.child("provider", "workers").index(index);
        if (w.minimum() != w.maximum() || w.minimum() != 1) {
            errs.add(FieldError.invalid(
                    wp.child("minimum").toString(),
                    w.minimum(),
                    "self-hosted shoots only support "
                            + "minimum=maximum=1 for the control plane worker pool (might change in the future)"));
        }
        if (spec.controlPlane() == null || spec.controlPlane().highAvailability() == null) {
            if (w.maximum() != 1) {
                errs.add(FieldError.invalid(
                        wp.child("maximum").toString(),
                        w.maximum(),
                        "control plane worker pool must have maximum=1 when high availability is not configured"));
            }
            return errs;
        }
        if (w.maximum() != 3) {
            errs.add(FieldError.invalid(
                    wp.child("maximum").toString(),
                    w.maximum(),
                    "control plane worker pool must have maximum=3 when high availability is configured"));
        }
        if (w.maxSurge() == null || w.maxSurge().intValue() != 1) {
            errs.add(FieldError.invalid(
                    wp.child("maxSurge").toString(),
                    WorkerValidation.goIntOrString(w.maxSurge()),
                    "control plane worker pool must have maxSurge=1 when high availability is configured"));
        }
        if (w.maxUnavailable() == null || w.maxUnavailable().intValue() != 1) {
            errs.add(FieldError.invalid(
                    wp.child("maxUnavailable").toString(),
                    WorkerValidation.goIntOrString(w.maxUnavailable()),
                    "control plane worker pool must have maxUnavailable=1 when high availability is configured"));
        }
        var tolerance = spec.controlPlane().highAvailability().failureTolerance();
        int zones = w.zones() == null ? 0 : w.zones().size();
        if (tolerance != null && "zone".equals(tolerance.type()) && zones != 3) {
            errs.add(FieldError.invalid(
                    wp.child("zones").toString(),
                    new GoValue(ObjectMetaValidation.goStrings(w.zones() == null ? List.of() : w.zones())),
                    "control plane worker pool must have exactly 3 zones when failure tolerance type is zone"));
        }
        return errs;
    }

    private static List<FieldError> validateControlPlaneZones(ControlPlane controlPlane, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (controlPlane == null
                || controlPlane.zones() == null
                || controlPlane.zones().isEmpty()) {
            return errs;
        }
        Set<String> used = new HashSet<>();
        List<String> zones = controlPlane.zones();
        for (int i = 0; i < zones.size(); i++) {
            if (!used.add(zones.get(i))) {
                errs.add(FieldError.duplicate(path.child("zones").index(i).toString(), zones.get(i)));
            }
        }
        GoValue value = new GoValue(ObjectMetaValidation.goStrings(zones));
        boolean zoneTolerance = controlPlane.highAvailability() != null
                && controlPlane.highAvailability().failureTolerance() != null
                && "zone"
                        .equals(controlPlane
                                .highAvailability()
                                .failureTolerance()
                                .type());
        if (zoneTolerance && used.size() != 3) {
            errs.add(FieldError.invalid(
                    path.child("zones").toString(),
                    value,
                    "exactly 3 unique zones must be specified when failure tolerance type is 'zone'"));
        } else if (!zoneTolerance && used.size() != 1) {
            errs.add(FieldError.invalid(
                    path.child("zones").toString(),
                    value,
                    "exactly 1 zone must be specified when failure tolerance type is not 'zone'"));
        }
        return errs;
    }

    /** The parts of {@code ValidateLabelSelector} that need no options: keys, operators, values. */
    private static List<FieldError> validateLabelSelector(
            cloud.gardener.apiserver.api.k8s.metav1.LabelSelector selector, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        var expressions = selector.matchExpressions();
        if (expressions != null) {
            for (int i = 0; i < expressions.size(); i++) {
                var req = expressions.get(i);
                FieldPath idx = path.child("matchExpressions").index(i);
                String op = CoreRules.text(req.operator());
                int values = req.values() == null ? 0 : req.values().size();
                switch (op) {
                    case "In", "NotIn" -> {
                        if (values == 0) {
                            errs.add(FieldError.required(
                                    idx.child("values").toString(),
                                    "must be specified when `operator` is 'In' or 'NotIn'"));
                        }
                    }
                    case "Exists", "DoesNotExist" -> {
                        if (values > 0) {
                            errs.add(FieldError.forbidden(
                                    idx.child("values").toString(),
                                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                        }
                    }
                    default ->
                        errs.add(FieldError.invalid(
                                idx.child("operator").toString(), op, "not a valid selector operator"));
                }
                errs.addAll(ObjectMetaValidation.validateLabelName(CoreRules.text(req.key()), idx.child("key")));
            }
        }
        errs.addAll(ObjectMetaValidation.validateLabels(selector.matchLabels(), path.child("matchLabels")));
        return errs;
    }

    private static String gvkString(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return group + "/" + version + ", Kind=" + kind;
    }

    private static String goObjectReference(String apiVersion, String kind, String name) {
        return "APIVersion=" + apiVersion + ", Kind=" + kind + ", Name=" + name;
    }

    private static String goReference(CrossVersionObjectReference ref) {
        if (ref == null) {
            return "v1.CrossVersionObjectReference{Kind:\"\", Name:\"\", APIVersion:\"\"}";
        }
        return "&v1.CrossVersionObjectReference{Kind:\"" + CoreRules.text(ref.kind()) + "\", Name:\""
                + CoreRules.text(ref.name()) + "\", APIVersion:\"" + CoreRules.text(ref.apiVersion()) + "\"}";
    }

    static ObjectMeta meta(Shoot shoot) {
        return shoot == null || shoot.metadata() == null
                ? new ObjectMeta(null, null, null, null, null, null, 0, null, null, null, null, null, null, null, null)
                : shoot.metadata();
    }

    static ShootSpec spec(Shoot shoot) {
        return shoot == null || shoot.spec() == null ? EMPTY_SPEC : shoot.spec();
    }

    static Provider provider(ShootSpec spec) {
        return spec.provider() == null ? new Provider(null, null, null, null, null) : spec.provider();
    }

    private KubeAPIServerRules.Options apiServerOptions(ShootSpec spec) {
        return new KubeAPIServerRules.Options(
                allowInvalidAcceptedIssuers, KubeAPIServerRules.autoRotationEnabled(spec.maintenance()), false);
    }

    /** Both versions have a service account configuration with the same accepted issuers. */
    private static boolean acceptedIssuersUnchanged(Shoot shoot, Shoot old) {
        var now = kubernetes(spec(shoot)).kubeAPIServer();
        var before = kubernetes(spec(old)).kubeAPIServer();
        return now != null
                && before != null
                && now.serviceAccountConfig() != null
                && before.serviceAccountConfig() != null
                && CoreRules.semanticEqual(
                        now.serviceAccountConfig().acceptedIssuers(),
                        before.serviceAccountConfig().acceptedIssuers());
    }

    static Kubernetes kubernetes(ShootSpec spec) {
        return spec.kubernetes() == null
                ? new Kubernetes(null, null, null, null, null, null, null, null, null)
                : spec.kubernetes();
    }

    private static final ShootSpec EMPTY_SPEC = new ShootSpec(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null, null);

    static Map<String, String> annotations(Shoot shoot) {
        return meta(shoot).annotations() == null ? Map.of() : meta(shoot).annotations();
    }
}
