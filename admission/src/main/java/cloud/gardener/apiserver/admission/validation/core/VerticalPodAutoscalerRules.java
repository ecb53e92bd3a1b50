package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.KubeAPIServerRules.nonNegative;
import static cloud.gardener.apiserver.admission.validation.core.KubeControllerManagerRules.goFloat;
import static cloud.gardener.apiserver.admission.validation.core.KubeletRules.positiveDuration;

import cloud.gardener.apiserver.api.core.v1beta1.VerticalPodAutoscaler;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Gardener's {@code ValidateVerticalPodAutoscaler} for {@code spec.kubernetes.verticalPodAutoscaler}. */
public final class VerticalPodAutoscalerRules {

    private static final java.util.Set<String> VPA_FEATURE_GATES =
            java.util.Set.of("CPUStartupBoost", "InPlace", "PerVPAConfig");

    private VerticalPodAutoscalerRules() {}

    public static List<FieldError> validate(VerticalPodAutoscaler vpa, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(positiveDuration(vpa.evictAfterOOMThreshold(), path.child("evictAfterOOMThreshold")));
        if (vpa.evictionRateBurst() != null && vpa.evictionRateBurst() < 0) {
            errs.add(FieldError.invalid(
                    path.child("evictionRateBurst").toString(), vpa.evictionRateBurst(), "must be non-negative"));
        }
        fraction(errs, vpa.evictionTolerance(), path.child("evictionTolerance"));
        fraction(errs, vpa.recommendationMarginFraction(), path.child("recommendationMarginFraction"));
        errs.addAll(positiveDuration(vpa.updaterInterval(), path.child("updaterInterval")));
        errs.addAll(positiveDuration(vpa.recommenderInterval(), path.child("recommenderInterval")));
        percentile(errs, vpa.targetCPUPercentile(), path.child("targetCPUPercentile"));
        percentile(
                errs, vpa.recommendationLowerBoundCPUPercentile(), path.child("recommendationLowerBoundCPUPercentile"));
        percentile(
                errs, vpa.recommendationUpperBoundCPUPercentile(), path.child("recommendationUpperBoundCPUPercentile"));
        percentile(errs, vpa.targetMemoryPercentile(), path.child("targetMemoryPercentile"));
        percentile(
                errs,
                vpa.recommendationLowerBoundMemoryPercentile(),
                path.child("recommendationLowerBoundMemoryPercentile"));
        percentile(
                errs,
                vpa.recommendationUpperBoundMemoryPercentile(),
                path.child("recommendationUpperBoundMemoryPercentile"));
        errs.addAll(positiveDuration(vpa.cpuHistogramDecayHalfLife(), path.child("cpuHistogramDecayHalfLife")));
        errs.addAll(positiveDuration(vpa.memoryHistogramDecayHalfLife(), path.child("memoryHistogramDecayHalfLife")));
        errs.addAll(positiveDuration(vpa.memoryAggregationInterval(), path.child("memoryAggregationInterval")));
        if (vpa.memoryAggregationIntervalCount() != null) {
            errs.addAll(
                    nonNegative(vpa.memoryAggregationIntervalCount(), path.child("memoryAggregationIntervalCount")));
        }
        errs.addAll(featureGates(vpa.featureGates(), path.child("featureGates")));
        errs.addAll(maxAllowed(vpa.maxAllowed(), path));
        if (vpa.recommenderUpdateWorkerCount() != null && vpa.recommenderUpdateWorkerCount() <= 0) {
            errs.add(FieldError.invalid(
                    path.child("recommenderUpdateWorkerCount").toString(),
                    vpa.recommenderUpdateWorkerCount(),
                    "must be greater than 0"));
        }
        return errs;
    }

    /** {@code ValidateVpaFeatureGates}: the first unknown gate (by name; Go's map order is random). */
    private static List<FieldError> featureGates(Map<String, Boolean> gates, FieldPath path) {
        if (gates != null) {
            for (String gate : new TreeMap<>(gates).keySet()) {
                if (!VPA_FEATURE_GATES.contains(gate)) {
                    return List.of(FieldError.invalid(path.child(gate).toString(), gate, "unknown feature gate"));
                }
            }
        }
        return List.of();
    }

    /** {@code ValidateVerticalPodAutoscalerMaxAllowed}: cpu and memory only, non-negative. */
    static List<FieldError> maxAllowed(Map<String, Quantity> maxAllowed, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (maxAllowed == null) {
            return errs;
        }
        for (Map.Entry<String, Quantity> e : new TreeMap<>(maxAllowed).entrySet()) {
            FieldPath at = path.child("maxAllowed", e.getKey());
            if (!"cpu".equals(e.getKey()) && !"memory".equals(e.getKey())) {
                errs.add(FieldError.notSupported(at.toString(), e.getKey(), List.of("cpu", "memory")));
            }
            errs.addAll(CoreRules.resourceQuantityValue(e.getKey(), e.getValue(), at));
        }
        return errs;
    }

    private static void fraction(List<FieldError> errs, Double value, FieldPath path) {
        if (value != null && (value < 0.0 || value >= 1.0)) {
            errs.add(FieldError.invalid(path.toString(), goFloat(value), "fraction value must be in the range [0, 1)"));
        }
    }

    private static void percentile(List<FieldError> errs, Double value, FieldPath path) {
        if (value != null && (value < 0.0 || value > 1.0)) {
            errs.add(FieldError.invalid(
                    path.toString(), goFloat(value), "percentile value must be in the range [0, 1]"));
        }
    }
}
