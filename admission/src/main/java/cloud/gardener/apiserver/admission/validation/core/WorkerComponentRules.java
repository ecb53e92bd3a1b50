package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.KubeAPIServerRules.nonNegative;
import static cloud.gardener.apiserver.admission.validation.core.KubeControllerManagerRules.go;
import static cloud.gardener.apiserver.admission.validation.core.KubeControllerManagerRules.goFloat;
import static cloud.gardener.apiserver.admission.validation.core.KubeletRules.positiveDuration;

import cloud.gardener.apiserver.api.core.v1beta1.ClusterAutoscalerOptions;
import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.MachineControllerManagerSettings;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;

/**
 * The component settings of one worker pool in Gardener's {@code ValidateWorker}: its kubelet, its
 * cluster-autoscaler options ({@code ValidateClusterAutoscalerOptions}, reported at {@code autoscaler}) and its
 * machine-controller-manager settings ({@code ValidateMachineControllerManagerSettingsOptions}, reported at
 * {@code machineControllerManagerSettings}); the paths are Gardener's, not the v1beta1 field names.
 */
final class WorkerComponentRules {

    private WorkerComponentRules() {}

    static List<FieldError> validate(Worker worker, Kubernetes kubernetes, FieldPath path) {
        List<FieldError> errs = new ArrayList<>(KubeletRules.validateWorker(worker, kubernetes, path));
        if (worker.clusterAutoscaler() != null) {
            errs.addAll(autoscalerOptions(worker.clusterAutoscaler(), path.child("autoscaler")));
        }
        if (worker.machineControllerManager() != null) {
            errs.addAll(machineControllerManager(
                    worker, worker.machineControllerManager(), path.child("machineControllerManagerSettings")));
        }
        return errs;
    }

    private static List<FieldError> autoscalerOptions(ClusterAutoscalerOptions ca, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        threshold(errs, ca.scaleDownUtilizationThreshold(), path.child("scaleDownUtilizationThreshold"));
        threshold(errs, ca.scaleDownGpuUtilizationThreshold(), path.child("scaleDownGpuUtilizationThreshold"));
        notNegative(errs, ca.scaleDownUnneededTime(), path.child("scaleDownUnneededTime"));
        notNegative(errs, ca.scaleDownUnreadyTime(), path.child("scaleDownUnreadyTime"));
        notNegative(errs, ca.maxNodeProvisionTime(), path.child("maxNodeProvisionTime"));
        return errs;
    }

    private static void threshold(List<FieldError> errs, Double value, FieldPath path) {
        if (value != null && value < 0.0) {
            errs.add(FieldError.invalid(path.toString(), goFloat(value), "can not be negative"));
        }
        if (value != null && value > 1.0) {
            errs.add(FieldError.invalid(path.toString(), goFloat(value), "can not be greater than 1.0"));
        }
    }

    private static void notNegative(List<FieldError> errs, Duration value, FieldPath path) {
        if (value != null && value.nanos() < 0) {
            errs.add(FieldError.invalid(path.toString(), go(value), "can not be negative"));
        }
    }

    private static List<FieldError> machineControllerManager(
            Worker worker, MachineControllerManagerSettings mcm, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(positiveDuration(mcm.machineDrainTimeout(), path.child("machineDrainTimeout")));
        errs.addAll(positiveDuration(mcm.machineHealthTimeout(), path.child("machineHealthTimeout")));
        errs.addAll(positiveDuration(mcm.machineCreationTimeout(), path.child("machineCreationTimeout")));
        if (mcm.maxEvictRetries() != null) {
            errs.addAll(nonNegative(mcm.maxEvictRetries(), path.child("maxEvictRetries")));
        }
        String strategy = CoreRules.text(worker.updateStrategy());
        if ("AutoInPlaceUpdate".equals(strategy) || "ManualInPlaceUpdate".equals(strategy)) {
            errs.addAll(positiveDuration(mcm.inPlaceUpdateTimeout(), path.child("inPlaceUpdateTimeout")));
        } else {
            if (mcm.inPlaceUpdateTimeout() != null) {
                errs.add(FieldError.forbidden(
                        path.child("inPlaceUpdateTimeout").toString(),
                        "can only be set when the update strategy is `AutoInPlaceUpdate` or `ManualInPlaceUpdate`"));
            }
            if (Boolean.TRUE.equals(mcm.disableHealthTimeout())) {
                errs.add(FieldError.forbidden(
                        path.child("disableHealthTimeout").toString(),
                        "can only be set to true "
                                + "when the update strategy is `AutoInPlaceUpdate` or `ManualInPlaceUpdate`"));
            }
        }
        errs.addAll(positiveDuration(mcm.machinePreserveTimeout(), path.child("machinePreserveTimeout")));
        Integer preserve = mcm.autoPreserveFailedMachineMax();
        if (preserve != null) {
            String at = path.child("autoPreserveFailedMachineMax").toString();
            int maximum = worker.maximum();
            if (preserve < 0) {
                errs.add(FieldError.invalid(at, preserve, "must not be negative"));
            } else if (WorkerValidation.systemComponentsAllowed(worker) && maximum > 0 && preserve > maximum - 1) {
                errs.add(FieldError.invalid(
                        at,
                        preserve,
                        "must not be greater than maximum-1 value when system "
                                + "components are allowed, need at least one machine to run system components"));
            } else if (preserve > maximum) {
                errs.add(FieldError.invalid(at, preserve, "must not be greater than maximum value"));
            }
        }
        return errs;
    }
}
