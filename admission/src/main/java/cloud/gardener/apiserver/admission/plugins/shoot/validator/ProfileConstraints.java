package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.goList;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.GoSemver;
import cloud.gardener.apiserver.admission.validation.core.MachineCapabilities;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.AvailabilityZone;
import cloud.gardener.apiserver.api.core.v1beta1.CRI;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ContainerRuntime;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfigReserved;
import cloud.gardener.apiserver.api.core.v1beta1.Machine;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.Region;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootMachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Volume;
import cloud.gardener.apiserver.api.core.v1beta1.VolumeType;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.semver4j.Semver;

/**
 * The ShootValidator's checks of a shoot against its CloudProfile (Gardener's {@code validateKubernetes},
 * {@code validateRegion}, {@code validateProvider} with its worker checks, {@code validateLimits}): only what
 * changed against the old shoot is judged, so a profile that moves on does not lock existing shoots.
 */
final class ProfileConstraints {

    private static final List<String> VALID_ARCHITECTURES = List.of("amd64", "arm64");

    /** The old pool of a new worker pool: none of its fields is set. */
    private static final Worker EMPTY_WORKER = ModelCodec.decode(
                    com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode(), Worker.class)
            .value();

    private static final Machine EMPTY_MACHINE = new Machine(null, null, null);

    private final CloudProfileSpec profile;
    private final Operation operation;
    private final Instant now;
    private final String region;

    /** @param region the shoot's region, where the workers' zones are */
    ProfileConstraints(CloudProfileSpec profile, Operation operation, Instant now, String region) {
        this.profile = profile;
        this.operation = operation;
        this.now = now;
        this.region = region;
    }

    /** {@code validateKubernetes}. */
    List<FieldError> kubernetes(ShootSpec spec, ShootSpec old) {
        return kubernetesVersion(kubernetesVersion(spec), kubernetesVersion(old), false, "spec.kubernetes.version");
    }

    /** {@code spec.kubernetes.version}, empty where unset. */
    private static String kubernetesVersion(ShootSpec spec) {
        return spec.kubernetes() == null ? "" : text(spec.kubernetes().version());
    }

    /** {@code validateKubernetesVersionConstraints}. */
    List<FieldError> kubernetesVersion(String version, String oldVersion, boolean newWorkerPool, String path) {
        if (version.equals(oldVersion)) {
            return List.of();
        }
        List<String> valid = new ArrayList<>();
        for (ExpirableVersion c : kubernetesVersions()) {
            if ((operation == Operation.CREATE || newWorkerPool) && !VersionLifecycle.isActive(c, now)) {
                continue;
            }
            if (c.version().equals(version)) {
                return List.of();
            }
            valid.add(c.version() + ("preview".equals(c.classification()) ? " (preview)" : ""));
        }
        return List.of(FieldError.notSupported(path, version, valid));
    }

    /** {@code validateRegion}. */
    List<FieldError> region(ShootSpec spec, ShootSpec old) {
        String region = text(spec.region());
        if (region.equals(text(old.region()))) {
            return List.of();
        }
        List<String> valid = new ArrayList<>();
        for (Region r : regions()) {
            valid.add(r.name());
            if (r.name().equals(region)) {
                return List.of();
            }
        }
        return List.of(FieldError.notSupported("spec.region", region, valid));
    }

