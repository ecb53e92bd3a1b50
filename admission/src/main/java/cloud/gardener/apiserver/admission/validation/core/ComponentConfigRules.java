package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.addAll;

import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The component configurations of {@code spec.kubernetes}, as Gardener's {@code validateKubernetes} checks them
 * once a version is set: etcd autoscaling, kube-apiserver, kube-controller-manager and, for Shoots with workers,
 * kube-scheduler, kube-proxy, kubelet, cluster-autoscaler and VPA, which workerless ones must not set. (The node
 * CIDR mask against the pods per node stays in {@link ShootValidator}, where Gardener checks it with the provider.)
 */
final class ComponentConfigRules {

    /** Gardener's minimum memory of etcd main and events, parsed once rather than on every Shoot. */
    private static final Map<String, Quantity> ETCD_MAIN_MIN = Map.of("memory", Quantity.parse("300M"));

    private static final Map<String, Quantity> ETCD_EVENTS_MIN = Map.of("memory", Quantity.parse("60M"));

    private ComponentConfigRules() {}

    static List<FieldError> validate(
            ShootSpec spec, KubeAPIServerRules.Options opts, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Kubernetes k = ShootValidator.kubernetes(spec);
        String version = CoreRules.text(k.version());
        if (version.isEmpty()) {
            return errs;
        }
        if (k.etcd() != null) {
            if (k.etcd().main() != null) {
                addAll(
                        errs,
                        KubeAPIServerRules.controlPlaneAutoscaling(
                                k.etcd().main().autoscaling(),
                                ETCD_MAIN_MIN,
                                path.child("etcd", "main", "autoscaling")));
            }
            if (k.etcd().events() != null) {
                addAll(
                        errs,
                        KubeAPIServerRules.controlPlaneAutoscaling(
                                k.etcd().events().autoscaling(),
                                ETCD_EVENTS_MIN,
                                path.child("etcd", "events", "autoscaling")));
            }
        }
        addAll(
                errs,
                KubeAPIServerRules.validate(k.kubeAPIServer(), version, opts, workerless, path.child("kubeAPIServer")));
        addAll(
                errs,
                KubeControllerManagerRules.validate(
                        k.kubeControllerManager(),
                        spec.networking(),
                        version,
                        workerless,
                        path.child("kubeControllerManager")));
        if (workerless) {
            // Gardener's spelling: clusterAutoScaler, verticalPodAutoScaler
            forbid(errs, k.kubeScheduler(), path.child("kubeScheduler"));
            forbid(errs, k.kubeProxy(), path.child("kubeProxy"));
            forbid(errs, k.kubelet(), path.child("kubelet"));
            forbid(errs, k.clusterAutoscaler(), path.child("clusterAutoScaler"));
            forbid(errs, k.verticalPodAutoscaler(), path.child("verticalPodAutoScaler"));
            return errs;
        }
        addAll(errs, KubeSchedulerRules.validate(k.kubeScheduler(), version, path.child("kubeScheduler")));
        addAll(errs, KubeProxyRules.validate(k.kubeProxy(), version, path.child("kubeProxy")));
        if (k.kubelet() != null) {
            addAll(errs, KubeletRules.validate(k.kubelet(), version, path.child("kubelet")));
        }
        if (k.clusterAutoscaler() != null) {
            addAll(
                    errs,
                    ClusterAutoscalerRules.validate(k.clusterAutoscaler(), version, path.child("clusterAutoscaler")));
        }
        if (k.verticalPodAutoscaler() != null) {
            addAll(
                    errs,
                    VerticalPodAutoscalerRules.validate(
                            k.verticalPodAutoscaler(), path.child("verticalPodAutoscaler")));
        }
        return errs;
    }

    private static void forbid(List<FieldError> errs, Object value, FieldPath path) {
        if (value != null) {
            errs.add(FieldError.forbidden(path.toString(), ShootRules.WORKERLESS));
        }
    }
}
