package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.KubeAPIServerRules.nonNegative;
import static cloud.gardener.apiserver.admission.validation.core.KubeControllerManagerRules.goFloat;
import static cloud.gardener.apiserver.admission.validation.core.KubeletRules.positiveDuration;

import cloud.gardener.apiserver.api.core.v1beta1.ClusterAutoscaler;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Gardener's {@code ValidateClusterAutoscaler} for {@code spec.kubernetes.clusterAutoscaler}. */
public final class ClusterAutoscalerRules {

    private static final List<String> EXPANDERS =
            List.of("least-nodes", "least-waste", "most-pods", "priority", "random");
    private static final Set<String> RESERVED_TAINT_KEYS = Set.of("node.gardener.cloud/critical-components-not-ready");
    /** Gardener's minimum autoscaling resources of cluster-autoscaler, parsed once rather than on every Shoot. */
    private static final Map<String, Quantity> MIN_AUTOSCALING =
            Map.of("cpu", Quantity.parse("10m"), "memory", Quantity.parse("30M"));

    private ClusterAutoscalerRules() {}

    public static List<FieldError> validate(ClusterAutoscaler ca, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(positiveDuration(ca.scaleDownDelayAfterAdd(), path.child("scaleDownDelayAfterAdd")));
        errs.addAll(positiveDuration(ca.scaleDownDelayAfterDelete(), path.child("scaleDownDelayAfterDelete")));
        errs.addAll(positiveDuration(ca.scaleDownDelayAfterFailure(), path.child("scaleDownDelayAfterFailure")));
        errs.addAll(positiveDuration(ca.scaleDownUnneededTime(), path.child("scaleDownUnneededTime")));
        Double threshold = ca.scaleDownUtilizationThreshold();
        if (threshold != null) {
            String at = path.child("scaleDownUtilizationThreshold").toString();
            if (threshold < 0.0) {
                errs.add(FieldError.invalid(at, goFloat(threshold), "can not be negative"));
            }
            if (threshold > 1.0) {
                errs.add(FieldError.invalid(at, goFloat(threshold), "can not be greater than 1.0"));
            }
        }
        errs.addAll(positiveDuration(ca.scanInterval(), path.child("scanInterval")));
        if (ca.expander() != null) {
            // one error per unknown part, each naming the whole value, as Gardener reports it
            for (String part : ca.expander().split(",", -1)) {
                if (!EXPANDERS.contains(part)) {
                    errs.add(FieldError.notSupported(path.child("expander").toString(), ca.expander(), EXPANDERS));
                }
            }
        }
        errs.addAll(positiveDuration(ca.maxNodeProvisionTime(), path.child("maxNodeProvisionTime")));
        if (ca.maxGracefulTerminationSeconds() != null) {
            errs.addAll(nonNegative(ca.maxGracefulTerminationSeconds(), path.child("maxGracefulTerminationSeconds")));
        }
        if (ca.startupTaints() != null) {
            errs.addAll(
                    taints(ca.startupTaints(), "StartupTaints", "1.29", null, version, path.child("startupTaints")));
        }
        if (ca.statusTaints() != null) {
            errs.addAll(taints(ca.statusTaints(), "StatusTaints", "1.29", null, version, path.child("statusTaints")));
        }
        if (ca.ignoreTaints() != null) {
            errs.addAll(taints(ca.ignoreTaints(), "IgnoreTaints", "1.14", "1.32", version, path.child("ignoreTaints")));
        }
        errs.addAll(positiveDuration(ca.newPodScaleUpDelay(), path.child("newPodScaleUpDelay")));
        Integer bulk = ca.maxEmptyBulkDelete();
        if (bulk != null) {
            if (GoSemver.atLeast(version, 1, 33)) {
                errs.add(FieldError.forbidden(
                        path.child("maxEmptyBulkDelete").toString(),
                        "for Kubernetes versions "
                                + ">= 1.33, maxEmptyBulkDelete field is no longer supported, use maxScaleDownParallelism "
                                + "instead"));
            }
            if (bulk < 0) {
                errs.add(FieldError.invalid(path.child("maxEmptyBulkDelete").toString(), bulk, "can not be negative"));
            }
        }
        Integer parallelism = ca.maxScaleDownParallelism();
        if (parallelism != null) {
            errs.addAll(nonNegative(parallelism, path.child("maxScaleDownParallelism")));
        }
        if (parallelism != null && bulk != null && !parallelism.equals(bulk)) {
            errs.add(FieldError.invalid(
                    path.child("maxEmptyBulkDelete").toString(),
                    bulk,
                    "must equal maxScaleDownParallelism " + parallelism));
        }
        if (ca.maxDrainParallelism() != null) {
            errs.addAll(nonNegative(ca.maxDrainParallelism(), path.child("maxDrainParallelism")));
        }
        if (ca.verbosity() != null) {
            errs.addAll(nonNegative(ca.verbosity(), path.child("verbosity")));
        }
        errs.addAll(
                positiveDuration(ca.initialNodeGroupBackoffDuration(), path.child("initialNodeGroupBackoffDuration")));
        errs.addAll(positiveDuration(ca.maxNodeGroupBackoffDuration(), path.child("maxNodeGroupBackoffDuration")));
        errs.addAll(positiveDuration(ca.nodeGroupBackoffResetTimeout(), path.child("nodeGroupBackoffResetTimeout")));
        errs.addAll(positiveDuration(ca.maxBinpackingTime(), path.child("maxBinpackingTime")));
        errs.addAll(KubeAPIServerRules.controlPlaneAutoscaling(
                ca.autoscaling(), MIN_AUTOSCALING, path.child("autoscaling")));
        return errs;
    }

    /** {@code validateClusterAutoscalerTaints}: the option's Kubernetes versions, label-name keys, no duplicates. */
    private static List<FieldError> taints(
            List<String> taints, String option, String addedIn, String removedIn, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        KubeAPIServerAdmissionPlugins.Plugin range =
                new KubeAPIServerAdmissionPlugins.Plugin(addedIn, removedIn, false, false);
        if (GoSemver.parse(GoSemver.normalize(version)) != null && !range.supportedIn(version)) {
            errs.add(FieldError.forbidden(
                    path.child(option).toString(), "not supported in Kubernetes version " + version));
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < taints.size(); i++) {
            String taint = taints.get(i);
            FieldPath at = path.index(i);
            errs.addAll(ObjectMetaValidation.validateLabelName(taint, at));
            if (RESERVED_TAINT_KEYS.contains(taint)) {
                errs.add(FieldError.forbidden(at.toString(), "taint key is reserved by gardener"));
            }
            if (!seen.add(taint)) {
                errs.add(FieldError.duplicate(at.toString(), taint));
            }
        }
        return errs;
    }
}