    /** {@code validateProvider}: the provider type, then every worker's machine, image, volume, kubelet and zones. */
    List<FieldError> provider(ShootSpec spec, ShootSpec old, FieldError bindingTypeError) {
        List<FieldError> errs = new ArrayList<>();
        String type = spec.provider() == null ? "" : text(spec.provider().type());
        if (!type.equals(text(profile.type()))) {
            errs.add(FieldError.invalid(
                    "spec.provider.type",
                    type,
                    "provider type in shoot must equal provider type of referenced CloudProfile: \""
                            + text(profile.type()) + "\""));
            return errs;
        }
        if (bindingTypeError != null) {
            errs.add(bindingTypeError);
            return errs;
        }
        String controlPlaneVersion = kubernetesVersion(spec);
        Semver controlPlane = GoSemver.parse(controlPlaneVersion);
        if (controlPlane == null) {
            errs.add(FieldError.invalid(
                    "spec.kubernetes.version",
                    controlPlaneVersion,
                    "cannot parse the kubernetes version: invalid semantic version"));
            return errs;
        }
        List<Worker> workers = ShootTrees.workers(spec);
        for (int i = 0; i < workers.size(); i++) {
            Worker worker = workers.get(i);
            String path = "spec.provider.workers[" + i + "]";
            Worker found = oldWorker(old, text(worker.name()));
            boolean newPool = found == null;
            Worker oldWorker = newPool ? EMPTY_WORKER : found;
            FieldError machineError = workerMachine(path, worker, oldWorker, newPool);
            if (machineError != null) {
                errs.add(machineError);
            } else {
                errs.addAll(containerRuntimeInterface(worker, oldWorker, path + ".cri"));
                String kubeletVersion = workerVersion(worker) != null ? workerVersion(worker) : controlPlaneVersion;
                Semver kubelet = GoSemver.parse(kubeletVersion);
                if (kubelet == null) {
                    errs.add(FieldError.invalid(
                            path + ".kubernetes.version",
                            kubeletVersion,
                            "cannot determine effective Kubernetes version for worker pool"));
                    return errs;
                }
                FieldError kubeletError = kubeletVersion(worker, kubelet, path);
                if (kubeletError != null) {
                    errs.add(kubeletError);
                }
            }
            FieldError volumeError = workerVolume(path, worker, oldWorker);
            if (volumeError != null) {
                errs.add(volumeError);
            }
            if (worker.kubernetes() != null) {
                KubeletConfig kubelet = worker.kubernetes().kubelet() != null
                        ? worker.kubernetes().kubelet()
                        : spec.kubernetes() == null ? null : spec.kubernetes().kubelet();
                errs.addAll(kubeReserved(path + ".kubernetes.kubelet", machineType(worker), kubelet));
                if (workerVersion(worker) != null) {
                    String oldVersion =
                            workerVersion(oldWorker) != null ? workerVersion(oldWorker) : kubernetesVersion(old);
                    errs.addAll(kubernetesVersion(
                            workerVersion(worker), oldVersion, newPool, path + ".kubernetes.version"));
                }
            }
            errs.addAll(zones(text(spec.region()), text(old.region()), worker, oldWorker, path));
        }
        return errs;
    }

    /** {@code validateLimits}: the workers' minimums within {@code limits.maxNodesTotal}. */
    List<FieldError> limits(Shoot shoot) {
        if (operation == Operation.DELETE
                || (shoot.metadata() != null && shoot.metadata().deletionTimestamp() != null)
                || profile.limits() == null
                || profile.limits().maxNodesTotal() == null) {
            return List.of();
        }
        int max = profile.limits().maxNodesTotal();
        long total = 0;
        for (Worker worker : ShootTrees.workers(shoot.spec())) {
            total += worker.minimum();
        }
        if (total > max) {
            return List.of(FieldError.forbidden(
                    "spec.provider.workers",
                    "the total minimum node count of all worker " + "pools must not exceed the limit of " + max
                            + " configured in the CloudProfile"));
        }
        return List.of();
    }

    private FieldError workerMachine(String path, Worker worker, Worker oldWorker, boolean newPool) {
        String arch = machine(worker).architecture();
        if (arch != null && !VALID_ARCHITECTURES.contains(arch)) {
            return FieldError.notSupported(path + ".machine.architecture", arch, VALID_ARCHITECTURES);
        }
        FieldError typeError = machineType(path, worker, oldWorker);
        if (typeError != null) {
            return typeError;
        }
        FieldError imageError = machineImage(path, worker, oldWorker, newPool);
        if (imageError != null) {
            return imageError;
        }
        return machineCapabilities(path, worker);
    }

