package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.KubeAPIServerRules.nonNegative;
import static cloud.gardener.apiserver.admission.validation.core.KubeControllerManagerRules.go;

import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfigEviction;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfigEvictionMinimumReclaim;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfigEvictionSoftGracePeriod;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfigReserved;
import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Gardener's {@code ValidateKubeletConfig}, for {@code spec.kubernetes.kubelet} and each worker pool's
 * {@code kubernetes.kubelet}. Field names in paths are Gardener's ({@code podPIDsLimit}, {@code imagefsAvailable}).
 */
public final class KubeletRules {

    private static final long POD_PIDS_LIMIT_MINIMUM = 100;
    private static final long SECOND = 1_000_000_000L;
    private static final List<String> CPU_MANAGER_POLICIES = List.of("none", "static");
    private static final List<String> SWAP_BEHAVIORS = List.of("NoSwap", "LimitedSwap");
    private static final List<String> CREDENTIAL_VERIFICATION_POLICIES =
            List.of("AlwaysVerify", "NeverVerify", "NeverVerifyAllowlistedImages", "NeverVerifyPreloadedImages");
    private static final Pattern PERCENT = Pattern.compile("^[0-9]+%$");

    // distribution/reference's grammar (without IPv6 hosts), for the preloaded images allowlist
    private static final String DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
    private static final String DOMAIN = DOMAIN_COMPONENT + "(?:\\." + DOMAIN_COMPONENT + ")*(?::[0-9]+)?";
    private static final String PATH_COMPONENT = "[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*";
    private static final String NAME = "(?:" + DOMAIN + "/)?" + PATH_COMPONENT + "(?:/" + PATH_COMPONENT + ")*";
    private static final Pattern REFERENCE = Pattern.compile("^(" + NAME + ")(?::([\\w][\\w.-]{0,127}))?"
            + "(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}))?$");

    private KubeletRules() {}

    /** A worker pool's kubelet configuration: its own, else the Shoot's (when the pool has a kubernetes block). */
    public static List<FieldError> validateWorker(Worker worker, Kubernetes kubernetes, FieldPath workerPath) {
        if (worker.kubernetes() == null) {
            return List.of();
        }
        String version = worker.kubernetes().version() != null
                ? worker.kubernetes().version()
                : kubernetes == null ? "" : CoreRules.text(kubernetes.version());
        KubeletConfig kubelet = worker.kubernetes().kubelet() != null
                ? worker.kubernetes().kubelet()
                : kubernetes == null ? null : kubernetes.kubelet();
        return kubelet == null ? List.of() : validate(kubelet, version, workerPath.child("kubernetes", "kubelet"));
    }

