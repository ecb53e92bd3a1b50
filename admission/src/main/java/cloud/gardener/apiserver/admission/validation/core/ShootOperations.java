package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.core.v1beta1.PendingWorkerUpdates;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootCredentials;
import cloud.gardener.apiserver.api.core.v1beta1.ShootCredentialsRotation;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ShootStatus;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gardener's {@code validateShootOperation} and {@code validateShootOperationContext}: the
 * {@code gardener.cloud/operation} and {@code maintenance.gardener.cloud/operation} annotations hold known operations
 * ({@code ;}-separated), only parallelisable ones together, no incompatible pair, none in both annotations, and each
 * only where the shoot's state allows it (rotations start when the shoot is ready and the previous rotation is
 * completed, complete when it is prepared, not while hibernated or while an encryption change rolls out).
 */
public final class ShootOperations {

    public static final String OPERATION = "gardener.cloud/operation";
    public static final String MAINTENANCE_OPERATION = "maintenance.gardener.cloud/operation";

    static final String RECONCILE = "reconcile";
    static final String MAINTAIN = "maintain";
    static final String RETRY = "retry";
    static final String FORCE_IN_PLACE_UPDATE = "force-in-place-update";
    static final String CREDENTIALS_START = "rotate-credentials-start";
    static final String CREDENTIALS_START_WITHOUT_ROLLOUT = "rotate-credentials-start-without-workers-rollout";
    static final String CREDENTIALS_COMPLETE = "rotate-credentials-complete";
    static final String SSH_KEYPAIR = "rotate-ssh-keypair";
    static final String CA_START = "rotate-ca-start";
    static final String CA_START_WITHOUT_ROLLOUT = "rotate-ca-start-without-workers-rollout";
    static final String CA_COMPLETE = "rotate-ca-complete";
    static final String OBSERVABILITY = "rotate-observability-credentials";
    static final String SA_KEY_START = "rotate-serviceaccount-key-start";
    static final String SA_KEY_START_WITHOUT_ROLLOUT = "rotate-serviceaccount-key-start-without-workers-rollout";
    static final String SA_KEY_COMPLETE = "rotate-serviceaccount-key-complete";
    static final String ETCD_KEY = "rotate-etcd-encryption-key";
    static final String ETCD_KEY_START = "rotate-etcd-encryption-key-start";
    static final String ETCD_KEY_COMPLETE = "rotate-etcd-encryption-key-complete";
    static final String ROTATE_ROLLOUT_WORKERS = "rotate-rollout-workers";
    static final String ROLLOUT_WORKERS = "rollout-workers";

    /** {@code forbiddenShootOperationsWhenHibernated}. */
    static final Set<String> FORBIDDEN_WHEN_HIBERNATED = Set.of(
            CREDENTIALS_START,
            CREDENTIALS_START_WITHOUT_ROLLOUT,
            CREDENTIALS_COMPLETE,
            ETCD_KEY,
            ETCD_KEY_START,
            ETCD_KEY_COMPLETE,
            SA_KEY_START,
            SA_KEY_START_WITHOUT_ROLLOUT,
            SA_KEY_COMPLETE);
    /** {@code availableShootMaintenanceOperations}, which are also the ones that may run in parallel. */
    private static final Set<String> PARALLEL = union(
            FORBIDDEN_WHEN_HIBERNATED,
            Set.of(
                    RECONCILE,
                    CA_START,
                    CA_START_WITHOUT_ROLLOUT,
                    CA_COMPLETE,
                    OBSERVABILITY,
                    SSH_KEYPAIR,
                    ROTATE_ROLLOUT_WORKERS,
                    ROLLOUT_WORKERS));
    /** {@code availableShootOperations}, sorted as {@code sets.List} lists them. */
    static final List<String> AVAILABLE =
            List.copyOf(new TreeSet<>(union(PARALLEL, Set.of(MAINTAIN, RETRY, FORCE_IN_PLACE_UPDATE))));