    /** {@code validateMachineType}. */
    private FieldError machineType(String path, Worker worker, Worker oldWorker) {
        String type = machineType(worker);
        String arch = text(machine(worker).architecture());
        if (type.equals(machineType(oldWorker))
                && Objects.equals(
                        machine(worker).architecture(), machine(oldWorker).architecture())) {
            return null;
        }
        List<String> zones = list(worker.zones());
        if (validMachineType(type, arch, zones)) {
            // the usual case, checked directly: the sets below only make the error's message
            return null;
        }
        boolean present = false;
        Set<String> withArch = new HashSet<>();
        Set<String> usable = new HashSet<>();
        Set<String> inAllZones = new HashSet<>();
        for (MachineType t : machineTypes()) {
            if (MachineCapabilities.machineTypeArchitecture(t, capabilityDefinitions())
                    .equals(arch)) {
                withArch.add(t.name());
            }
            if (Boolean.TRUE.equals(t.usable())) {
                usable.add(t.name());
            }
            if (!unavailableInSomeZone(region, zones, t.name(), AvailabilityZone::unavailableMachineTypes)) {
                inAllZones.add(t.name());
            }
            present |= t.name().equals(type);
        }
        Set<String> supported = new TreeSet<>(withArch);
        supported.retainAll(inAllZones);
        supported.retainAll(usable);
        if (!present) {
            return FieldError.notSupported(path + ".machine.type", type, List.copyOf(supported));
        }
        if (!withArch.contains(type) || !inAllZones.contains(type) || !usable.contains(type)) {
            StringBuilder detail = new StringBuilder("machine type \"" + type + "\" ");
            if (!usable.contains(type)) {
                detail.append("is unusable, ");
            }
            if (!inAllZones.contains(type)) {
                detail.append("is unavailable in at least one zone, ");
            }
            if (!withArch.contains(type)) {
                detail.append("does not support CPU architecture \"")
                        .append(arch)
                        .append("\", ");
            }
            detail.append("supported types are ").append(goList(supported));
            return FieldError.invalid(path + ".machine.type", type, detail.toString());
        }
        return null;
    }

    /**
     * Whether {@link #machineType(String, Worker, Worker)} accepts {@code type}: the sets it builds are keyed by name,
     * so an entry of that name supports the architecture, one (not necessarily the same) is usable, and the name is
     * available in all the worker's zones.
     */
    private boolean validMachineType(String type, String arch, List<String> zones) {
        boolean withArch = false;
        boolean usable = false;
        for (MachineType t : machineTypes()) {
            if (!t.name().equals(type)) {
                continue;
            }
            withArch = withArch
                    || MachineCapabilities.machineTypeArchitecture(t, capabilityDefinitions())
                            .equals(arch);
            usable |= Boolean.TRUE.equals(t.usable());
        }
        return withArch
                && usable
                && !unavailableInSomeZone(region, zones, type, AvailabilityZone::unavailableMachineTypes);
    }

    /** {@code validateMachineImage} with {@code validateMachineImagesConstraints}. */
    private FieldError machineImage(String path, Worker worker, Worker oldWorker, boolean newPool) {
        ShootMachineImage image = machine(worker).image();
        ShootMachineImage oldImage = machine(oldWorker).image();
        if (Objects.equals(image, oldImage)
                && Objects.equals(
                        machine(worker).architecture(), machine(oldWorker).architecture())) {
            return null;
        }
        String strategy = text(worker.updateStrategy());
        boolean inPlace = strategy.equals("AutoInPlaceUpdate") || strategy.equals("ManualInPlaceUpdate");
        String arch = text(machine(worker).architecture());
        String name = image == null ? "" : text(image.name());
        String version = image == null ? "" : text(image.version());
        String oldVersion = oldImage == null ? "" : text(oldImage.version());
        if (image != null
                && !version.isEmpty()
                && validImageVersion(name, version, arch, inPlace, oldVersion, newPool)) {
            // the usual case, checked directly: the sets below only make the error's message
            return null;
        }
        Set<String> inProfile = new HashSet<>();
        Set<String> active = new HashSet<>();
        Set<String> withArch = new HashSet<>();
        Set<String> withInPlace = new HashSet<>();
        for (MachineImage mi : machineImages()) {
            if (image != null && !name.equals(mi.name())) {
                continue;
            }
            for (MachineImageVersion v : mi.versions() == null ? List.<MachineImageVersion>of() : mi.versions()) {
                String key = mi.name() + ":" + v.expirableVersion().version();
                if (usable(v, oldVersion, newPool)) {
                    active.add(key);
                }
                if (supportsArchitecture(v, arch)) {
                    withArch.add(key);
                }
                // an existing pool's in-place update is judged for the worker's own image only
                if (inPlace
                        && inPlaceAllowed(v, oldVersion, newPool)
                        && (operation == Operation.CREATE || newPool || (image != null && name.equals(mi.name())))) {
                    withInPlace.add(key);
                }
                inProfile.add(key);
            }
        }
        Set<String> valid = new TreeSet<>(active);
        valid.retainAll(withArch);
        if (inPlace) {
            valid.retainAll(withInPlace);
        }
        String key = name + ":" + version;
        if (image == null || version.isEmpty() || !inProfile.contains(key)) {
            return FieldError.notSupported(path + ".machine.image.version", version, List.copyOf(valid));
        }
        boolean archOk = withArch.contains(key);
        boolean activeOk = active.contains(key);
        boolean inPlaceOk = withInPlace.contains(key);
        if (!archOk || !activeOk || (inPlace && !inPlaceOk)) {
            StringBuilder detail = new StringBuilder("machine image version '" + name + ":" + version + "' ");
            if (!archOk) {
                detail.append("does not support CPU architecture \"")
                        .append(arch)
                        .append("\", ");
            }
            if (!activeOk) {
                detail.append("is expired, ");
            }
            if (inPlace && !inPlaceOk) {
                detail.append(
                        operation == Operation.UPDATE && !newPool
                                ? "cannot be in-place updated from the current version, "
                                : "does not support in-place updates, ");
            }
            detail.append("supported machine image versions are: ").append(goList(valid));
            return FieldError.invalid(path + ".machine.image", CoreRules.tree(image), detail.toString());
        }
        return null;
    }