    /** {@code ValidateKubeletConfig}, in Gardener's order. */
    public static List<FieldError> validate(KubeletConfig k, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (k.cpuManagerPolicy() != null && !CPU_MANAGER_POLICIES.contains(k.cpuManagerPolicy())) {
            errs.add(FieldError.notSupported(
                    path.child("cpuManagerPolicy").toString(), k.cpuManagerPolicy(), CPU_MANAGER_POLICIES));
        }
        if (k.maxPods() != null) {
            errs.addAll(nonNegative(k.maxPods(), path.child("maxPods")));
        }
        if (k.podPidsLimit() != null && k.podPidsLimit() < POD_PIDS_LIMIT_MINIMUM) {
            errs.add(FieldError.invalid(
                    path.child("podPIDsLimit").toString(),
                    k.podPidsLimit(),
                    "podPIDsLimit value must be at least " + POD_PIDS_LIMIT_MINIMUM));
        }
        errs.addAll(
                positiveDuration(k.evictionPressureTransitionPeriod(), path.child("evictionPressureTransitionPeriod")));
        if (k.evictionMaxPodGracePeriod() != null) {
            errs.addAll(nonNegative(k.evictionMaxPodGracePeriod(), path.child("evictionMaxPodGracePeriod")));
        }
        if (k.evictionHard() != null) {
            errs.addAll(eviction(k.evictionHard(), path.child("evictionHard")));
        }
        if (k.evictionSoft() != null) {
            errs.addAll(eviction(k.evictionSoft(), path.child("evictionSoft")));
        }
        if (k.evictionMinimumReclaim() != null) {
            errs.addAll(minimumReclaim(k.evictionMinimumReclaim(), path.child("evictionMinimumReclaim")));
        }
        if (k.evictionSoftGracePeriod() != null) {
            errs.addAll(softGracePeriod(k.evictionSoftGracePeriod(), path.child("evictionSoftGracePeriod")));
        }
        if (k.kubeReserved() != null) {
            errs.addAll(reserved(k.kubeReserved(), path.child("kubeReserved")));
        }
        if (k.imageMinimumGCAge() != null) {
            errs.addAll(nonNegative(k.imageMinimumGCAge().nanos() / SECOND, path.child("imageMinimumGCAge")));
        }
        if (k.imageMaximumGCAge() != null) {
            errs.addAll(nonNegative(k.imageMaximumGCAge().nanos() / SECOND, path.child("imageMaximumGCAge")));
        }
        Integer high = k.imageGCHighThresholdPercent();
        Integer low = k.imageGCLowThresholdPercent();
        if (high != null && (high < 0 || high > 100)) {
            errs.add(FieldError.invalid(
                    path.child("imageGCHighThresholdPercent").toString(), high, "value must be in [0,100]"));
        }
        if (low != null && (low < 0 || low > 100)) {
            errs.add(FieldError.invalid(
                    path.child("imageGCLowThresholdPercent").toString(), low, "value must be in [0,100]"));
        }
        if (high != null && low != null && low >= high) {
            errs.add(FieldError.forbidden(
                    path.child("imageGCLowThresholdPercent").toString(),
                    "imageGCLowThresholdPercent must be less than imageGCHighThresholdPercent"));
        }
        if (k.registryPullQPS() != null) {
            errs.addAll(nonNegative(k.registryPullQPS(), path.child("registryPullQPS")));
        }
        if (k.registryBurst() != null) {
            errs.addAll(nonNegative(k.registryBurst(), path.child("registryBurst")));
        }
        if (k.containerLogMaxFiles() != null && k.containerLogMaxFiles() < 2) {
            errs.add(FieldError.invalid(
                    path.child("containerLogMaxFiles").toString(), k.containerLogMaxFiles(), "value must be >= 2."));
        }
        if (k.containerLogMaxSize() != null) {
            errs.addAll(CoreRules.resourceQuantityValue(
                    "containerLogMaxSize", k.containerLogMaxSize(), path.child("containerLogMaxSize")));
        }
        Duration idle = k.streamingConnectionIdleTimeout();
        if (idle != null && (idle.nanos() < 30 * SECOND || idle.nanos() > 4 * 3600 * SECOND)) {
            errs.add(FieldError.invalid(
                    path.child("streamingConnectionIdleTimeout").toString(),
                    go(idle),
                    "value must be between 30s and 4h"));
        }
        Map<String, Boolean> gates =
                k.kubernetesConfig() == null || k.kubernetesConfig().featureGates() == null
                        ? Map.of()
                        : k.kubernetesConfig().featureGates();
        errs.addAll(KubernetesFeatureGates.validate(gates, version, path.child("featureGates")));
        errs.addAll(memorySwap(k, gates, path.child("memorySwap")));
        if (k.maxParallelImagePulls() != null) {
            int pulls = k.maxParallelImagePulls();
            FieldPath at = path.child("maxParallelImagePulls");
            if (pulls < 1) {
                errs.add(FieldError.invalid(at.toString(), pulls, "value must be >= 1"));
            }
            if (Boolean.TRUE.equals(k.serializeImagePulls()) && pulls > 1) {
                errs.add(FieldError.forbidden(
                        at.toString(),
                        "maxParallelImagePulls cannot be larger than 1 when serializeImagePulls is set to true"));
            }
        }
        String policy = k.imagePullCredentialsVerificationPolicy();
        if (policy != null) {
            FieldPath at = path.child("imagePullCredentialsVerificationPolicy");
            if (GoSemver.below(version, 1, 35)) {
                errs.add(FieldError.forbidden(
                        at.toString(),
                        "imagePullCredentialsVerificationPolicy is only available for Kubernetes versions >= 1.35"));
            }
            if (Boolean.FALSE.equals(gates.get("KubeletEnsureSecretPulledImages"))) {
                errs.add(FieldError.forbidden(
                        at.toString(),
                        "imagePullCredentialsVerificationPolicy may not be set when the "
                                + "KubeletEnsureSecretPulledImages feature gate is disabled"));
            }
            if (!CREDENTIAL_VERIFICATION_POLICIES.contains(policy)) {
                errs.add(FieldError.notSupported(at.toString(), policy, CREDENTIAL_VERIFICATION_POLICIES));
            }
        }
        if (k.preloadedImagesVerificationAllowlist() != null) {
            FieldPath at = path.child("preloadedImagesVerificationAllowlist");
            if (!"NeverVerifyAllowlistedImages".equals(policy)) {
                errs.add(
                        FieldError.forbidden(
                                at.toString(),
                                "preloadedImagesVerificationAllowlist may only be set "
                                        + "when imagePullCredentialsVerificationPolicy is set to NeverVerifyAllowlistedImages"));
            } else {
                List<String> patterns = k.preloadedImagesVerificationAllowlist();
                for (int i = 0; i < patterns.size(); i++) {
                    String problem = allowlistPatternProblem(patterns.get(i));
                    if (problem != null) {
                        errs.add(FieldError.invalid(at.index(i).toString(), patterns.get(i), problem));
                    }
                }
            }
        }
        return errs;
    }