    private static final Set<String> FORBIDDEN_FROM_134 = Set.of(ETCD_KEY_START, ETCD_KEY_COMPLETE);
    private static final Set<String> FORBIDDEN_WHILE_ENCRYPTION_ROLLS_OUT =
            Set.of(CREDENTIALS_START, ETCD_KEY, ETCD_KEY_START);
    /** {@code incompatibleShootOperations}, in Gardener's order (the order shows in messages). */
    private static final Map<String, List<String>> INCOMPATIBLE = incompatible();

    private static final List<String> COVERED_BY_CREDENTIALS_START = List.of(
            CA_START, CA_START_WITHOUT_ROLLOUT, SA_KEY_START, SA_KEY_START_WITHOUT_ROLLOUT, ETCD_KEY, ETCD_KEY_START);
    private static final List<String> COVERED_BY_CREDENTIALS_COMPLETE =
            List.of(CA_COMPLETE, SA_KEY_COMPLETE, ETCD_KEY_COMPLETE);
    private static final String WAITING_FOR_WORKERS_ROLLOUT = "WaitingForWorkersRollout";

    private ShootOperations() {}

    private static Map<String, List<String>> incompatible() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put(
                CREDENTIALS_START,
                List.of(CA_START_WITHOUT_ROLLOUT, SA_KEY_START_WITHOUT_ROLLOUT, CREDENTIALS_START_WITHOUT_ROLLOUT));
        m.put(CREDENTIALS_START_WITHOUT_ROLLOUT, List.of(CA_START, SA_KEY_START));
        m.put(CA_START, List.of(CA_START_WITHOUT_ROLLOUT));
        m.put(SA_KEY_START, List.of(SA_KEY_START_WITHOUT_ROLLOUT));
        m.put(ETCD_KEY, List.of(ETCD_KEY_START));
        return Map.copyOf(m);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> s = new HashSet<>(a);
        s.addAll(b);
        return Set.copyOf(s);
    }

    /** {@code GetShootGardenerOperations}/{@code GetShootMaintenanceOperations}: split at {@code ;}, trimmed. */
    static List<String> operations(Map<String, String> annotations, String key) {
        String value = annotations == null ? null : annotations.get(key);
        List<String> out = new ArrayList<>();
        if (value == null || value.isEmpty()) {
            return out;
        }
        for (String op : value.split(";", -1)) {
            out.add(op.trim());
        }
        return out;
    }

    private static boolean rollout(String op) {
        return op.startsWith(ROTATE_ROLLOUT_WORKERS) || op.startsWith(ROLLOUT_WORKERS);
    }

    /** {@code validateShootOperation} at {@code metadata.annotations}. */
    static List<FieldError> validate(Shoot shoot, FieldPath path) {
        Map<String, String> annotations = ShootValidator.meta(shoot).annotations();
        List<String> operations = operations(annotations, OPERATION);
        List<String> maintenance = operations(annotations, MAINTENANCE_OPERATION);
        List<FieldError> errs = new ArrayList<>();
        if (operations.isEmpty() && maintenance.isEmpty()) {
            return errs;
        }
        String opPath = path.key(OPERATION).toString();
        String maintPath = path.key(MAINTENANCE_OPERATION).toString();
        ShootSpec spec = ShootValidator.spec(shoot);
        List<Worker> workers = workers(spec);
        boolean unmanagedSelfHosted = WorkerValidation.isSelfHosted(workers)
                && spec.credentialsBindingName() == null
                && spec.secretBindingName() == null;

        FieldError first = firstUnsupported(operations, opPath, unmanagedSelfHosted);
        if (first == null) {
            first = firstUnsupported(maintenance, maintPath, unmanagedSelfHosted);
        }
        if (first != null) {
            errs.add(first);
            return errs;
        }

        ShootStatus status = shoot.status();
        boolean below134 =
                GoSemver.below(CoreRules.text(ShootValidator.kubernetes(spec).version()), 1, 34);
        boolean hibernated = inHibernation(shoot);
        boolean encryptionRollingOut = !encryptedResources(status).equals(resourcesToEncrypt(spec));
        Set<String> operationSet = new HashSet<>(operations);
        Set<String> maintenanceSet = new HashSet<>(maintenance);

        if (maintenance.stream().anyMatch(operationSet::contains)) {
            errs.add(FieldError.forbidden(
                    path.toString(),
                    "annotations " + opPath + " and " + maintPath + " must not have any equal operations"));
        }
        checkEach(operations, operationSet, opPath, opPath, "", below134, hibernated, encryptionRollingOut, errs);
        // Gardener reports the 1.34 rule of maintenance operations at the operation annotation's path
        checkEach(
                maintenance,
                maintenanceSet,
                opPath,
                maintPath,
                " maintenance",
                below134,
                hibernated,
                encryptionRollingOut,
                errs);

        for (String op : maintenance) {
            List<String> covered = coveredBy(op);
            List<String> both =
                    covered.stream().filter(operationSet::contains).sorted().toList();
            if (!both.isEmpty()) {
                errs.add(FieldError.forbidden(
                        opPath,
                        "operation '" + String.join(", ", both) + "' is not permitted when maintenance operation is '"
                                + op + "'"));
            }
        }
        for (String op : operations) {
            List<String> covered = coveredBy(op);
            List<String> both =
                    covered.stream().filter(maintenanceSet::contains).sorted().toList();
            if (!both.isEmpty()) {
                errs.add(FieldError.forbidden(
                        opPath,
                        "operation '" + op + "' is not permitted when maintenance operation is '"
                                + String.join(", ", both) + "'"));
            }
        }

        for (String op : operations) {
            errs.addAll(validateContext(op, shoot, opPath));
        }
        // A shoot in deletion gets no maintenance; a stale maintenance annotation must not block metadata changes.
        if (ShootValidator.meta(shoot).deletionTimestamp() == null) {
            for (String op : maintenance) {
                errs.addAll(validateContext(op, shoot, maintPath));
            }
        }
        return errs;
    }

    /** The first unknown, non-parallel or (for unmanaged self-hosted shoots) rollout operation, or null. */
    private static FieldError firstUnsupported(List<String> operations, String path, boolean unmanagedSelfHosted) {
        for (String op : operations) {
            if (!AVAILABLE.contains(op) && !rollout(op)) {
                return FieldError.notSupported(path, op, AVAILABLE);
            } else if (operations.size() > 1 && !PARALLEL.contains(op) && !rollout(op)) {
                return FieldError.forbidden(
                        path, "operation '" + op + "' is not permitted to be run in parallel with other operations");
            } else if (unmanagedSelfHosted && rollout(op)) {
                return FieldError.forbidden(
                        path,
                        "operation '" + op
                                + "' is not permitted for self-hosted shoot clusters with unmanaged infrastructure");
            }
        }
        return null;
    }

    /** The per-operation rules of one annotation: Kubernetes 1.34, incompatible pairs, hibernation, encryption. */
    private static void checkEach(
            List<String> operations,
            Set<String> set,
            String versionPath,
            String path,
            String kind,
            boolean below134,
            boolean hibernated,
            boolean encryptionRollingOut,
            List<FieldError> errs) {
        for (String op : operations) {
            if (FORBIDDEN_FROM_134.contains(op) && !below134) {
                errs.add(FieldError.forbidden(
                        versionPath,
                        "for Kubernetes versions >= 1.34, operation '" + op + "' is "
                                + "no longer supported, please use 'rotate-etcd-encryption-key' instead, which performs a "
                                + "complete etcd encryption key rotation"));
            }
            List<String> forbidden = INCOMPATIBLE.get(op);
            if (forbidden != null && forbidden.stream().anyMatch(set::contains)) {
                errs.add(FieldError.forbidden(
                        path,
                        "operation '" + op + "' is not permitted to be run together with "
                                + String.join(", ", forbidden) + kind + " operations"));
            }
            if (hibernated && (FORBIDDEN_WHEN_HIBERNATED.contains(op) || rollout(op))) {
                errs.add(FieldError.forbidden(
                        path, "operation '" + op + "' is not permitted when shoot is hibernated or is waking up"));
            }
            if (encryptionRollingOut && FORBIDDEN_WHILE_ENCRYPTION_ROLLS_OUT.contains(op)) {
                errs.add(FieldError.forbidden(
                        path,
                        "operation '" + op + "' is not permitted because a previous "
                                + "encryption configuration change is currently being rolled out"));
            }
        }
    }

    /** The single rotations a rotation of all credentials already performs. */
    private static List<String> coveredBy(String op) {
        return switch (op) {
            case CREDENTIALS_START, CREDENTIALS_START_WITHOUT_ROLLOUT -> COVERED_BY_CREDENTIALS_START;
            case CREDENTIALS_COMPLETE -> COVERED_BY_CREDENTIALS_COMPLETE;
            default -> List.of();
        };
    }

    /** {@code validateShootOperationContext}. */
    private static List<FieldError> validateContext(String op, Shoot shoot, String path) {
        List<FieldError> errs = new ArrayList<>();
        RotationRules r = new RotationRules(errs, path);
        ShootStatus status = shoot.status();
        Phases p = Phases.of(status == null ? null : status.credentials());
        boolean ready = readyForRotationStart(status == null ? null : status.lastOperation());
        boolean below134 = GoSemver.below(
                CoreRules.text(
                        ShootValidator.kubernetes(ShootValidator.spec(shoot)).version()),
                1,
                34);
        switch (op) {
            case CREDENTIALS_START, CREDENTIALS_START_WITHOUT_ROLLOUT -> {
                r.forbidIf(
                        !ready,
                        "cannot start rotation of all credentials if shoot was not yet created successfully "
                                + "or is not ready for reconciliation");
                r.requireCompleted("rotation of all credentials", "certificateAuthorities", p.ca());
                r.requireCompleted("rotation of all credentials", "serviceAccountKey", p.serviceAccountKey());
                r.requireCompleted("rotation of all credentials", "etcdEncryptionKey", p.etcdKey());
                pendingWorkerUpdates(status, "rotation of all credentials", r);
            }
            case CREDENTIALS_COMPLETE -> {
                r.requirePrepared("rotation of all credentials", "certificateAuthorities", p.ca());
                r.requirePrepared("rotation of all credentials", "serviceAccountKey", p.serviceAccountKey());
                r.requirePrepared(below134, "rotation of all credentials", "etcdEncryptionKey", p.etcdKey());
            }
            case CA_START, CA_START_WITHOUT_ROLLOUT -> {
                r.forbidIf(
                        !ready,
                        "cannot start CA rotation if shoot was not yet created successfully or is not ready "
                                + "for reconciliation");
                r.requireCompleted("CA rotation", "certificateAuthorities", p.ca());
                pendingWorkerUpdates(status, "CA rotation", r);
            }
            case CA_COMPLETE -> r.requirePrepared("CA rotation", "certificateAuthorities", p.ca());
            case SA_KEY_START, SA_KEY_START_WITHOUT_ROLLOUT -> {
                r.forbidIf(
                        !ready,
                        "cannot start service account key rotation if shoot was not yet created "
                                + "successfully or is not ready for reconciliation");
                r.requireCompleted("service account key rotation", "serviceAccountKey", p.serviceAccountKey());
                pendingWorkerUpdates(status, "service account key rotation", r);
            }
            case SA_KEY_COMPLETE ->
                r.requirePrepared("service account key rotation", "serviceAccountKey", p.serviceAccountKey());
            case ETCD_KEY, ETCD_KEY_START -> {
                r.forbidIf(
                        !ready,
                        "cannot start ETCD encryption key rotation if shoot was not yet created "
                                + "successfully or is not ready for reconciliation");
                r.requireCompleted("ETCD encryption key rotation", "etcdEncryptionKey", p.etcdKey());
            }
            case ETCD_KEY_COMPLETE ->
                r.requirePrepared("ETCD encryption key rotation", "etcdEncryptionKey", p.etcdKey());
            default -> {}
        }
        List<Worker> workers = workers(ShootValidator.spec(shoot));
        if (op.startsWith(ROTATE_ROLLOUT_WORKERS)) {
            r.forbidIf(
                    !WAITING_FOR_WORKERS_ROLLOUT.equals(p.ca())
                            && !WAITING_FOR_WORKERS_ROLLOUT.equals(p.serviceAccountKey()),
                    "either "
                            + ".status.credentials.rotation.certificateAuthorities.phase or "
                            + ".status.credentials.rotation.serviceAccountKey.phase must be in 'WaitingForWorkersRollout' in "
                            + "order to trigger workers rollout");
            List<String> pools =
                    List.of(removePrefix(op, ROTATE_ROLLOUT_WORKERS + "=").split(",", -1));
            if (pools.contains("")) {
                errs.add(FieldError.required(
                        path,
                        "must provide at least one pool name via " + ROTATE_ROLLOUT_WORKERS
                                + "=<poolName1>[,<poolName2>,...]"));
            }
            Set<String> seen = new HashSet<>();
            for (String pool : pools) {
                if (!seen.add(pool)) {
                    errs.add(FieldError.duplicate(path, "pool name " + pool + " was specified multiple times"));
                }
                if (workers.stream().noneMatch(w -> pool.equals(w.name()))) {
                    errs.add(FieldError.invalid(
                            path, pool, "worker pool name " + pool + " does not exist in .spec.provider.workers[]"));
                }
            }
        }
        if (op.startsWith(ROLLOUT_WORKERS)) {
            errs.addAll(validateRolloutWorkers(op, workers, path));
        }
        return errs;
    }

    /** {@code validateOperationRolloutWorkers}: {@code rollout-workers=<pool>[,<pool>...]} or {@code =*}. */
    private static List<FieldError> validateRolloutWorkers(String op, List<Worker> workers, String path) {
        List<FieldError> errs = new ArrayList<>();
        List<String> pools = List.of(removePrefix(op, ROLLOUT_WORKERS + "=").split(",", -1));
        if (pools.contains("")) {
            errs.add(FieldError.required(
                    path,
                    "must provide either '*' or at least one pool name via " + ROLLOUT_WORKERS
                            + "=<poolName1>[,<poolName2>,...]"));
        }
        if (pools.size() == 1 && pools.get(0).equals("*")) {
            pools = workers.stream().map(w -> CoreRules.text(w.name())).toList();
        }
        if (pools.contains("*")) {
            errs.add(FieldError.forbidden(path, "if '*' is provided, no other pool names are allowed"));
        }
        Set<String> seen = new HashSet<>();
        for (String pool : pools) {
            if (!seen.add(pool)) {
                errs.add(FieldError.duplicate(path, "pool name " + pool + " was specified multiple times"));
            }
            Worker worker = workers.stream()
                    .filter(w -> pool.equals(w.name()))
                    .findFirst()
                    .orElse(null);
            if (worker == null) {
                errs.add(FieldError.invalid(
                        path, pool, "worker pool name " + pool + " does not exist in .spec.provider.workers[]"));
            } else if (WorkerValidation.isInPlace(worker.updateStrategy())) {
                errs.add(FieldError.invalid(
                        path,
                        pool,
                        "worker pool " + pool + " is using in-place update strategy; "
                                + "manual worker pool rollout is not supported for such pools"));
            }
        }
        return errs;
    }

    /** {@code validatePendingWorkerUpdates}: no rotation starts while in-place updates of pools are pending. */
    private static void pendingWorkerUpdates(ShootStatus status, String operation, RotationRules r) {
        PendingWorkerUpdates pending = status == null || status.inPlaceUpdates() == null
                ? null
                : status.inPlaceUpdates().pendingWorkerUpdates();
        if (pending == null) {
            return;
        }
        String template = "cannot start " + operation + " if status.inPlaceUpdates.pendingWorkerUpdates.";
        r.forbidIf(
                pending.autoInPlaceUpdate() != null
                        && !pending.autoInPlaceUpdate().isEmpty(),
                template + "autoInPlaceUpdate is not empty");
        r.forbidIf(
                pending.manualInPlaceUpdate() != null
                        && !pending.manualInPlaceUpdate().isEmpty(),
                template + "manualInPlaceUpdate is not empty");
    }

    /** {@code strings.TrimPrefix}. */
    private static String removePrefix(String s, String prefix) {
        return s.startsWith(prefix) ? s.substring(prefix.length()) : s;
    }

    /** {@code helper.IsShootInHibernation}: hibernation is wanted, or the shoot is still hibernated (waking up). */
    static boolean inHibernation(Shoot shoot) {
        ShootSpec spec = ShootValidator.spec(shoot);
        boolean wanted = spec.hibernation() != null
                && Boolean.TRUE.equals(spec.hibernation().enabled());
        return wanted || (shoot.status() != null && shoot.status().hibernated());
    }

    /** {@code isShootReadyForRotationStart}: created or restored successfully, or reconciling. */
    static boolean readyForRotationStart(LastOperation lastOperation) {
        if (lastOperation == null) {
            return false;
        }
        String type = CoreRules.text(lastOperation.type());
        boolean succeeded = "Succeeded".equals(lastOperation.state());
        return ((type.equals("Create") || type.equals("Restore")) && succeeded) || type.equals("Reconcile");
    }

    /** The resources {@code status.credentials.encryptionAtRest} reports encrypted. */
    static Set<String> encryptedResources(ShootStatus status) {
        ShootCredentials credentials = status == null ? null : status.credentials();
        if (credentials == null
                || credentials.encryptionAtRest() == null
                || credentials.encryptionAtRest().resources() == null) {
            return Set.of();
        }
        return groupResources(credentials.encryptionAtRest().resources());
    }

    /** {@code getResourcesForEncryption}: the resources the spec wants encrypted. */
    static Set<String> resourcesToEncrypt(ShootSpec spec) {
        KubeAPIServerConfig apiServer = ShootValidator.kubernetes(spec).kubeAPIServer();
        if (apiServer == null
                || apiServer.encryptionConfig() == null
                || apiServer.encryptionConfig().resources() == null) {
            return Set.of();
        }
        return groupResources(apiServer.encryptionConfig().resources());
    }

    /**
     * The resources as {@code schema.ParseGroupResource} reads them ({@code resource.group}, the group being all after
     * the first dot), so that {@code configmaps.} and {@code configmaps} are the same resource.
     */
    private static Set<String> groupResources(List<String> resources) {
        Set<String> out = new HashSet<>();
        for (String r : resources) {
            String value = CoreRules.text(r);
            int dot = value.indexOf('.');
            out.add(dot >= 0 && dot == value.length() - 1 ? value.substring(0, dot) : value);
        }
        return out;
    }

    private static List<Worker> workers(ShootSpec spec) {
        List<Worker> workers = ShootValidator.provider(spec).workers();
        return workers == null ? List.of() : workers;
    }

    /** The phases of the three rotations, "" where there is none (Gardener's {@code helper.GetShoot...Phase}). */
    private record Phases(String ca, String serviceAccountKey, String etcdKey) {

        static Phases of(ShootCredentials credentials) {
            ShootCredentialsRotation r = credentials == null ? null : credentials.rotation();
            if (r == null) {
                return new Phases("", "", "");
            }
            return new Phases(
                    r.certificateAuthorities() == null
                            ? ""
                            : CoreRules.text(r.certificateAuthorities().phase()),
                    r.serviceAccountKey() == null
                            ? ""
                            : CoreRules.text(r.serviceAccountKey().phase()),
                    r.etcdEncryptionKey() == null
                            ? ""
                            : CoreRules.text(r.etcdEncryptionKey().phase()));
        }
    }
}