    /**
     * Whether {@link #machineImage} accepts the image {@code name} in {@code version}: an entry of the profile with
     * that name and version is active (or, for an existing pool, expired but not older than {@code oldVersion}), one
     * supports the architecture, and with an in-place update strategy one allows in-place updates (as the sets of
     * {@link #machineImage} hold each {@code name:version} key once, for any of its entries).
     */
    private boolean validImageVersion(
            String name, String version, String arch, boolean inPlace, String oldVersion, boolean newPool) {
        boolean active = false;
        boolean withArch = false;
        boolean withInPlace = false;
        for (MachineImage mi : machineImages()) {
            if (!name.equals(mi.name())) {
                continue;
            }
            for (MachineImageVersion v : mi.versions() == null ? List.<MachineImageVersion>of() : mi.versions()) {
                // the key the sets hold is the image's name and this text of the version
                if (!version.equals(String.valueOf(v.expirableVersion().version()))) {
                    continue;
                }
                active |= usable(v, oldVersion, newPool);
                withArch = withArch || supportsArchitecture(v, arch);
                withInPlace |= inPlace && inPlaceAllowed(v, oldVersion, newPool);
            }
        }
        return active && withArch && (!inPlace || withInPlace);
    }

    /** Whether the version may be used: active, or for an existing pool expired but not older than its version. */
    private boolean usable(MachineImageVersion v, String oldVersion, boolean newPool) {
        return VersionLifecycle.isActive(v.expirableVersion(), now)
                || (operation == Operation.UPDATE
                        && !newPool
                        && VersionLifecycle.isExpired(v.expirableVersion(), now)
                        && !lessThan(v.expirableVersion().version(), oldVersion));
    }

    private boolean supportsArchitecture(MachineImageVersion v, String arch) {
        return MachineCapabilities.imageVersionArchitectures(v, capabilityDefinitions())
                .contains(arch);
    }

    /**
     * Whether the version allows in-place updates: for a new pool (or a create) when it supports them, for an
     * existing pool's update when its minimum version to update from is at most the pool's version.
     */
    private boolean inPlaceAllowed(MachineImageVersion v, String oldVersion, boolean newPool) {
        if (v.inPlaceUpdates() == null || !v.inPlaceUpdates().supported()) {
            return false;
        }
        if (operation == Operation.CREATE || newPool) {
            return true;
        }
        return operation == Operation.UPDATE
                && v.inPlaceUpdates().minVersionForUpdate() != null
                && !lessThan(oldVersion, v.inPlaceUpdates().minVersionForUpdate());
    }

