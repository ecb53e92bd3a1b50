package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.ControlPlane;
import cloud.gardener.apiserver.api.core.v1beta1.DNS;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.core.v1beta1.Provider;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootCredentialsRotation;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The update rules of {@code ValidateShootSpecUpdate} and {@code ValidateShootHAConfigUpdate}. */
final class ShootUpdateValidation {

    private static final FieldPath SPEC = FieldPath.of("spec");
    private static final String DEFAULT_SCHEDULER = "default-scheduler";

    private final boolean cloudProfileDefaultsApplied;

    ShootUpdateValidation(boolean cloudProfileDefaultsApplied) {
        this.cloudProfileDefaultsApplied = cloudProfileDefaultsApplied;
    }

    List<FieldError> validateSpecUpdate(Shoot shoot, Shoot old) {
        ShootSpec spec = ShootValidator.spec(shoot);
        ShootSpec oldSpec = ShootValidator.spec(old);
        if (ShootValidator.meta(shoot).deletionTimestamp() != null && !spec.equals(oldSpec)) {
            return List.of(FieldError.forbidden(
                    SPEC.toString(),
                    "cannot update shoot spec if deletion timestamp is set. Requested changes: "
                            + changedFields(spec, oldSpec)));
        }
        List<FieldError> errs = new ArrayList<>();
        errs.addAll(ObjectMetaValidation.immutable(
                CoreRules.text(spec.region()), CoreRules.text(oldSpec.region()), SPEC.child("region")));
        errs.addAll(ShootValidator.validateCloudProfileReference(
                spec, CoreRules.text(ShootValidator.kubernetes(spec).version()), SPEC));
        errs.addAll(validateControlPlaneZonesUpdate(
                spec.controlPlane(), oldSpec.controlPlane(), SPEC.child("controlPlane")));
        if (oldSpec.credentialsBindingName() != null
                && CoreRules.text(spec.credentialsBindingName()).isEmpty()) {
            errs.add(
                    FieldError.forbidden(SPEC.child("credentialsBindingName").toString(), "the field cannot be unset"));
        }
        boolean migration = oldSpec.secretBindingName() != null
                && spec.secretBindingName() == null
                && !CoreRules.text(spec.credentialsBindingName()).isEmpty();
        if (!migration && !Objects.equals(spec.secretBindingName(), oldSpec.secretBindingName())) {
            errs.add(FieldError.invalid(
                    SPEC.child("secretBindingName").toString(),
                    spec.secretBindingName(),
                    ObjectMetaValidation.FIELD_IMMUTABLE));
        }
        errs.addAll(validateDnsUpdate(spec.dns(), oldSpec.dns(), spec.seedName() != null, SPEC.child("dns")));
        String version = CoreRules.text(ShootValidator.kubernetes(spec).version());
        String oldVersion = CoreRules.text(ShootValidator.kubernetes(oldSpec).version());
        errs.addAll(validateVersionUpdate(version, oldVersion, false, SPEC.child("kubernetes", "version")));

        Provider provider = ShootValidator.provider(spec);
        Provider oldProvider = ShootValidator.provider(oldSpec);
        List<Worker> workers = provider.workers() == null ? List.of() : provider.workers();
        List<Worker> oldWorkers = oldProvider.workers() == null ? List.of() : oldProvider.workers();
        FieldPath workersPath = SPEC.child("provider", "workers");
        if (!oldWorkers.isEmpty() && workers.isEmpty()) {
            errs.add(FieldError.forbidden(
                    workersPath.toString(), "cannot switch from a Shoot with workers to a workerless Shoot"));
            return errs;
        }
        if (oldWorkers.isEmpty() && !workers.isEmpty()) {
            errs.add(FieldError.forbidden(
                    workersPath.toString(), "cannot switch from a workerless Shoot to a Shoot with workers"));
            return errs;
        }
        errs.addAll(validateProviderUpdate(provider, oldProvider, SPEC.child("provider")));
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            Worker oldWorker = oldWorkers.stream()
                    .filter(o -> Objects.equals(o.name(), w.name()))
                    .findFirst()
                    .orElse(w);
            String oldWorkerVersion =
                    oldWorker.kubernetes() != null && oldWorker.kubernetes().version() != null
                            ? oldWorker.kubernetes().version()
                            : oldVersion;
            String newWorkerVersion = w.kubernetes() != null && w.kubernetes().version() != null
                    ? w.kubernetes().version()
                    : version;
            FieldPath idx = workersPath.index(i);
            boolean inPlace = WorkerValidation.isInPlace(w.updateStrategy());
            errs.addAll(validateVersionUpdate(
                    newWorkerVersion, oldWorkerVersion, !inPlace, idx.child("kubernetes", "version")));
            if (inPlace) {
                errs.addAll(validateImageVersionInPlaceUpdate(w, oldWorker, idx.child("machine", "image", "version")));
            }
        }
        errs.addAll(validateNetworkingUpdate(spec.networking(), oldSpec.networking(), SPEC.child("networking")));
        if (!Objects.equals(spec.schedulerName(), oldSpec.schedulerName())
                && (oldSpec.schedulerName() != null
                        || !DEFAULT_SCHEDULER.equals(CoreRules.text(spec.schedulerName())))) {
            errs.add(FieldError.invalid(
                    SPEC.child("schedulerName").toString(), spec.schedulerName(), "field is immutable"));
        }
        return errs;
    }

    /** {@code ValidateKubernetesVersionUpdate}: no downgrade and (unless allowed) no skipped minor version. */
    private List<FieldError> validateVersionUpdate(
            String version, String oldVersion, boolean skipMinorAllowed, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (version.isEmpty()) {
            if (cloudProfileDefaultsApplied) {
                errs.add(FieldError.invalid(
                        path.toString(), version, "cannot validate kubernetes version upgrade because it is unset"));
            }
            return errs;
        }
        if (oldVersion.isEmpty() && !cloudProfileDefaultsApplied) {
            return errs; // the stored object predates a version; nothing to compare with
        }
        errs.addAll(KubernetesVersionUpdate.validateSet(version, oldVersion, skipMinorAllowed, path));
        return errs;
    }

    private static List<FieldError> validateImageVersionInPlaceUpdate(Worker worker, Worker old, FieldPath path) {
        var image = worker.machine() == null ? null : worker.machine().image();
        var oldImage = old.machine() == null ? null : old.machine().image();
        String version = image == null ? "" : CoreRules.text(image.version());
        String oldVersion = oldImage == null ? "" : CoreRules.text(oldImage.version());
        if (version.isEmpty()) {
            return List.of(FieldError.invalid(
                    path.toString(),
                    image == null
                            ? GoValue.NULL
                            : new GoValue("core.ShootMachineImage{Name:\"" + CoreRules.text(image.name())
                                    + "\", ProviderConfig:(*runtime.RawExtension)(nil), Version:\"\"}"),
                    "cannot validate machine image version upgrade because it is unset"));
        }
        try {
            if (GoSemver.compareVersions(version, "<", oldVersion)) {
                return List.of(FieldError.forbidden(
                        path.toString(),
                        "machine image version downgrade is not supported when "
                                + "the update strategy is AutoInPlaceUpdate or ManualInPlaceUpdate"));
            }
        } catch (IllegalArgumentException e) {
            return List.of(FieldError.invalid(path.toString(), version, e.getMessage()));
        }
        return List.of();
    }

    /** {@code ValidateProviderUpdate}: type immutable, update strategies and in-place constraints. */
    private static List<FieldError> validateProviderUpdate(Provider provider, Provider old, FieldPath path) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.immutable(
                CoreRules.text(provider.type()), CoreRules.text(old.type()), path.child("type")));
        List<Worker> workers = provider.workers() == null ? List.of() : provider.workers();
        List<Worker> oldWorkers = old.workers() == null ? List.of() : old.workers();
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            FieldPath idx = path.child("workers").index(i);
            Worker o = oldWorkers.stream()
                    .filter(x -> Objects.equals(x.name(), w.name()))
                    .findFirst()
                    .orElse(null);
            if (o == null) {
                continue;
            }
            boolean newInPlace = WorkerValidation.isInPlace(w.updateStrategy());
            boolean oldInPlace = WorkerValidation.isInPlace(o.updateStrategy());
            if (oldInPlace && !newInPlace) {
                errs.add(
                        FieldError.invalid(
                                idx.child("updateStrategy").toString(),
                                w.updateStrategy(),
                                "update strategy cannot be changed from AutoInPlaceUpdate/ManualInPlaceUpdate to AutoRollingUpdate"));
            }
            if (!oldInPlace && newInPlace) {
                errs.add(
                        FieldError.invalid(
                                idx.child("updateStrategy").toString(),
                                w.updateStrategy(),
                                "update strategy cannot be changed from AutoRollingUpdate to AutoInPlaceUpdate/ManualInPlaceUpdate"));
            }
            if (Objects.equals(o.updateStrategy(), w.updateStrategy()) && newInPlace) {
                String type =
                        w.machine() == null ? "" : CoreRules.text(w.machine().type());
                String oldType =
                        o.machine() == null ? "" : CoreRules.text(o.machine().type());
                if (!type.equals(oldType)) {
                    errs.add(
                            FieldError.invalid(
                                    idx.child("machine", "type").toString(),
                                    type,
                                    "machine type cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"));
                }
                var image = w.machine() == null ? null : w.machine().image();
                var oldImage = o.machine() == null ? null : o.machine().image();
                if (image != null && oldImage != null && !Objects.equals(image.name(), oldImage.name())) {
                    errs.add(
                            FieldError.invalid(
                                    idx.child("machine", "image", "name").toString(),
                                    CoreRules.text(image.name()),
                                    "machine image name cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"));
                }
                if (w.cri() != null
                        && o.cri() != null
                        && !Objects.equals(w.cri().name(), o.cri().name())) {
                    errs.add(FieldError.invalid(
                            idx.child("cri", "name").toString(),
                            CoreRules.text(w.cri().name()),
                            "CRI name cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"));
                }
                if (!Objects.equals(w.volume(), o.volume())) {
                    errs.add(FieldError.invalid(
                            idx.child("volume").toString(),
                            new GoValue("&core.Volume{...}"),
                            "volume cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"));
                }
            }
            if (o.controlPlane() != null && o.controlPlane().backup() != null) {
                var oldBackup = o.controlPlane().backup();
                var backup = w.controlPlane() == null ? null : w.controlPlane().backup();
                if (backup != null) {
                    errs.addAll(ObjectMetaValidation.immutable(
                            CoreRules.text(backup.provider()),
                            CoreRules.text(oldBackup.provider()),
                            idx.child("controlPlane", "backup", "provider")));
                    errs.addAll(ObjectMetaValidation.immutable(
                            backup.region(), oldBackup.region(), idx.child("controlPlane", "backup", "region")));
                } else {
                    errs.add(FieldError.invalid(
                            idx.child("controlPlane", "backup").toString(),
                            GoValue.NULL,
                            ObjectMetaValidation.FIELD_IMMUTABLE));
                }
            }
        }
        boolean selfHosted = WorkerValidation.isSelfHosted(workers);
        if (WorkerValidation.isSelfHosted(oldWorkers) != selfHosted) {
            errs.add(FieldError.forbidden(
                    path.child("workers").toString(), "cannot switch a Shoot between self-hosted and hosted mode"));
        } else if (selfHosted) {
            String oldPool = oldWorkers.stream()
                    .filter(w -> w.controlPlane() != null)
                    .map(Worker::name)
                    .findFirst()
                    .orElse("");
            String pool = workers.stream()
                    .filter(w -> w.controlPlane() != null)
                    .map(Worker::name)
                    .findFirst()
                    .orElse("");
            if (!oldPool.equals(pool)) {
                errs.add(FieldError.forbidden(
                        path.child("workers").toString(), "cannot change control plane worker pool"));
            }
        }
        return errs;
    }

    private static List<FieldError> validateDnsUpdate(DNS dns, DNS old, boolean seedAssigned, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (old != null && dns == null) {
            errs.add(FieldError.invalid(path.toString(), GoValue.NULL, ObjectMetaValidation.FIELD_IMMUTABLE));
        }
        if (dns != null && old != null) {
            if (old.domain() != null && !Objects.equals(dns.domain(), old.domain())) {
                errs.addAll(ObjectMetaValidation.immutable(dns.domain(), old.domain(), path.child("domain")));
            }
            if (seedAssigned) {
                DNSProvider primaryOld = primary(old);
                DNSProvider primaryNew = primary(dns);
                if (primaryOld != null && primaryNew == null) {
                    errs.add(FieldError.forbidden(
                            path.child("providers").toString(), "removing a primary provider is not allowed"));
                }
                if (primaryOld != null
                        && primaryOld.type() != null
                        && primaryNew != null
                        && primaryNew.type() == null) {
                    errs.add(FieldError.forbidden(
                            path.child("providers").toString(), "removing the primary provider type is not allowed"));
                }
                if (primaryOld != null
                        && primaryOld.type() != null
                        && primaryNew != null
                        && primaryNew.type() != null
                        && !primaryOld.type().equals(primaryNew.type())) {
                    errs.add(FieldError.forbidden(
                            path.child("providers").toString(), "changing primary provider type is not allowed"));
                }
            }
        }
        return errs;
    }

    private static DNSProvider primary(DNS dns) {
        return dns.providers() == null
                ? null
                : dns.providers().stream()
                        .filter(p -> Boolean.TRUE.equals(p.primary()))
                        .findFirst()
                        .orElse(null);
    }

    private static List<FieldError> validateNetworkingUpdate(Networking networking, Networking old, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (old == null) {
            return errs;
        }
        if (networking == null) {
            errs.add(FieldError.forbidden(path.toString(), "networking cannot be set to nil if it's already set"));
            return errs;
        }
        errs.addAll(ObjectMetaValidation.immutable(networking.type(), old.type(), path.child("type")));
        if (old.pods() != null) {
            errs.addAll(ObjectMetaValidation.immutable(networking.pods(), old.pods(), path.child("pods")));
        }
        if (old.services() != null) {
            errs.addAll(ObjectMetaValidation.immutable(networking.services(), old.services(), path.child("services")));
        }
        List<String> families = networking.ipFamilies() == null ? List.of() : networking.ipFamilies();
        List<String> oldFamilies = old.ipFamilies() == null ? List.of() : old.ipFamilies();
        boolean toDualStack = oldFamilies.equals(List.of("IPv4")) && families.equals(List.of("IPv4", "IPv6"));
        boolean toSingleStack = oldFamilies.equals(List.of("IPv4", "IPv6")) && families.equals(List.of("IPv4"));
        if (!toDualStack && !toSingleStack && !families.equals(oldFamilies)) {
            errs.add(FieldError.forbidden(
                    path.child("ipFamilies").toString(),
                    "unsupported IP family update: oldIPFamilies=" + goList(oldFamilies) + ", newIPFamilies="
                            + goList(families)));
        }
        return errs;
    }

    private static List<FieldError> validateControlPlaneZonesUpdate(
            ControlPlane controlPlane, ControlPlane old, FieldPath path) {
        List<String> zones = controlPlane == null || controlPlane.zones() == null ? List.of() : controlPlane.zones();
        List<String> oldZones = old == null || old.zones() == null ? List.of() : old.zones();
        if (zones.equals(oldZones) || zones.isEmpty()) {
            return List.of();
        }
        boolean oldZoneHa = isZoneTolerance(old);
        boolean newZoneHa = isZoneTolerance(controlPlane);
        if (!oldZoneHa && newZoneHa && !oldZones.isEmpty()) {
            return zones.containsAll(oldZones)
                    ? List.of()
                    : List.of(FieldError.forbidden(
                            path.child("zones").toString(),
                            "existing zones cannot be removed when expanding for zone failure tolerance upgrade"));
        }
        return List.of(FieldError.forbidden(path.child("zones").toString(), "field is immutable"));
    }

    private static boolean isZoneTolerance(ControlPlane controlPlane) {
        return controlPlane != null
                && controlPlane.highAvailability() != null
                && controlPlane.highAvailability().failureTolerance() != null
                && "zone"
                        .equals(controlPlane
                                .highAvailability()
                                .failureTolerance()
                                .type());
    }

    /** {@code validateShootHAControlPlaneSpecUpdate}: no scale-up to HA while hibernated; type fixed once scheduled. */
    static List<FieldError> validateHighAvailabilityUpdate(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>();
        ShootSpec spec = ShootValidator.spec(shoot);
        ShootSpec oldSpec = ShootValidator.spec(old);
        FieldPath path = FieldPath.of("spec.controlPlane").child("highAvailability", "failureTolerance", "type");
        boolean oldExists =
                oldSpec.controlPlane() != null && oldSpec.controlPlane().highAvailability() != null;
        String oldValue = oldExists ? toleranceType(oldSpec.controlPlane()) : "";
        String newValue = "";
        if (spec.controlPlane() != null && spec.controlPlane().highAvailability() != null) {
            newValue = toleranceType(spec.controlPlane());
            boolean hibernated = (spec.hibernation() != null
                            && Boolean.TRUE.equals(spec.hibernation().enabled()))
                    || (shoot.status() != null && shoot.status().hibernated());
            if (!oldExists && hibernated) {
                errs.add(FieldError.forbidden(
                        path.toString(),
                        "Shoot is currently hibernated and cannot be scaled up to HA. "
                                + "Please make sure your cluster has woken up before scaling it up to HA"));
            }
        }
        if (oldExists && spec.seedName() != null) {
            errs.addAll(ObjectMetaValidation.immutable(newValue, oldValue, path));
        }
        return errs;
    }

    private static String toleranceType(ControlPlane controlPlane) {
        var tolerance = controlPlane.highAvailability().failureTolerance();
        return tolerance == null ? "" : CoreRules.text(tolerance.type());
    }

    private static String goList(List<String> values) {
        return "[" + String.join(" ", values) + "]";
    }

    /** The top-level spec fields that differ (Go lists every differing leaf; field names suffice to explain). */
    private static String changedFields(ShootSpec spec, ShootSpec old) {
        List<String> changed = new ArrayList<>();
        for (var component : ShootSpec.class.getRecordComponents()) {
            try {
                Object a = component.getAccessor().invoke(spec);
                Object b = component.getAccessor().invoke(old);
                if (!Objects.equals(a, b)) {
                    changed.add(Character.toUpperCase(component.getName().charAt(0))
                            + component.getName().substring(1) + ": changed");
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(",", changed);
    }

    /**
     * {@code validateHibernationUpdate}: a shoot is not sent to hibernation while its etcd encryption key or service
     * account key rotation is mid-way, or while an encryption configuration change rolls out.
     */
    static List<FieldError> validateHibernationUpdate(Shoot shoot, Shoot old) {
        List<FieldError> errs = new ArrayList<>();
        if (hibernationEnabled(ShootValidator.spec(old)) || !hibernationEnabled(ShootValidator.spec(shoot))) {
            return errs;
        }
        String path = SPEC.child("hibernation", "enabled").toString();
        ShootCredentialsRotation rotation =
                shoot.status() == null || shoot.status().credentials() == null
                        ? null
                        : shoot.status().credentials().rotation();
        if (rotation != null && rotation.etcdEncryptionKey() != null) {
            String phase = CoreRules.text(rotation.etcdEncryptionKey().phase());
            if (phase.equals("Preparing") || phase.equals("Completing")) {
                errs.add(FieldError.forbidden(
                        path,
                        "shoot cannot be hibernated when "
                                + ".status.credentials.rotation.etcdEncryptionKey.phase is \"" + phase + "\""));
            }
        }
        if (rotation != null && rotation.serviceAccountKey() != null) {
            String phase = CoreRules.text(rotation.serviceAccountKey().phase());
            if (List.of("Preparing", "PreparingWithoutWorkersRollout", "Completing")
                    .contains(phase)) {
                errs.add(FieldError.forbidden(
                        path,
                        "shoot cannot be hibernated when "
                                + ".status.credentials.rotation.serviceAccountKey.phase is \"" + phase + "\""));
            }
        }
        if (!ShootOperations.resourcesToEncrypt(ShootValidator.spec(old))
                .equals(ShootOperations.encryptedResources(old.status()))) {
            errs.add(FieldError.forbidden(
                    path,
                    "shoot cannot be hibernated when "
                            + "spec.kubernetes.kubeAPIServer.encryptionConfig.resources and "
                            + "status.credentials.encryptionAtRest.resources are not equal"));
        }
        return errs;
    }

    private static boolean hibernationEnabled(ShootSpec spec) {
        return spec.hibernation() != null
                && Boolean.TRUE.equals(spec.hibernation().enabled());
    }
}
