package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ShootRules.dns1123Label;

import cloud.gardener.apiserver.api.core.v1beta1.DataVolume;
import cloud.gardener.apiserver.api.core.v1beta1.Kubernetes;
import cloud.gardener.apiserver.api.core.v1beta1.Provider;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.core.v1beta1.WorkerControlPlane;
import cloud.gardener.apiserver.api.k8s.corev1.Taint;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.NameFormats;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.semver4j.Semver;

/** The rules of {@code spec.provider} and its worker pools ({@code validateProvider}, {@code ValidateWorker}, ...). */
final class WorkerValidation {

    static final String AUTO_ROLLING_UPDATE = "AutoRollingUpdate";
    static final String AUTO_IN_PLACE_UPDATE = "AutoInPlaceUpdate";
    static final String MANUAL_IN_PLACE_UPDATE = "ManualInPlaceUpdate";
    private static final List<String> UPDATE_STRATEGIES =
            List.of(AUTO_IN_PLACE_UPDATE, AUTO_ROLLING_UPDATE, MANUAL_IN_PLACE_UPDATE);
    private static final int MAX_WORKER_NAME_LENGTH = 15;
    private static final int MAX_VOLUME_NAME_LENGTH = 15;
    private static final Pattern VOLUME_SIZE = Pattern.compile("^(\\d)+Gi$");
    private static final Pattern SYSCTL_KEY =
            Pattern.compile("^(?:(?:[a-zA-Z0-9-][a-zA-Z0-9_/-]*|\\*)\\.)*[a-zA-Z0-9_/-]*[a-zA-Z0-9]$");
    private static final List<String> ARCHITECTURES = List.of("amd64", "arm64");
    private static final List<String> TAINT_EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");
    private static final String RESERVED_TAINT_KEY = "node.gardener.cloud/critical-components-not-ready";

    private final boolean cloudProfileDefaultsApplied;

    WorkerValidation(boolean cloudProfileDefaultsApplied) {
        this.cloudProfileDefaultsApplied = cloudProfileDefaultsApplied;
    }

    List<FieldError> validateProvider(
            String namespace, Provider provider, Kubernetes kubernetes, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String type = CoreRules.text(provider.type());
        if (type.isEmpty()) {
            errs.add(FieldError.required(path.child("type").toString(), "must specify a provider type"));
        } else {
            errs.addAll(dns1123Label(type, path.child("type")));
        }
        if (workerless) {
            forbidWorkerless(errs, provider.infrastructureConfig(), path.child("infrastructureConfig"));
            forbidWorkerless(errs, provider.controlPlaneConfig(), path.child("controlPlaneConfig"));
            forbidWorkerless(errs, provider.workersSettings(), path.child("workersSettings"));
            return errs;
        }
        List<Worker> workers = provider.workers();
        for (int i = 0; i < workers.size(); i++) {
            errs.addAll(validateWorker(
                    workers.get(i),
                    kubernetes,
                    namespace,
                    type,
                    path.child("workers").index(i)));
        }
        errs.addAll(validateWorkers(workers, path.child("workers")));
        errs.addAll(validateSystemComponentWorkers(workers, path.child("workers")));
        return errs;
    }

    private static void forbidWorkerless(List<FieldError> errs, Object value, FieldPath path) {
        if (value != null) {
            errs.add(FieldError.forbidden(path.toString(), ShootRules.WORKERLESS));
        }
    }