    /** {@code validateMachineCapabilities}. */
    private FieldError machineCapabilities(String path, Worker worker) {
        if (capabilityDefinitions().isEmpty()) {
            return null;
        }
        ShootMachineImage image = machine(worker).image();
        String name = image == null ? "" : text(image.name());
        String version = image == null ? "" : text(image.version());
        MachineImageVersion imageVersion = findImageVersion(name, version);
        MachineType type = findMachineType(machineType(worker));
        if (imageVersion == null || type == null) {
            return null;
        }
        if (!MachineCapabilities.supportedByFlavors(
                type.capabilities(), imageVersion.capabilityFlavors(), capabilityDefinitions())) {
            return FieldError.invalid(
                    path + ".machine.image.version",
                    version,
                    "machine capabilities "
                            + goMap(type.capabilities()) + " of machine type \"" + type.name()
                            + "\" are not supported by machine image " + name + ":" + version);
        }
        return null;
    }

    /** {@code validateContainerRuntimeInterface}. */
    private List<FieldError> containerRuntimeInterface(Worker worker, Worker oldWorker, String path) {
        CRI cri = worker.cri();
        ShootMachineImage image = machine(worker).image();
        if (cri == null || image == null) {
            return List.of();
        }
        if (Objects.equals(cri, oldWorker.cri())
                && Objects.equals(image, machine(oldWorker).image())) {
            return List.of();
        }
        String name = text(image.name());
        String version = text(image.version());
        String criName = text(cri.name());
        MachineImageVersion imageVersion = findImageVersion(name, version);
        if (imageVersion == null) {
            return List.of();
        }
        List<String> validCris = new ArrayList<>();
        CRI found = null;
        for (CRI c : imageVersion.cri() == null ? List.<CRI>of() : imageVersion.cri()) {
            validCris.add(c.name());
            if (c.name().equals(criName)) {
                found = c;
                break;
            }
        }
        if (found == null) {
            return List.of(FieldError.invalid(
                    path + ".name",
                    criName,
                    "machine image '" + name + "@" + version + "' does not support CRI '" + criName
                            + "', supported values: " + goList(validCris)));
        }
        List<FieldError> errs = new ArrayList<>();
        List<ContainerRuntime> runtimes = list(cri.containerRuntimes());
        for (int j = 0; j < runtimes.size(); j++) {
            String type = text(runtimes.get(j).type());
            List<String> valid = new ArrayList<>();
            boolean ok = false;
            for (ContainerRuntime r :
                    found.containerRuntimes() == null ? List.<ContainerRuntime>of() : found.containerRuntimes()) {
                valid.add(r.type());
                if (r.type().equals(type)) {
                    ok = true;
                    break;
                }
            }
            if (!ok) {
                errs.add(FieldError.invalid(
                        path + ".containerRuntimes[" + j + "].type",
                        type,
                        "machine image '" + name + "@"
                                + version + "' does not support container runtime '" + type + "', supported values: "
                                + goList(valid)));
            }
        }
        return errs;
    }

    /** {@code validateKubeletVersion}: the image version's kubelet version constraint. */
    private FieldError kubeletVersion(Worker worker, Semver kubelet, String path) {
        ShootMachineImage image = machine(worker).image();
        if (image == null) {
            return null;
        }
        MachineImageVersion v = findImageVersion(text(image.name()), text(image.version()));
        if (v == null || v.kubeletVersionConstraint() == null) {
            return null;
        }
        boolean ok;
        try {
            ok = GoSemver.satisfies(v.kubeletVersionConstraint(), kubelet);
        } catch (IllegalArgumentException e) {
            ok = false;
        }
        if (!ok) {
            return FieldError.invalid(
                    path + ".machine.image",
                    CoreRules.tree(image),
                    "machine image '" + text(image.name()) + "@"
                            + text(image.version()) + "' does not support kubelet version '" + kubelet
                            + "', supported kubelet versions by this machine image version: '"
                            + v.kubeletVersionConstraint() + "'");
        }
        return null;
    }