    private static List<FieldError> memorySwap(KubeletConfig k, Map<String, Boolean> gates, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (k.memorySwap() == null) {
            return errs;
        }
        if (Boolean.TRUE.equals(k.failSwapOn())) {
            errs.add(FieldError.forbidden(
                    path.toString(),
                    "configuring swap behaviour is not available when the "
                            + "kubelet is configured with 'FailSwapOn=true'"));
        }
        String behavior = k.memorySwap().swapBehavior();
        if (behavior != null) {
            if (!Boolean.TRUE.equals(gates.get("NodeSwap"))) {
                errs.add(FieldError.forbidden(
                        path.toString(),
                        "configuring swap behaviour is not available when "
                                + "kubelet's 'NodeSwap' feature gate is not set"));
            }
            if (!SWAP_BEHAVIORS.contains(behavior)) {
                errs.add(FieldError.notSupported(path.child("swapBehavior").toString(), behavior, SWAP_BEHAVIORS));
            }
        }
        return errs;
    }

    /** {@code validatePreloadedImagesVerificationAllowlistPattern}: the problem, or null. */
    static String allowlistPatternProblem(String pattern) {
        if (!pattern.equals(pattern.strip())) {
            return "leading/trailing spaces are not allowed";
        }
        boolean wildcard = pattern.endsWith("/*");
        String trimmed = wildcard ? pattern.substring(0, pattern.length() - 1) : pattern;
        if (trimmed.isEmpty()) {
            return "the supplied pattern is too short";
        }
        if (trimmed.indexOf('*') >= 0) {
            return "not a valid wildcard pattern, only patterns ending with '/*' are allowed";
        }
        if (wildcard) {
            return trimmed.length() == 1 ? "at least registry hostname is required" : null;
        }
        var m = REFERENCE.matcher(trimmed);
        if (!m.matches()) {
            boolean lowercaseWouldMatch = REFERENCE
                    .matcher(trimmed.toLowerCase(java.util.Locale.ROOT))
                    .matches();
            return "failed to parse as an image name: invalid reference format"
                    + (lowercaseWouldMatch ? ": repository name must be lowercase" : "");
        }
        if (m.group(1).length() > 255) {
            return "failed to parse as an image name: repository name must not be more than 255 characters";
        }
        if (m.group(2) != null || m.group(3) != null) {
            return "neither tag nor digest is accepted in an image reference";
        }
        return null;
    }