    List<FieldError> validateWorker(
            Worker worker, Kubernetes kubernetes, String namespace, String providerType, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String name = CoreRules.text(worker.name());
        errs.addAll(dns1123Label(name, path.child("name")));
        if (name.length() > MAX_WORKER_NAME_LENGTH) {
            errs.add(FieldError.tooLong(path.child("name").toString(), name, MAX_WORKER_NAME_LENGTH));
        }
        String machineType =
                worker.machine() == null ? "" : CoreRules.text(worker.machine().type());
        if (machineType.isEmpty()) {
            errs.add(FieldError.required(path.child("machine", "type").toString(), "must specify a machine type"));
        }
        var image = worker.machine() == null ? null : worker.machine().image();
        if (image == null) {
            if (cloudProfileDefaultsApplied) {
                errs.add(
                        FieldError.required(path.child("machine", "image").toString(), "must specify a machine image"));
            }
        } else {
            if (CoreRules.text(image.name()).isEmpty()) {
                errs.add(FieldError.required(
                        path.child("machine", "image", "name").toString(), "must specify a machine image name"));
            }
            if (CoreRules.text(image.version()).isEmpty() && cloudProfileDefaultsApplied) {
                errs.add(FieldError.required(
                        path.child("machine", "image", "version").toString(), "must specify a machine image version"));
            }
        }
        if (worker.minimum() < 0) {
            errs.add(FieldError.invalid(
                    path.child("minimum").toString(), worker.minimum(), "minimum value must not be negative"));
        }
        if (worker.maximum() < 0) {
            errs.add(FieldError.invalid(
                    path.child("maximum").toString(), worker.maximum(), "maximum value must not be negative"));
        }
        if (worker.maximum() < worker.minimum()) {
            errs.add(FieldError.forbidden(
                    path.child("maximum").toString(), "maximum value must not be less than minimum value"));
        }

        errs.addAll(positiveIntOrPercent(worker.maxSurge(), path.child("maxSurge")));
        errs.addAll(positiveIntOrPercent(worker.maxUnavailable(), path.child("maxUnavailable")));
        errs.addAll(notMoreThan100Percent(worker.maxUnavailable(), path.child("maxUnavailable")));
        String strategy = CoreRules.text(worker.updateStrategy());
        if (MANUAL_IN_PLACE_UPDATE.equals(strategy)) {
            if (worker.maxSurge() != null) {
                errs.add(FieldError.invalid(
                        path.child("maxSurge").toString(),
                        goIntOrString(worker.maxSurge()),
                        "should not be set when `updateStrategy` is `ManualInPlaceUpdate`"));
            }
            if (worker.maxUnavailable() != null) {
                errs.add(FieldError.invalid(
                        path.child("maxUnavailable").toString(),
                        goIntOrString(worker.maxUnavailable()),
                        "should not be set when `updateStrategy` is `ManualInPlaceUpdate`"));
            }
        } else {
            // Unset values count with the defaults the server sets before Gardener validates (rolling: surge 1,
            // unavailable 0;
            // in place: surge 0, unavailable 1).
            boolean inPlace = AUTO_IN_PLACE_UPDATE.equals(strategy);
            int surge = worker.maxSurge() == null ? (inPlace ? 0 : 1) : intOrPercentValue(worker.maxSurge());
            int unavailable =
                    worker.maxUnavailable() == null ? (inPlace ? 1 : 0) : intOrPercentValue(worker.maxUnavailable());
            if (surge == 0 && unavailable == 0) {
                errs.add(FieldError.invalid(
                        path.child("maxUnavailable").toString(),
                        goIntOrString(worker.maxUnavailable()),
                        "may not be 0 when `maxSurge` is 0"));
            }
        }

        errs.addAll(ObjectMetaValidation.validateLabels(worker.labels(), path.child("labels")));
        errs.addAll(ObjectMetaValidation.validateAnnotations(worker.annotations(), path.child("annotations")));
        if (worker.taints() != null && !worker.taints().isEmpty()) {
            errs.addAll(validateTaints(worker.taints(), path.child("taints")));
        }
        if (worker.kubernetes() != null && worker.kubernetes().version() != null) {
            String controlPlane = kubernetes == null ? "" : CoreRules.text(kubernetes.version());
            if (!controlPlane.isEmpty() || cloudProfileDefaultsApplied) {
                errs.addAll(validateWorkerGroupVersion(
                        controlPlane, worker.kubernetes().version(), path.child("kubernetes", "version")));
            }
        }
        errs.addAll(WorkerComponentRules.validate(worker, kubernetes, path));
        if (worker.caBundle() != null && !PemCertificates.containsCertificate(worker.caBundle())) {
            errs.add(FieldError.invalid(
                    path.child("caBundle").toString(),
                    worker.caBundle(),
                    "caBundle is not a valid PEM-encoded certificate"));
        }
        if (worker.volume() != null) {
            if (worker.volume().name() != null) {
                errs.addAll(validateVolumeName(worker.volume().name(), path.child("volume", "name")));
            }
            String size = CoreRules.text(worker.volume().size());
            if (!VOLUME_SIZE.matcher(size).matches()) {
                errs.add(FieldError.invalid(
                        path.child("volume", "size").toString(),
                        size,
                        "volume size must match the regex " + VOLUME_SIZE.pattern()));
            }
        }
        if (worker.dataVolumes() != null) {
            if (!worker.dataVolumes().isEmpty() && worker.volume() == null) {
                errs.add(FieldError.required(
                        path.child("volume").toString(),
                        "a worker volume must be defined if data volumes are defined"));
            }
            Set<String> names = new HashSet<>();
            for (int i = 0; i < worker.dataVolumes().size(); i++) {
                DataVolume volume = worker.dataVolumes().get(i);
                FieldPath idx = path.child("dataVolumes").index(i);
                String volumeName = CoreRules.text(volume.name());
                errs.addAll(validateVolumeName(volumeName, idx.child("name")));
                if (!names.add(volumeName)) {
                    errs.add(FieldError.duplicate(idx.child("name").toString(), volumeName));
                }
                String size = CoreRules.text(volume.size());
                if (!VOLUME_SIZE.matcher(size).matches()) {
                    errs.add(FieldError.invalid(
                            idx.child("size").toString(),
                            size,
                            "data volume size must match the regex " + VOLUME_SIZE.pattern()));
                }
            }
        }
        if (worker.kubeletDataVolumeName() != null) {
            String wanted = worker.kubeletDataVolumeName();
            boolean found = worker.dataVolumes() != null
                    && worker.dataVolumes().stream().anyMatch(v -> wanted.equals(v.name()));
            if (!found) {
                errs.add(FieldError.invalid(
                        path.child("kubeletDataVolumeName").toString(),
                        wanted,
                        "KubeletDataVolumeName refers to unrecognized data volume " + wanted));
            }
        }
        if (worker.cri() != null) {
            errs.addAll(validateCri(worker, path.child("cri")));
        }
        if (worker.machine() != null
                && worker.machine().architecture() != null
                && !ARCHITECTURES.contains(worker.machine().architecture())) {
            errs.add(FieldError.notSupported(
                    path.child("machine", "architecture").toString(),
                    worker.machine().architecture(),
                    ARCHITECTURES));
        }
        if (worker.updateStrategy() != null && !UPDATE_STRATEGIES.contains(strategy)) {
            errs.add(FieldError.notSupported(path.child("updateStrategy").toString(), strategy, UPDATE_STRATEGIES));
        }
        if (worker.priority() != null && worker.priority() < -1) {
            errs.add(FieldError.invalid(
                    path.child("priority").toString(), worker.priority(), "can not be less than -1"));
        }
        if (worker.controlPlane() != null) {
            errs.addAll(validateWorkerControlPlane(
                    worker.controlPlane(), namespace, providerType, path.child("controlPlane")));
        }
        if (worker.sysctls() != null) {
            errs.addAll(validateSysctls(worker.sysctls(), path.child("sysctls")));
        }
        return errs;
    }