    /** {@code validateWorkerVolume} with {@code validateVolumeTypes} and {@code validateVolumeSize}. */
    private FieldError workerVolume(String path, Worker worker, Worker oldWorker) {
        Volume volume = worker.volume();
        String type = volume == null ? null : volume.type();
        String oldType = oldWorker.volume() == null ? null : oldWorker.volume().type();
        boolean typeUnchanged = type != null && type.equals(oldType);
        List<String> zones = list(worker.zones());
        if (type != null && !typeUnchanged && !validVolumeType(type, zones)) {
            boolean present = false;
            Set<String> usable = new HashSet<>();
            Set<String> inAllZones = new HashSet<>();
            for (VolumeType v : volumeTypes()) {
                if (Boolean.TRUE.equals(v.usable())) {
                    usable.add(v.name());
                }
                if (!unavailableInSomeZone(region, zones, v.name(), AvailabilityZone::unavailableVolumeTypes)) {
                    inAllZones.add(v.name());
                }
                present |= v.name().equals(type);
            }
            Set<String> supported = new TreeSet<>(usable);
            supported.retainAll(inAllZones);
            if (!present) {
                return FieldError.notSupported(path + ".volume.type", type, List.copyOf(supported));
            }
            if (!usable.contains(type) || !inAllZones.contains(type)) {
                StringBuilder detail = new StringBuilder("volume type \"" + type + "\" ");
                if (!usable.contains(type)) {
                    detail.append("is unusable, ");
                }
                if (!inAllZones.contains(type)) {
                    detail.append("is unavailable in at least one zone, ");
                }
                detail.append("supported types are ").append(goList(supported));
                return FieldError.invalid(path + ".volume.type", type, detail.toString());
            }
        }
        if (type == null) {
            return null;
        }
        String sizeText = text(volume.size());
        Quantity size;
        try {
            size = Quantity.parse(sizeText);
        } catch (IllegalArgumentException e) {
            return null; // static validation reports it
        }
        String machineType = machineType(worker);
        for (MachineType t : machineTypes()) {
            if (t.name().equals(machineType)
                    && t.storage() != null
                    && t.storage().minSize() != null
                    && type.equals(t.storage().type())
                    && size.compareTo(t.storage().minSize()) < 0) {
                return FieldError.invalid(
                        path + ".volume.size",
                        sizeText,
                        "size must be >= " + t.storage().minSize());
            }
        }
        for (VolumeType v : volumeTypes()) {
            if (v.name().equals(type) && v.minSize() != null && size.compareTo(v.minSize()) < 0) {
                return FieldError.invalid(path + ".volume.size", sizeText, "size must be >= " + v.minSize());
            }
        }
        return null;
    }

    /**
     * Whether {@link #workerVolume} accepts the volume {@code type} without building its sets (which only make the
     * error's message): an entry of that name is usable and the name is available in all the worker's zones.
     */
    private boolean validVolumeType(String type, List<String> zones) {
        boolean usable = false;
        for (VolumeType v : volumeTypes()) {
            usable |= v.name().equals(type) && Boolean.TRUE.equals(v.usable());
        }
        return usable && !unavailableInSomeZone(region, zones, type, AvailabilityZone::unavailableVolumeTypes);
    }

    /** {@code validateKubeletConfig}: kubeReserved below the machine type's capacity. */
    private List<FieldError> kubeReserved(String path, String machineType, KubeletConfig kubelet) {
        if (kubelet == null) {
            return List.of();
        }
        Quantity cpu = Quantity.zero();
        Quantity memory = Quantity.zero();
        KubeletConfigReserved reserved = kubelet.kubeReserved();
        if (reserved != null && reserved.cpu() != null) {
            cpu = cpu.add(reserved.cpu());
        }
        if (reserved != null && reserved.memory() != null) {
            memory = memory.add(reserved.memory());
        }
        List<FieldError> errs = new ArrayList<>();
        for (MachineType t : machineTypes()) {
            if (!t.name().equals(machineType)) {
                continue;
            }
            if (t.cpu() != null && cpu.compareTo(t.cpu()) >= 0) {
                errs.add(FieldError.invalid(
                        path,
                        "kubeReserved CPU: " + cpu,
                        "total reserved CPU (kubeReserved) cannot " + "be more than the Node's CPU capacity '" + t.cpu()
                                + "'"));
            }
            if (t.memory() != null && memory.compareTo(t.memory()) >= 0) {
                errs.add(FieldError.invalid(
                        path,
                        "kubeReserved memory: " + memory,
                        "total reserved memory (kubeReserved) " + "cannot be more than the Node's memory capacity '"
                                + t.memory() + "'"));
            }
        }
        return errs;
    }

