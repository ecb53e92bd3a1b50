package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ShootRules.WORKERLESS;

import cloud.gardener.apiserver.api.core.v1beta1.HorizontalPodAutoscalerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeControllerManagerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Gardener's {@code ValidateKubeControllerManager} (the node CIDR mask against the pods per node stays in
 * {@link ShootValidator}).
 */
public final class KubeControllerManagerRules {

    private static final long SECOND = 1_000_000_000L;

    private KubeControllerManagerRules() {}

    public static List<FieldError> validate(
            KubeControllerManagerConfig kcm,
            Networking networking,
            String version,
            boolean workerless,
            FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (kcm == null) {
            return errs;
        }
        if (workerless) {
            forbid(errs, kcm.nodeCIDRMaskSize(), path.child("nodeCIDRMaskSize"));
            forbid(errs, kcm.horizontalPodAutoscaler(), path.child("horizontalPodAutoscaler"));
            forbid(errs, kcm.podEvictionTimeout(), path.child("podEvictionTimeout"));
            forbid(errs, kcm.nodeMonitorGracePeriod(), path.child("nodeMonitorGracePeriod"));
            errs.addAll(featureGates(kcm.kubernetesConfig(), version, path));
            return errs;
        }
        Integer mask = kcm.nodeCIDRMaskSize();
        if (mask != null && networking != null) {
            List<String> families = networking.ipFamilies() == null ? List.of() : networking.ipFamilies();
            if (families.equals(List.of("IPv6"))) {
                if (mask < 64 || mask > 124) {
                    errs.add(FieldError.invalid(
                            path.child("nodeCIDRMaskSize").toString(),
                            mask,
                            "nodeCIDRMaskSize must be between 64 and 124 for IPv6 single-stack clusters"));
                }
            } else if (families.isEmpty() || families.equals(List.of("IPv4"))) {
                if (mask < 16 || mask > 28) {
                    errs.add(FieldError.invalid(
                            path.child("nodeCIDRMaskSize").toString(),
                            mask,
                            "nodeCIDRMaskSize must be between 16 and 28"));
                }
            }
        }
        Duration eviction = kcm.podEvictionTimeout();
        if (eviction != null) {
            if (GoSemver.atLeast(version, 1, 33)) {
                errs.add(FieldError.forbidden(
                        path.child("podEvictionTimeout").toString(),
                        "for Kubernetes versions >= 1.33, podEvictionTimeout field is no longer supported"));
            } else if (eviction.nanos() <= 0) {
                errs.add(FieldError.invalid(
                        path.child("podEvictionTimeout").toString(),
                        go(eviction),
                        "podEvictionTimeout must be larger than 0"));
            }
        }
        Duration grace = kcm.nodeMonitorGracePeriod();
        if (grace != null && grace.nanos() <= 0) {
            errs.add(FieldError.invalid(
                    path.child("nodeMonitorGracePeriod").toString(),
                    go(grace),
                    "nodeMonitorGracePeriod must be larger than 0"));
        }
        HorizontalPodAutoscalerConfig hpa = kcm.horizontalPodAutoscaler();
        if (hpa != null) {
            FieldPath hpaPath = path.child("horizontalPodAutoscaler");
            if (hpa.syncPeriod() != null && hpa.syncPeriod().nanos() < SECOND) {
                errs.add(FieldError.invalid(
                        hpaPath.child("syncPeriod").toString(),
                        go(hpa.syncPeriod()),
                        "syncPeriod must not be less than a second"));
            }
            if (hpa.tolerance() != null && hpa.tolerance() <= 0) {
                errs.add(FieldError.invalid(
                        hpaPath.child("tolerance").toString(),
                        goFloat(hpa.tolerance()),
                        "tolerance of must be greater than 0"));
            }
            if (hpa.downscaleStabilization() != null
                    && hpa.downscaleStabilization().nanos() < SECOND) {
                errs.add(FieldError.invalid(
                        hpaPath.child("downscaleStabilization").toString(),
                        go(hpa.downscaleStabilization()),
                        "downScale stabilization must not be less than a second"));
            }
            if (hpa.initialReadinessDelay() != null
                    && hpa.initialReadinessDelay().nanos() <= 0) {
                errs.add(FieldError.invalid(
                        hpaPath.child("initialReadinessDelay").toString(),
                        go(hpa.initialReadinessDelay()),
                        "initial readiness delay must be greater than 0"));
            }
            if (hpa.cpuInitializationPeriod() != null
                    && hpa.cpuInitializationPeriod().nanos() < SECOND) {
                errs.add(FieldError.invalid(
                        hpaPath.child("cpuInitializationPeriod").toString(),
                        go(hpa.cpuInitializationPeriod()),
                        "cpu initialization period must not be less than a second"));
            }
        }
        errs.addAll(featureGates(kcm.kubernetesConfig(), version, path));
        return errs;
    }

    /** The component's Kubernetes feature gates, at {@code <path>.featureGates}. */
    static List<FieldError> featureGates(KubernetesConfig config, String version, FieldPath path) {
        return config == null
                ? List.of()
                : KubernetesFeatureGates.validate(config.featureGates(), version, path.child("featureGates"));
    }

    private static void forbid(List<FieldError> errs, Object value, FieldPath path) {
        if (value != null) {
            errs.add(FieldError.forbidden(path.toString(), WORKERLESS));
        }
    }

    /** A duration as Go prints it in a field error ({@code 1h0m0s}). */
    static GoValue go(Duration d) {
        return new GoValue(d.toString());
    }

    /** A float64 as Go's {@code %v} prints it ({@code 0}, {@code 0.5}, {@code -1}). */
    static GoValue goFloat(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return new GoValue(Double.isNaN(d) ? "NaN" : d > 0 ? "+Inf" : "-Inf");
        }
        double abs = Math.abs(d);
        if (abs != 0 && (abs < 1e-4 || abs >= 1e21)) {
            BigDecimal bd = new BigDecimal(Double.toString(abs)).stripTrailingZeros();
            String digits = bd.unscaledValue().toString();
            int exp = digits.length() - 1 - bd.scale();
            String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
            return new GoValue((d < 0 ? "-" : "") + mantissa + "e" + (exp < 0 ? "-" : "+")
                    + String.format(java.util.Locale.ROOT, "%02d", Math.abs(exp)));
        }
        return new GoValue(BigDecimal.valueOf(d).stripTrailingZeros().toPlainString());
    }
}