    /** {@code validateWorkerGroupAndControlPlaneKubernetesVersion}. */
    static List<FieldError> validateWorkerGroupVersion(String controlPlane, String workerVersion, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        try {
            if (GoSemver.compareVersions(workerVersion, ">", controlPlane)) {
                errs.add(FieldError.forbidden(
                        path.toString(),
                        "worker group kubernetes version must not be higher than control plane version"));
            }
        } catch (IllegalArgumentException e) {
            errs.add(FieldError.invalid(path.toString(), controlPlane, e.getMessage()));
        }
        Semver worker;
        try {
            worker = GoSemver.newVersion(workerVersion);
        } catch (IllegalArgumentException e) {
            errs.add(FieldError.invalid(path.toString(), workerVersion, e.getMessage()));
            return errs; // Go would dereference a nil version here
        }
        String skew = GoSemver.incMinor(GoSemver.incMinor(GoSemver.incMinor(GoSemver.incMinor(worker))))
                .toString();
        try {
            if (GoSemver.compareVersions(controlPlane, ">=", skew)) {
                errs.add(
                        FieldError.forbidden(
                                path.toString(),
                                "worker group kubernetes version must be at most three minor versions behind control plane version"));
            }
        } catch (IllegalArgumentException e) {
            errs.add(FieldError.invalid(path.toString(), controlPlane, e.getMessage()));
        }
        return errs;
    }