    /** {@code validateZones}. */
    private List<FieldError> zones(String region, String oldRegion, Worker worker, Worker oldWorker, String path) {
        if (region.equals(oldRegion) && Objects.equals(worker.zones(), oldWorker.zones())) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        Set<String> used = new HashSet<>();
        List<String> zones = list(worker.zones());
        for (int j = 0; j < zones.size(); j++) {
            String zone = zones.get(j);
            String zonePath = path + ".zones[" + j + "]";
            List<String> valid = new ArrayList<>();
            boolean ok = false;
            for (Region r : regions()) {
                if (r.name().equals(region)) {
                    for (AvailabilityZone z : r.zones() == null ? List.<AvailabilityZone>of() : r.zones()) {
                        valid.add(z.name());
                        if (z.name().equals(zone)) {
                            ok = true;
                            break;
                        }
                    }
                    break;
                }
            }
            if (!ok) {
                errs.add(
                        valid.isEmpty()
                                ? FieldError.invalid(
                                        zonePath,
                                        region,
                                        "this region does not support availability zones, please do not configure them")
                                : FieldError.notSupported(zonePath, zone, valid));
            }
            if (!used.add(zone)) {
                errs.add(FieldError.duplicate(zonePath, zone));
            }
        }
        return errs;
    }

    // ---- lookups

    private boolean unavailableInSomeZone(
            String region, List<String> zones, String name, Function<AvailabilityZone, List<String>> unavailable) {
        for (Region r : regions()) {
            if (!r.name().equals(region)) {
                continue;
            }
            for (String zoneName : zones) {
                for (AvailabilityZone z : r.zones() == null ? List.<AvailabilityZone>of() : r.zones()) {
                    if (z.name().equals(zoneName)
                            && unavailable.apply(z) != null
                            && unavailable.apply(z).contains(name)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    MachineImageVersion findImageVersion(String name, String version) {
        for (MachineImage mi : machineImages()) {
            if (mi.name().equals(name)) {
                for (MachineImageVersion v : mi.versions() == null ? List.<MachineImageVersion>of() : mi.versions()) {
                    if (v.expirableVersion().version().equals(version)) {
                        return v;
                    }
                }
            }
        }
        return null;
    }

    private MachineType findMachineType(String name) {
        return machineTypes().stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElse(null);
    }

    private List<ExpirableVersion> kubernetesVersions() {
        return profile.kubernetes() == null || profile.kubernetes().versions() == null
                ? List.of()
                : profile.kubernetes().versions();
    }

    private List<Region> regions() {
        return profile.regions() == null ? List.of() : profile.regions();
    }

    private List<MachineType> machineTypes() {
        return profile.machineTypes() == null ? List.of() : profile.machineTypes();
    }

    private List<MachineImage> machineImages() {
        return profile.machineImages() == null ? List.of() : profile.machineImages();
    }

    private List<VolumeType> volumeTypes() {
        return profile.volumeTypes() == null ? List.of() : profile.volumeTypes();
    }

    private List<CapabilityDefinition> capabilityDefinitions() {
        return profile.machineCapabilities() == null ? List.of() : profile.machineCapabilities();
    }

    // ---- small helpers

    /** The old spec's worker pool of that name, or null (a new pool). */
    static Worker oldWorker(ShootSpec old, String name) {
        for (Worker w : ShootTrees.workers(old)) {
            if (text(w.name()).equals(name)) {
                return w;
            }
        }
        return null;
    }

    /** A worker's machine, Go's zero Machine where unset. */
    private static Machine machine(Worker worker) {
        return worker.machine() == null ? EMPTY_MACHINE : worker.machine();
    }

    private static String machineType(Worker worker) {
        return text(machine(worker).type());
    }

    /** {@code worker.kubernetes.version}, or null. */
    private static String workerVersion(Worker worker) {
        return worker.kubernetes() == null ? null : worker.kubernetes().version();
    }

    /** {@code versionutils.CompareVersions(a, "<", b)}, false when it cannot compare. */
    private static boolean lessThan(String a, String b) {
        try {
            return GoSemver.compareVersions(a, "<", b);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String goMap(java.util.Map<String, List<String>> map) {
        StringBuilder sb = new StringBuilder("map[");
        if (map != null) {
            List<String> parts = new ArrayList<>();
            new java.util.TreeMap<>(map).forEach((k, v) -> parts.add(k + ":" + goList(v)));
            sb.append(String.join(" ", parts));
        }
        return sb.append("]").toString();
    }
}
