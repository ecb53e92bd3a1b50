package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfig;
import cloud.gardener.apiserver.api.core.v1beta1.PendingWorkerUpdates;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.core.v1beta1.WorkerKubernetes;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.semver4j.Semver;

/**
 * Gardener's {@code ValidateInPlaceUpdates}: while a worker pool with an in-place update strategy has an update
 * pending, neither the pool, nor its effective Kubernetes version, nor its effective kubelet configuration may change,
 * unless the shoot carries {@code gardener.cloud/operation=force-in-place-update}.
 */
final class ShootInPlaceUpdates {

    private static final FieldPath WORKERS = FieldPath.of("spec", "provider", "workers");
    private static final String VERSION = "spec.kubernetes.version";

    private ShootInPlaceUpdates() {}

    static List<FieldError> validate(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, String> annotations = ShootValidator.meta(shoot).annotations();
        String operation = annotations == null ? null : annotations.get(ShootOperations.OPERATION);
        if (ShootOperations.FORCE_IN_PLACE_UPDATE.equals(operation)) {
            return errs;
        }
        PendingWorkerUpdates pending = shoot.status() == null || shoot.status().inPlaceUpdates() == null
                ? null
                : shoot.status().inPlaceUpdates().pendingWorkerUpdates();
        if (pending == null) {
            return errs;
        }
        Set<String> pendingNames = new HashSet<>();
        if (pending.autoInPlaceUpdate() != null) {
            pendingNames.addAll(pending.autoInPlaceUpdate());
        }
        if (pending.manualInPlaceUpdate() != null) {
            pendingNames.addAll(pending.manualInPlaceUpdate());
        }
        String oldVersionText = CoreRules.text(
                ShootValidator.kubernetes(ShootValidator.spec(old)).version());
        String versionText = CoreRules.text(
                ShootValidator.kubernetes(ShootValidator.spec(shoot)).version());
        Semver oldVersion = version(oldVersionText, "old", errs);
        Semver version = version(versionText, "new", errs);
        if (!errs.isEmpty()) {
            return errs;
        }
        List<Worker> oldWorkers = workers(old);
        List<Worker> workers = workers(shoot);
        KubeletConfig oldShootKubelet =
                ShootValidator.kubernetes(ShootValidator.spec(old)).kubelet();
        KubeletConfig shootKubelet =
                ShootValidator.kubernetes(ShootValidator.spec(shoot)).kubelet();
        for (int i = 0; i < workers.size(); i++) {
            Worker worker = workers.get(i);
            if (!WorkerValidation.isInPlace(worker.updateStrategy()) || !pendingNames.contains(worker.name())) {
                continue;
            }
            int oldIndex = indexOf(oldWorkers, worker.name());
            if (oldIndex < 0) {
                continue;
            }
            Worker oldWorker = oldWorkers.get(oldIndex);
            Semver oldEffective;
            Semver effective;
            try {
                oldEffective = effectiveVersion(oldVersion, oldWorker.kubernetes());
            } catch (IllegalArgumentException e) {
                errs.add(FieldError.forbidden(
                        WORKERS.index(oldIndex).toString(),
                        "failed to calculate effective kubernetes version for old worker: " + e.getMessage()));
                continue;
            }
            try {
                effective = effectiveVersion(version, worker.kubernetes());
            } catch (IllegalArgumentException e) {
                errs.add(FieldError.forbidden(
                        WORKERS.index(i).toString(),
                        "failed to calculate effective kubernetes version for new worker: " + e.getMessage()));
                continue;
            }
            boolean kubeletChanged = !Objects.equals(
                    effectiveKubelet(oldShootKubelet, oldWorker.kubernetes()),
                    effectiveKubelet(shootKubelet, worker.kubernetes()));
            if (!oldWorker.equals(worker) || oldEffective.compareTo(effective) != 0 || kubeletChanged) {
                errs.add(FieldError.forbidden(
                        WORKERS.index(i).toString(),
                        "the worker pool \"" + worker.name()
                                + "\" is currently undergoing an in-place update. No changes are allowed to the worker pool, "
                                + "the Shoot Kubernetes version, or the Shoot kubelet configuration. You can force an update "
                                + "with annotating the Shoot with '" + ShootOperations.OPERATION + "="
                                + ShootOperations.FORCE_IN_PLACE_UPDATE + "'"));
            }
        }
        return errs;
    }

    private static Semver version(String text, String which, List<FieldError> errs) {
        try {
            return GoSemver.newVersion(text);
        } catch (IllegalArgumentException e) {
            errs.add(FieldError.forbidden(
                    VERSION, "failed to parse " + which + " control plane kubernetes version: " + e.getMessage()));
            return null;
        }
    }

    /** {@code CalculateEffectiveKubernetesVersion}: the pool's own version, else the control plane's. */
    private static Semver effectiveVersion(Semver controlPlane, WorkerKubernetes kubernetes) {
        return kubernetes != null && kubernetes.version() != null
                ? GoSemver.newVersion(kubernetes.version())
                : controlPlane;
    }

    /** {@code CalculateEffectiveKubeletConfiguration}: the pool's own kubelet settings, else the shoot's. */
    private static KubeletConfig effectiveKubelet(KubeletConfig shoot, WorkerKubernetes kubernetes) {
        return kubernetes != null && kubernetes.kubelet() != null ? kubernetes.kubelet() : shoot;
    }

    private static int indexOf(List<Worker> workers, String name) {
        for (int i = 0; i < workers.size(); i++) {
            if (Objects.equals(workers.get(i).name(), name)) {
                return i;
            }
        }
        return -1;
    }

    private static List<Worker> workers(Shoot shoot) {
        List<Worker> workers =
                ShootValidator.provider(ShootValidator.spec(shoot)).workers();
        return workers == null ? List.of() : workers;
    }
}
