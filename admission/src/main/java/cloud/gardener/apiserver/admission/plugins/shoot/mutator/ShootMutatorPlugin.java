package cloud.gardener.apiserver.admission.plugins.shoot.mutator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.shoot.FieldErrors;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.MachineCapabilities;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Machine;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.MaintenanceAutoRotation;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.core.v1beta1.SSHAccess;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootMachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.ShootNetworks;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.core.v1beta1.WorkerKubernetes;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Gardener's ShootMutator ({@code plugin/pkg/shoot/mutator}): on create the {@code gardener.cloud/created-by}
 * annotation, the deployment tasks and the etcd encryption key rotation period; on updates the tasks that changes
 * call for and the needs-retry-operation annotation; on both the Kubernetes versions, worker architectures and
 * machine images defaulted from the CloudProfile and the networks from the seed's shoot defaults. Defaulting
 * errors are one 403.
 */
public final class ShootMutatorPlugin extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ShootMutator";
    static final String CREATED_BY = "gardener.cloud/created-by";
    static final String TASKS = "shoot.gardener.cloud/tasks";
    static final String NEEDS_RETRY = "maintenance.shoot.gardener.cloud/needs-retry-operation";
    static final String DEPLOY_INFRASTRUCTURE = "deployInfrastructure";
    static final List<String> DEPLOY_DNS_RECORDS =
            List.of("deployDNSRecordInternal", "deployDNSRecordExternal", "deployDNSRecordIngress");
    static final String ETCD_KEY_ROTATION_PERIOD = "672h0m0s";
    private static final List<String> INFRASTRUCTURE_OPERATIONS = List.of(
            "rotate-ssh-keypair", "rotate-credentials-start", "rotate-credentials-start-without-workers-rollout");
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * Where {@link #mutate} writes the Shoot: its annotations, the etcd key rotation, the networks, the Kubernetes
     * version and the workers' versions, architectures and images.
     */
    private static final Mutation WRITTEN = Mutation.at(List.of(
            List.of("metadata", "annotations"),
            List.of("spec", "maintenance"),
            List.of("spec", "networking"),
            List.of("spec", "kubernetes"),
            List.of("spec", "provider", "workers")));

    private static final ShootSpec NO_SPEC =
            (ShootSpec) RecordModel.of(ShootSpec.class).zero();

    private final ObjectLookup objects;
    private final GardenObjects garden;
    private final Clock clock;

    public ShootMutatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.garden = new GardenObjects(context.objects());
        this.clock = context.clock();
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!"Shoot".equals(a.kind().kind())
                || !GardenObjects.GROUP.equals(a.kind().group())
                || a.object() == null) {
            return Mutation.none();
        }
        // the records as this plugin received the Shoot: read before any change of the tree
        Shoot shoot = a.object(Shoot.class);
        Shoot old = a.operation() == Operation.UPDATE && a.oldObject() != null ? a.oldObject(Shoot.class) : null;
        ShootSpec spec = spec(shoot);
        if (a.operation() == Operation.CREATE
                && !CoreRules.empty(spec.cloudProfileName())
                && spec.cloudProfile() != null) {
            return Future.failedFuture(ApiException.unknown(
                    "new shoot can only specify either cloudProfileName or cloudProfile reference"));
        }
        return garden.cloudProfileSpec(shoot, a.namespace(), "could not find referenced cloud profile: ")
                .compose(profile -> {
                    if (profile.isEmpty()) {
                        return Mutation.none();
                    }
                    // a pointer in Gardener: an empty name is looked up (and not found) before validation sees it
                    String seedName = spec.seedName();
                    Future<Optional<Seed>> seed = seedName == null
                            ? Future.succeededFuture(Optional.empty())
                            : objects.get(Seed.class, GardenObjects.SEEDS, "", seedName)
                                    .compose(found -> found.isEmpty()
                                            ? Future.failedFuture(
                                                    ApiException.internal("could not find referenced seed \"" + seedName
                                                            + "\": seed.core.gardener.cloud \"" + seedName
                                                            + "\" not found"))
                                            : Future.succeededFuture(found));
                    return seed.compose(s -> mutate(a, shoot, old, profile.get(), s.orElse(null)));
                });
    }

    /** Reads {@code shoot} and {@code old} (the records), writes {@link Attributes#object()} (the tree). */
    private Future<Mutation> mutate(Attributes a, Shoot shoot, Shoot old, CloudProfileSpec profile, Seed seed) {
        ObjectNode tree = a.object();
        ShootSpec spec = spec(shoot);
        if (a.operation() == Operation.CREATE) {
            annotations(tree).put(CREATED_BY, a.user().name());
        }
        addMetadataAnnotations(a.operation(), tree, shoot, old);
        if (a.operation() == Operation.CREATE) {
            defaultEtcdEncryptionKeyRotation(tree, spec);
        }
        List<Worker> workers = ShootTrees.workers(spec);
        if (seed != null) {
            defaultNetworks(tree, spec.networking(), seed, workers.isEmpty());
        }
        VersionDefaulting defaulting = new VersionDefaulting(clock.instant());
        List<FieldError> errs = new ArrayList<>();
        ObjectNode kubernetes = tree.withObjectProperty("spec").withObjectProperty("kubernetes");
        var version = defaulting.kubernetesVersion(
                profile.kubernetes() == null ? null : profile.kubernetes().versions(),
                spec.kubernetes() == null
                        ? ""
                        : CoreRules.text(spec.kubernetes().version()),
                "spec.kubernetes.version");
        if (version.error() != null) {
            errs.add(version.error());
        } else if (version.value() != null) {
            kubernetes.put("version", version.value());
        }
        List<ObjectNode> workerTrees = workers(tree);
        errs.addAll(defaultWorkerKubernetesVersions(workers, workerTrees, profile, defaulting));
        List<String> architectures = defaultArchitectures(workers, workerTrees, profile);
        errs.addAll(ensureMachineImages(shoot, workers, workerTrees, architectures, old, profile, defaulting));
        if (!errs.isEmpty()) {
            return Rejections.forbid(a, FieldErrors.aggregate(errs));
        }
        // at least spec.kubernetes is made sure of
        return WRITTEN.answer();
    }

    private static List<FieldError> defaultWorkerKubernetesVersions(
            List<Worker> workers,
            List<ObjectNode> workerTrees,
            CloudProfileSpec profile,
            VersionDefaulting defaulting) {
        for (int i = 0; i < workers.size(); i++) {
            WorkerKubernetes k8s = workers.get(i).kubernetes();
            if (k8s == null || k8s.version() == null) {
                continue;
            }
            var version = defaulting.kubernetesVersion(
                    profile.kubernetes() == null ? null : profile.kubernetes().versions(),
                    k8s.version(),
                    "spec.provider.workers[" + i + "].kubernetes.version");
            if (version.error() != null) {
                return List.of(version.error());
            }
            if (version.value() != null) {
                workerTrees.get(i).withObjectProperty("kubernetes").put("version", version.value());
            }
        }
        return List.of();
    }

    /**
     * {@code defaultWorkerArchitectures}: the machine type's one architecture, else amd64.
     *
     * @return each worker's architecture, as given or as defaulted
     */
    private static List<String> defaultArchitectures(
            List<Worker> workers, List<ObjectNode> workerTrees, CloudProfileSpec profile) {
        List<String> architectures = new ArrayList<>(workers.size());
        for (int i = 0; i < workers.size(); i++) {
            Machine machine = workers.get(i).machine();
            ObjectNode machineTree = workerTrees.get(i).withObjectProperty("machine");
            if (machine != null && machine.architecture() != null) {
                architectures.add(machine.architecture());
                continue;
            }
            String arch = "amd64";
            MachineType type = machineType(profile, machine);
            if (type != null) {
                String inferred = MachineCapabilities.machineTypeArchitecture(type, profile.machineCapabilities());
                if (!inferred.isEmpty()) {
                    arch = inferred;
                }
            }
            machineTree.put("architecture", arch);
            architectures.add(arch);
        }
        return architectures;
    }

    private static List<FieldError> ensureMachineImages(
            Shoot shoot,
            List<Worker> workers,
            List<ObjectNode> workerTrees,
            List<String> architectures,
            Shoot old,
            CloudProfileSpec profile,
            VersionDefaulting defaulting) {
        List<FieldError> errs = new ArrayList<>();
        if (shoot.metadata() != null && shoot.metadata().deletionTimestamp() != null) {
            return errs;
        }
        List<Worker> oldWorkers = old == null ? List.of() : ShootTrees.workers(spec(old));
        for (int i = 0; i < workers.size(); i++) {
            Worker worker = workers.get(i);
            ObjectNode machineTree = workerTrees.get(i).withObjectProperty("machine");
            ShootMachineImage image =
                    worker.machine() == null ? null : worker.machine().image();
            String name = CoreRules.text(worker.name());
            ShootMachineImage oldImage = oldWorkers.stream()
                    .filter(w -> CoreRules.text(w.name()).equals(name))
                    .map(w -> w.machine() == null ? null : w.machine().image())
                    .filter(Objects::nonNull)
                    .findFirst()
                    .orElse(null);
            if (oldImage != null) {
                if (image == null) {
                    machineTree.set("image", ModelCodec.encode(oldImage));
                    continue;
                }
                if (CoreRules.text(oldImage.name()).equals(CoreRules.text(image.name()))) {
                    String version = CoreRules.text(image.version());
                    if (version.isEmpty() || version.equals(CoreRules.text(oldImage.version()))) {
                        machineTree.set(
                                "image",
                                ModelCodec.encode(new ShootMachineImage(
                                        oldImage.name(), image.providerConfig(), oldImage.version())));
                        continue;
                    }
                }
            }
            String strategy = CoreRules.text(worker.updateStrategy());
            boolean inPlace = strategy.equals("AutoInPlaceUpdate") || strategy.equals("ManualInPlaceUpdate");
            var result = defaulting.machineImage(
                    profile.machineImages(),
                    image,
                    architectures.get(i),
                    machineType(profile, worker.machine()),
                    profile.machineCapabilities(),
                    inPlace,
                    "spec.provider.workers[" + i + "]");
            if (result.error() != null) {
                errs.add(result.error());
            } else if (result.value() != null) {
                machineTree.set("image", ModelCodec.encode(result.value()));
            }
        }
        return errs;
    }

    /** {@code addMetadataAnnotations}: the tasks a change calls for, and the retry of a failed shoot. */
    private static void addMetadataAnnotations(Operation op, ObjectNode tree, Shoot shoot, Shoot old) {
        Tasks tasks = new Tasks(annotations(shoot).get(TASKS));
        if (op == Operation.CREATE || old == null) {
            tasks.add(DEPLOY_INFRASTRUCTURE);
            tasks.add(DEPLOY_DNS_RECORDS);
            tasks.writeTo(tree);
            return;
        }
        ShootSpec spec = spec(shoot);
        ShootSpec oldSpec = spec(old);
        if (hibernated(oldSpec) && !hibernated(spec)) {
            tasks.add(DEPLOY_INFRASTRUCTURE);
            tasks.add(DEPLOY_DNS_RECORDS);
        }
        List<String> oldFamilies =
                oldSpec.networking() == null ? null : oldSpec.networking().ipFamilies();
        if (!Objects.equals(infrastructureConfig(oldSpec), infrastructureConfig(spec))
                || (oldFamilies != null
                        && oldFamilies.size()
                                < (spec.networking() == null
                                        ? 0
                                        : CoreRules.list(spec.networking().ipFamilies())
                                                .size()))) {
            tasks.add(DEPLOY_INFRASTRUCTURE);
        }
        SSHAccess oldSsh = sshAccess(oldSpec);
        SSHAccess ssh = sshAccess(spec);
        if (oldSsh != null && oldSsh.enabled() != (ssh == null || ssh.enabled())) {
            tasks.add(DEPLOY_INFRASTRUCTURE);
        }
        if (!Objects.equals(oldSpec.dns(), spec.dns())) {
            tasks.add(DEPLOY_DNS_RECORDS);
        }
        List<String> operations = Arrays.stream(
                        CoreRules.text(annotations(shoot).get("gardener.cloud/operation"))
                                .split(";"))
                .map(String::trim)
                .toList();
        if (operations.stream().anyMatch(INFRASTRUCTURE_OPERATIONS::contains)) {
            tasks.add(DEPLOY_INFRASTRUCTURE);
        }
        tasks.writeTo(tree);
        if (spec.maintenance() != null
                && Boolean.TRUE.equals(spec.maintenance().confineSpecUpdateRollout())
                && !Objects.equals(old.spec(), shoot.spec())
                && shoot.status() != null
                && shoot.status().lastOperation() != null
                && "Failed".equals(shoot.status().lastOperation().state())) {
            annotations(tree).put(NEEDS_RETRY, "true");
        }
    }

    /**
     * {@code controllerutils.AddTasks}: the comma-separated tasks annotation with the missing tasks appended, written
     * once asked for a task.
     */
    private static final class Tasks {
        private final List<String> list;
        private boolean asked;

        Tasks(String current) {
            list = new ArrayList<>(
                    current == null || current.isEmpty() ? List.of() : Arrays.asList(current.split(",")));
        }

        void add(String task) {
            asked = true;
            if (!list.contains(task)) {
                list.add(task);
            }
        }

        void add(List<String> tasks) {
            tasks.forEach(this::add);
        }

        void writeTo(ObjectNode tree) {
            if (asked) {
                annotations(tree).put(TASKS, String.join(",", list));
            }
        }
    }

    private static boolean hibernated(ShootSpec spec) {
        return spec.hibernation() != null
                && Boolean.TRUE.equals(spec.hibernation().enabled());
    }

    private static JsonNode infrastructureConfig(ShootSpec spec) {
        return spec.provider() == null ? null : spec.provider().infrastructureConfig();
    }

    private static SSHAccess sshAccess(ShootSpec spec) {
        return spec.provider() == null || spec.provider().workersSettings() == null
                ? null
                : spec.provider().workersSettings().sshAccess();
    }

    /** {@code defaultMaintenanceWindow}: a 28-day etcd encryption key rotation unless one is set. */
    private static void defaultEtcdEncryptionKeyRotation(ObjectNode tree, ShootSpec spec) {
        ObjectNode credentials = tree.withObjectProperty("spec")
                .withObjectProperty("maintenance")
                .withObjectProperty("autoRotation")
                .withObjectProperty("credentials");
        MaintenanceAutoRotation rotation =
                spec.maintenance() == null ? null : spec.maintenance().autoRotation();
        if (rotation == null
                || rotation.credentials() == null
                || rotation.credentials().etcdEncryptionKey() == null) {
            credentials.putObject("etcdEncryptionKey").put("rotationPeriod", ETCD_KEY_ROTATION_PERIOD);
        }
    }

    /** {@code defaultShootNetworks}: pods (not for workerless) and services from the seed's shoot defaults. */
    private static void defaultNetworks(ObjectNode tree, Networking given, Seed seed, boolean workerless) {
        ObjectNode networking = tree.withObjectProperty("spec").withObjectProperty("networking");
        List<String> families = given == null ? List.of() : CoreRules.list(given.ipFamilies());
        ShootNetworks defaults = seed.spec() == null || seed.spec().networks() == null
                ? null
                : seed.spec().networks().shootDefaults();
        if ((given == null || given.pods() == null)
                && !workerless
                && defaults != null
                && defaults.pods() != null
                && matchesFamily(defaults.pods(), families)) {
            networking.put("pods", defaults.pods());
        }
        if (given != null && given.services() != null) {
            return;
        }
        if (defaults != null && defaults.services() != null && matchesFamily(defaults.services(), families)) {
            networking.put("services", defaults.services());
        } else if (workerless && families.contains("IPv6")) {
            networking.put("services", ulaServicesCidr());
        }
    }

    /** What {@link #matchesFamily} takes for an IPv4 address (compiled once, not per Shoot). */
    private static final Pattern DOTTED_QUAD = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private static boolean matchesFamily(String cidr, List<String> families) {
        int slash = cidr.indexOf('/');
        String ip = slash < 0 ? cidr : cidr.substring(0, slash);
        if (DOTTED_QUAD.matcher(ip).matches()) {
            return families.contains("IPv4");
        }
        return ip.contains(":") && families.contains("IPv6");
    }

    /** A random /112 Unique Local Address range for the services of a workerless IPv6 shoot. */
    private static String ulaServicesCidr() {
        byte[] id = new byte[5];
        RANDOM.nextBytes(id);
        return String.format(
                "fd%02x:%02x%02x:%02x%02x::/112", id[0] & 0xff, id[1] & 0xff, id[2] & 0xff, id[3] & 0xff, id[4] & 0xff);
    }

    private static MachineType machineType(CloudProfileSpec profile, Machine machine) {
        if (profile.machineTypes() == null) {
            return null;
        }
        String name = machine == null ? "" : CoreRules.text(machine.type());
        return profile.machineTypes().stream()
                .filter(t -> name.equals(t.name()))
                .findFirst()
                .orElse(null);
    }

    /** An absent spec reads as Go's zero ShootSpec. */
    private static ShootSpec spec(Shoot shoot) {
        return shoot.spec() != null ? shoot.spec() : NO_SPEC;
    }

    /**
     * The worker trees, by the index of the records: a worker the tree holds as null (Go's zero Worker, as its record
     * is) becomes an object.
     */
    private static List<ObjectNode> workers(ObjectNode tree) {
        JsonNode workers = tree.path("spec").path("provider").path("workers");
        List<ObjectNode> result = new ArrayList<>();
        if (workers instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i) instanceof ObjectNode o) {
                    result.add(o);
                } else {
                    ObjectNode zero = array.objectNode();
                    array.set(i, zero);
                    result.add(zero);
                }
            }
        }
        return result;
    }

    private static Map<String, String> annotations(Shoot shoot) {
        return shoot.metadata() == null
                ? Map.of()
                : CoreRules.map(shoot.metadata().annotations());
    }

    private static ObjectNode annotations(ObjectNode tree) {
        return tree.withObjectProperty("metadata").withObjectProperty("annotations");
    }
}