    private static List<FieldError> validateVolumeName(String name, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (name.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must specify a name"));
        } else {
            errs.addAll(dns1123Label(name, path));
        }
        if (name.length() > MAX_VOLUME_NAME_LENGTH) {
            errs.add(FieldError.tooLong(path.toString(), name, MAX_VOLUME_NAME_LENGTH));
        }
        return errs;
    }

    private static List<FieldError> validateCri(Worker worker, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String name = CoreRules.text(worker.cri().name());
        if (!"containerd".equals(name)) {
            errs.add(FieldError.notSupported(path.child("name").toString(), name, List.of("containerd")));
        }
        var runtimes = worker.cri().containerRuntimes();
        if (runtimes != null) {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < runtimes.size(); i++) {
                String type = CoreRules.text(runtimes.get(i).type());
                FieldPath typePath = path.child("containerruntimes").index(i).child("type");
                if (type.isEmpty()) {
                    errs.add(FieldError.required(typePath.toString(), "must specify a container runtime type"));
                }
                if (!seen.add(type)) {
                    errs.add(FieldError.duplicate(
                            typePath.toString(), "must specify different type, " + type + " already exist"));
                }
            }
        }
        return errs;
    }

    private static List<FieldError> validateTaints(List<Taint> taints, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, Set<String>> unique = new HashMap<>();
        for (int i = 0; i < taints.size(); i++) {
            Taint taint = taints.get(i);
            FieldPath idx = path.index(i);
            String key = CoreRules.text(taint.key());
            String value = CoreRules.text(taint.value());
            String effect = CoreRules.text(taint.effect());
            errs.addAll(ObjectMetaValidation.validateLabelName(key, idx.child("key")));
            if (RESERVED_TAINT_KEY.equals(key)) {
                errs.add(FieldError.forbidden(idx.child("key").toString(), "taint key is reserved by gardener"));
            }
            List<String> valueProblems = NameFormats.labelValue(value);
            if (!valueProblems.isEmpty()) {
                errs.add(FieldError.invalid(idx.child("value").toString(), value, String.join(";", valueProblems)));
            }
            if (effect.isEmpty()) {
                errs.add(FieldError.required(idx.child("effect").toString(), ""));
            } else if (!TAINT_EFFECTS.contains(effect)) {
                errs.add(FieldError.notSupported(idx.child("effect").toString(), effect, TAINT_EFFECTS));
            }
            Set<String> keys = unique.computeIfAbsent(effect, e -> new HashSet<>());
            if (!keys.add(key)) {
                errs.add(new FieldError(
                        cloud.gardener.apiserver.api.validation.FieldErrorType.DUPLICATE,
                        idx.toString(),
                        new GoValue("v1.Taint{Key:\"" + key + "\", Value:\"" + value + "\", Effect:\"" + effect
                                + "\", TimeAdded:<nil>}"),
                        "taints must be unique by key and effect pair"));
            }
        }
        return errs;
    }

    /** {@code ValidateWorkers}: unique names, at most one control plane pool. */
    static List<FieldError> validateWorkers(List<Worker> workers, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        boolean controlPlaneFound = false;
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            String name = CoreRules.text(w.name());
            if (!names.add(name)) {
                errs.add(FieldError.duplicate(path.index(i).child("name").toString(), name));
            }
            if (w.controlPlane() != null) {
                if (controlPlaneFound) {
                    errs.add(FieldError.invalid(
                            path.index(i).child("controlPlane").toString(),
                            new GoValue("&core.WorkerControlPlane{...}"),
                            "cannot have more than one worker pool marked for control plane components"));
                }
                controlPlaneFound = true;
            }
        }
        return errs;
    }

    /** {@code ValidateSystemComponentWorkers}: a pool able to run system components, with a node per zone. */
    static List<FieldError> validateSystemComponentWorkers(List<Worker> workers, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        boolean atLeastOne = false;
        Set<String> sufficient = new HashSet<>();
        Map<String, Integer> insufficient = new LinkedHashMap<>();
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            if (!systemComponentsAllowed(w) || w.maximum() == 0) {
                continue;
            }
            atLeastOne = true;
            List<String> zones = w.zones() == null ? List.of() : w.zones();
            String key = String.join("--", new TreeSet<>(zones));
            if (w.maximum() >= zones.size()) {
                sufficient.add(key);
                insufficient.remove(key);
            } else if (!sufficient.contains(key)) {
                insufficient.put(key, i);
            }
        }
        for (int i : new TreeSet<>(insufficient.values())) {
            errs.add(
                    FieldError.forbidden(
                            path.index(i).child("maximum").toString(),
                            "maximum node count should be greater than or equal to the number of zones specified for this pool"));
        }
        if (!atLeastOne) {
            errs.add(
                    FieldError.forbidden(
                            path.toString(),
                            "at least one active (workers[i].maximum > 0) worker pool with systemComponents.allow=true needed"));
        }
        if (isSelfHosted(workers)) {
            Set<String> controlPlaneZones = new HashSet<>();
            workers.stream()
                    .filter(w -> w.controlPlane() != null && w.zones() != null)
                    .forEach(w -> controlPlaneZones.addAll(w.zones()));
            for (int i = 0; i < workers.size(); i++) {
                Worker w = workers.get(i);
                if (w.controlPlane() == null
                        && systemComponentsAllowed(w)
                        && w.zones() != null
                        && !controlPlaneZones.containsAll(w.zones())) {
                    errs.add(
                            FieldError.invalid(
                                    path.index(i).child("systemComponents").toString(),
                                    new GoValue("core.WorkerSystemComponents{Allow:true}"),
                                    "workers that enable systemComponents must use a subset of the zones of control plane worker"));
                }
            }
        }
        return errs;
    }

    private static List<FieldError> validateWorkerControlPlane(
            WorkerControlPlane controlPlane, String namespace, String providerType, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        var backup = controlPlane.backup();
        if (backup != null) {
            String provider = CoreRules.text(backup.provider());
            if (provider.isEmpty()) {
                errs.add(FieldError.required(
                        path.child("backup", "provider").toString(), "must provide a backup cloud provider name"));
            }
            if (!providerType.equals(provider)
                    && CoreRules.text(backup.region()).isEmpty()) {
                errs.add(
                        FieldError.required(
                                path.child("backup", "region").toString(),
                                "region must be specified for if backup provider is different from shoot provider used in `spec.provider.type`"));
            }
            if (backup.credentialsRef() == null) {
                errs.add(FieldError.required(
                        path.child("backup", "credentialsRef").toString(),
                        "must be set to refer a Secret or WorkloadIdentity"));
            } else {
                var ref = backup.credentialsRef();
                if (!CoreRules.text(namespace).equals(CoreRules.text(ref.namespace()))) {
                    errs.add(FieldError.forbidden(
                            path.child("backup", "credentialsRef", "namespace").toString(),
                            "must reference credentials in the same namespace as the Shoot"));
                }
                if ("security.gardener.cloud/v1alpha1".equals(ref.apiVersion())
                        && "WorkloadIdentity".equals(ref.kind())) {
                    errs.add(FieldError.forbidden(
                            path.child("backup", "credentialsRef").toString(),
                            "support for WorkloadIdentity as backup credentials is not yet implemented"));
                }
            }
        }
        var exposure = controlPlane.exposure();
        if (exposure != null) {
            FieldPath exposurePath = path.child("exposure");
            if (exposure.dns() != null && exposure.extension() != null) {
                errs.add(FieldError.invalid(
                        exposurePath.toString(),
                        new GoValue("&core.Exposure{...}"),
                        "cannot have dns and extension set at the same time"));
            }
            if (exposure.extension() != null) {
                String type = CoreRules.text(exposure.extension().type());
                if (type.isEmpty()) {
                    errs.add(
                            FieldError.required(exposurePath.child("type").toString(), "must specify a provider type"));
                } else {
                    errs.addAll(dns1123Label(type, exposurePath.child("type")));
                }
            }
        }
        return errs;
    }

    private static List<FieldError> validateSysctls(Map<String, String> sysctls, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        int maxPathLength = 4096 - "/proc/sys/".length();
        new TreeMap<>(sysctls).forEach((key, value) -> {
            FieldPath keyPath = path.child(key);
            if (!SYSCTL_KEY.matcher(key).matches()) {
                errs.add(FieldError.invalid(
                        keyPath.toString(),
                        key,
                        "sysctl key must must match regex \""
                                + SYSCTL_KEY.pattern().replace("\\", "\\\\") + "\""));
            }
            if (key.length() > maxPathLength) {
                errs.add(FieldError.tooLong(keyPath.toString(), key, maxPathLength));
            }
            for (String sub : key.split("\\.", -1)) {
                if (sub.length() > 255) {
                    errs.add(
                            FieldError.invalid(keyPath.toString(), sub, "sub key of sysctl must not exceed 255 bytes"));
                }
            }
            if (value == null || value.isEmpty()) {
                errs.add(FieldError.required(keyPath.toString(), "sysctl requires a non-empty value"));
            }
        });
        return errs;
    }

    /** {@code ValidatePositiveIntOrPercent}. */
    static List<FieldError> positiveIntOrPercent(IntOrString value, FieldPath path) {
        if (value == null) {
            return List.of();
        }
        if (value.isString()) {
            return NameFormats.percent(value.stringValue()).isEmpty()
                    ? List.of()
                    : List.of(FieldError.invalid(
                            path.toString(), goIntOrString(value), "must be an integer or percentage (e.g '5%')"));
        }
        return value.intValue() < 0
                ? List.of(FieldError.invalid(
                        path.toString(), (long) value.intValue(), "must be greater than or equal to 0"))
                : List.of();
    }

    private static List<FieldError> notMoreThan100Percent(IntOrString value, FieldPath path) {
        if (value == null
                || !value.isString()
                || !NameFormats.percent(value.stringValue()).isEmpty()) {
            return List.of();
        }
        return percentValue(value) <= 100
                ? List.of()
                : List.of(FieldError.invalid(path.toString(), goIntOrString(value), "must not be greater than 100%"));
    }

    private static int intOrPercentValue(IntOrString value) {
        if (value.isString() && NameFormats.percent(value.stringValue()).isEmpty()) {
            return percentValue(value);
        }
        return value.intValue();
    }

    private static int percentValue(IntOrString value) {
        String s = value.stringValue();
        try {
            return Integer.parseInt(s.substring(0, s.length() - 1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Go's {@code %#v} of a {@code *intstr.IntOrString}, as field errors print it. */
    static GoValue goIntOrString(IntOrString value) {
        if (value == null) {
            return GoValue.NULL;
        }
        return value.isInt()
                ? new GoValue("intstr.IntOrString{Type:0, IntVal:" + value.intValue() + ", StrVal:\"\"}")
                : new GoValue("intstr.IntOrString{Type:1, IntVal:0, StrVal:\"" + value.stringValue() + "\"}");
    }

    static boolean systemComponentsAllowed(Worker w) {
        return w.systemComponents() == null || w.systemComponents().allow();
    }

    static boolean isSelfHosted(List<Worker> workers) {
        return workers != null && workers.stream().anyMatch(w -> w.controlPlane() != null);
    }

    static boolean isInPlace(String strategy) {
        return AUTO_IN_PLACE_UPDATE.equals(strategy) || MANUAL_IN_PLACE_UPDATE.equals(strategy);
    }
}