    /** Gardener checks imagefsInodesFree twice and nodefsInodesFree never; so does this. */
    private static List<FieldError> eviction(KubeletConfigEviction e, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(quantityOrPercent(e.memoryAvailable(), path, "memoryAvailable"));
        errs.addAll(quantityOrPercent(e.imageFSAvailable(), path, "imagefsAvailable"));
        errs.addAll(quantityOrPercent(e.imageFSInodesFree(), path, "imagefsInodesFree"));
        errs.addAll(quantityOrPercent(e.nodeFSAvailable(), path, "nodefsAvailable"));
        errs.addAll(quantityOrPercent(e.imageFSInodesFree(), path, "imagefsInodesFree"));
        return errs;
    }

    private static List<FieldError> minimumReclaim(KubeletConfigEvictionMinimumReclaim e, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(
                CoreRules.resourceQuantityValue("memoryAvailable", e.memoryAvailable(), path.child("memoryAvailable")));
        errs.addAll(CoreRules.resourceQuantityValue(
                "imagefsAvailable", e.imageFSAvailable(), path.child("imagefsAvailable")));
        errs.addAll(CoreRules.resourceQuantityValue(
                "imagefsInodesFree", e.imageFSInodesFree(), path.child("imagefsInodesFree")));
        errs.addAll(
                CoreRules.resourceQuantityValue("nodefsAvailable", e.nodeFSAvailable(), path.child("nodefsAvailable")));
        errs.addAll(CoreRules.resourceQuantityValue(
                "imagefsInodesFree", e.imageFSInodesFree(), path.child("imagefsInodesFree")));
        return errs;
    }

    private static List<FieldError> softGracePeriod(KubeletConfigEvictionSoftGracePeriod e, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(positiveDuration(e.memoryAvailable(), path.child("memoryAvailable")));
        errs.addAll(positiveDuration(e.imageFSAvailable(), path.child("imagefsAvailable")));
        errs.addAll(positiveDuration(e.imageFSInodesFree(), path.child("imagefsInodesFree")));
        errs.addAll(positiveDuration(e.nodeFSAvailable(), path.child("nodefsAvailable")));
        errs.addAll(positiveDuration(e.imageFSInodesFree(), path.child("imagefsInodesFree")));
        return errs;
    }

    private static List<FieldError> reserved(KubeletConfigReserved r, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(CoreRules.resourceQuantityValue("cpu", r.cpu(), path.child("cpu")));
        errs.addAll(CoreRules.resourceQuantityValue("memory", r.memory(), path.child("memory")));
        errs.addAll(CoreRules.resourceQuantityValue(
                "ephemeralStorage", r.ephemeralStorage(), path.child("ephemeralStorage")));
        errs.addAll(CoreRules.resourceQuantityValue("pid", r.pid(), path.child("pid")));
        return errs;
    }

    /** {@code ValidatePositiveDuration}: any negative duration. */
    static List<FieldError> positiveDuration(Duration d, FieldPath path) {
        if (d == null || d.nanos() >= 0) {
            return List.of();
        }
        return List.of(FieldError.invalid(path.toString(), d.toString(), "must be non-negative"));
    }

    /** {@code ValidateResourceQuantityOrPercent}. */
    static List<FieldError> quantityOrPercent(String value, FieldPath path, String key) {
        if (value == null) {
            return List.of();
        }
        try {
            if (Quantity.parse(value).sign() >= 0) {
                return List.of();
            }
        } catch (IllegalArgumentException e) {
            // not a quantity: try a percentage
        }
        String at = path.child(key).toString();
        if (!PERCENT.matcher(value).matches()) {
            return List.of(FieldError.invalid(
                    at,
                    value,
                    "field must be either a valid resource quantity (e.g 200Mi) or a percentage (e.g '5%')"));
        }
        String digits = value.substring(0, value.length() - 1);
        long percent;
        try {
            percent = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            percent = 0; // Go's Atoi error leaves 0
        }
        if (percent > 100) {
            return List.of(FieldError.invalid(at, value, "must not be greater than 100% and not smaller than 0%"));
        }
        return List.of();
    }
}
