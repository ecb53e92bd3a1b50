package cloud.gardener.apiserver.admission.plugins.shoot.mutator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.shoot.Capabilities;
import cloud.gardener.apiserver.admission.plugins.shoot.FieldErrors;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.ShootNetworks;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
    public Future<Void> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!"Shoot".equals(a.kind().kind())
                || !GardenObjects.GROUP.equals(a.kind().group())
                || a.object() == null) {
            return Future.succeededFuture();
        }
        ObjectNode shoot = a.object();
        ObjectNode old = a.operation() == Operation.UPDATE && a.oldObject() != null ? a.oldObject() : null;
        if (a.operation() == Operation.CREATE
                && !shoot.path("spec").path("cloudProfileName").asText("").isEmpty()
                && shoot.path("spec").path("cloudProfile").isObject()) {
            return Future.failedFuture(ApiException.unknown(
                    "new shoot can only specify either cloudProfileName or cloudProfile reference"));
        }
        return garden.cloudProfileSpec(shoot, a.namespace(), "could not find referenced cloud profile: ")
                .compose(spec -> {
                    if (spec.isEmpty()) {
                        return Future.succeededFuture();
                    }
                    // a pointer in Gardener: an empty name is looked up (and not found) before validation sees it
                    String seedName = shoot.path("spec").path("seedName").asText("");
                    Future<Optional<Seed>> seed = !shoot.path("spec").hasNonNull("seedName")
                            ? Future.succeededFuture(Optional.empty())
                            : objects.get(Seed.class, GardenObjects.SEEDS, "", seedName)
                                    .compose(found -> found.isEmpty()
                                            ? Future.failedFuture(
                                                    ApiException.internal("could not find referenced seed \"" + seedName
                                                            + "\": seed.core.gardener.cloud \"" + seedName
                                                            + "\" not found"))
                                            : Future.succeededFuture(found));
                    return seed.compose(s -> mutate(a, shoot, old, spec.get(), s.orElse(null)));
                });
    }

    private Future<Void> mutate(Attributes a, ObjectNode shoot, ObjectNode old, CloudProfileSpec spec, Seed seed) {
        if (a.operation() == Operation.CREATE) {
            annotations(shoot).put(CREATED_BY, a.user().name());
        }
        addMetadataAnnotations(a.operation(), shoot, old);
        if (a.operation() == Operation.CREATE) {
            defaultEtcdEncryptionKeyRotation(shoot);
        }
        boolean workerless = workers(shoot).isEmpty();
        if (seed != null) {
            defaultNetworks(shoot, seed, workerless);
        }
        VersionDefaulting defaulting = new VersionDefaulting(clock.instant());
        List<FieldError> errs = new ArrayList<>();
        ObjectNode kubernetes = shoot.withObjectProperty("spec").withObjectProperty("kubernetes");
        var version = defaulting.kubernetesVersion(
                spec.kubernetes() == null ? null : spec.kubernetes().versions(),
                kubernetes.path("version").asText(""),
                "spec.kubernetes.version");
        if (version.error() != null) {
            errs.add(version.error());
        } else if (version.value() != null) {
            kubernetes.put("version", version.value());
        }
        errs.addAll(defaultWorkerKubernetesVersions(shoot, spec, defaulting));
        defaultArchitectures(shoot, spec);
        errs.addAll(ensureMachineImages(shoot, old, spec, defaulting));
        if (!errs.isEmpty()) {
            return Rejections.forbid(a, FieldErrors.aggregate(errs));
        }
        return Future.succeededFuture();
    }

    private static List<FieldError> defaultWorkerKubernetesVersions(
            ObjectNode shoot, CloudProfileSpec spec, VersionDefaulting defaulting) {
        List<ObjectNode> workers = workers(shoot);
        for (int i = 0; i < workers.size(); i++) {
            JsonNode k8s = workers.get(i).path("kubernetes");
            if (!k8s.isObject() || !k8s.hasNonNull("version")) {
                continue;
            }
            var version = defaulting.kubernetesVersion(
                    spec.kubernetes() == null ? null : spec.kubernetes().versions(),
                    k8s.path("version").asText(""),
                    "spec.provider.workers[" + i + "].kubernetes.version");
            if (version.error() != null) {
                return List.of(version.error());
            }
            if (version.value() != null) {
                ((ObjectNode) k8s).put("version", version.value());
            }
        }
        return List.of();
    }

    /** {@code defaultWorkerArchitectures}: the machine type's one architecture, else amd64. */
    private static void defaultArchitectures(ObjectNode shoot, CloudProfileSpec spec) {
        for (ObjectNode worker : workers(shoot)) {
            ObjectNode machine = worker.withObjectProperty("machine");
            if (machine.hasNonNull("architecture")) {
                continue;
            }
            String arch = "amd64";
            MachineType type = machineType(spec, machine.path("type").asText(""));
            if (type != null) {
                String inferred = Capabilities.architecture(type, spec.machineCapabilities());
                if (!inferred.isEmpty()) {
                    arch = inferred;
                }
            }
            machine.put("architecture", arch);
        }
    }

    private static List<FieldError> ensureMachineImages(
            ObjectNode shoot, ObjectNode old, CloudProfileSpec spec, VersionDefaulting defaulting) {
        List<FieldError> errs = new ArrayList<>();
        if (shoot.path("metadata").hasNonNull("deletionTimestamp")) {
            return errs;
        }
        List<ObjectNode> workers = workers(shoot);
        List<ObjectNode> oldWorkers = old == null ? List.of() : workers(old);
        for (int i = 0; i < workers.size(); i++) {
            ObjectNode worker = workers.get(i);
            ObjectNode machine = worker.withObjectProperty("machine");
            JsonNode image = machine.get("image");
            if (image != null && image.isNull()) {
                image = null;
            }
            JsonNode oldImage = oldWorkers.stream()
                    .filter(w ->
                            w.path("name").asText("").equals(worker.path("name").asText("")))
                    .map(w -> w.path("machine").path("image"))
                    .filter(JsonNode::isObject)
                    .findFirst()
                    .orElse(MissingNode.getInstance());
            if (oldImage.isObject()) {
                if (image == null) {
                    machine.set("image", oldImage.deepCopy());
                    continue;
                }
                if (oldImage.path("name").asText("").equals(image.path("name").asText(""))) {
                    String version = image.path("version").asText("");
                    if (version.isEmpty()
                            || version.equals(oldImage.path("version").asText(""))) {
                        ObjectNode kept = oldImage.deepCopy();
                        kept.remove("providerConfig");
                        if (image.hasNonNull("providerConfig")) {
                            kept.set(
                                    "providerConfig",
                                    image.get("providerConfig").deepCopy());
                        }
                        machine.set("image", kept);
                        continue;
                    }
                }
            }
            String strategy = worker.path("updateStrategy").asText("");
            boolean inPlace = strategy.equals("AutoInPlaceUpdate") || strategy.equals("ManualInPlaceUpdate");
            var result = defaulting.machineImage(
                    spec.machineImages(),
                    image,
                    machine.path("architecture").asText(""),
                    machineType(spec, machine.path("type").asText("")),
                    spec.machineCapabilities(),
                    inPlace,
                    "spec.provider.workers[" + i + "]");
            if (result.error() != null) {
                errs.add(result.error());
            } else {
                machine.set("image", result.value());
            }
        }
        return errs;
    }

    /** {@code addMetadataAnnotations}: the tasks a change calls for, and the retry of a failed shoot. */
    private static void addMetadataAnnotations(Operation op, ObjectNode shoot, ObjectNode old) {
        if (op == Operation.CREATE || old == null) {
            addTasks(shoot, DEPLOY_INFRASTRUCTURE);
            addTasks(shoot, DEPLOY_DNS_RECORDS.toArray(String[]::new));
            return;
        }
        if (hibernated(old) && !hibernated(shoot)) {
            addTasks(shoot, DEPLOY_INFRASTRUCTURE);
            addTasks(shoot, DEPLOY_DNS_RECORDS.toArray(String[]::new));
        }
        JsonNode oldFamilies = old.path("spec").path("networking").path("ipFamilies");
        if (!Objects.equals(
                        old.path("spec").path("provider").get("infrastructureConfig"),
                        shoot.path("spec").path("provider").get("infrastructureConfig"))
                || (oldFamilies.isArray()
                        && oldFamilies.size()
                                < shoot.path("spec")
                                        .path("networking")
                                        .path("ipFamilies")
                                        .size())) {
            addTasks(shoot, DEPLOY_INFRASTRUCTURE);
        }
        JsonNode oldSsh =
                old.path("spec").path("provider").path("workersSettings").path("sshAccess");
        if (oldSsh.isObject()
                && oldSsh.path("enabled").asBoolean(true)
                        != shoot.path("spec")
                                .path("provider")
                                .path("workersSettings")
                                .path("sshAccess")
                                .path("enabled")
                                .asBoolean(true)) {
            addTasks(shoot, DEPLOY_INFRASTRUCTURE);
        }
        if (!Objects.equals(old.path("spec").get("dns"), shoot.path("spec").get("dns"))) {
            addTasks(shoot, DEPLOY_DNS_RECORDS.toArray(String[]::new));
        }
        List<String> operations = Arrays.stream(shoot.path("metadata")
                        .path("annotations")
                        .path("gardener.cloud/operation")
                        .asText("")
                        .split(";"))
                .map(String::trim)
                .toList();
        if (operations.stream().anyMatch(INFRASTRUCTURE_OPERATIONS::contains)) {
            addTasks(shoot, DEPLOY_INFRASTRUCTURE);
        }
        if (shoot.path("spec")
                        .path("maintenance")
                        .path("confineSpecUpdateRollout")
                        .asBoolean(false)
                && !Objects.equals(old.get("spec"), shoot.get("spec"))
                && "Failed"
                        .equals(shoot.path("status")
                                .path("lastOperation")
                                .path("state")
                                .asText(""))) {
            annotations(shoot).put(NEEDS_RETRY, "true");
        }
    }

    private static boolean hibernated(JsonNode shoot) {
        return shoot.path("spec").path("hibernation").path("enabled").asBoolean(false);
    }

    /** {@code controllerutils.AddTasks}: the comma-separated tasks annotation with the missing tasks appended. */
    private static void addTasks(ObjectNode shoot, String... tasks) {
        ObjectNode annotations = annotations(shoot);
        String current = annotations.path(TASKS).asText("");
        List<String> list = new ArrayList<>(current.isEmpty() ? List.of() : Arrays.asList(current.split(",")));
        for (String task : tasks) {
            if (!list.contains(task)) {
                list.add(task);
            }
        }
        annotations.put(TASKS, String.join(",", list));
    }

    /** {@code defaultMaintenanceWindow}: a 28-day etcd encryption key rotation unless one is set. */
    private static void defaultEtcdEncryptionKeyRotation(ObjectNode shoot) {
        ObjectNode credentials = shoot.withObjectProperty("spec")
                .withObjectProperty("maintenance")
                .withObjectProperty("autoRotation")
                .withObjectProperty("credentials");
        if (!credentials.hasNonNull("etcdEncryptionKey")) {
            credentials.putObject("etcdEncryptionKey").put("rotationPeriod", ETCD_KEY_ROTATION_PERIOD);
        }
    }

    /** {@code defaultShootNetworks}: pods (not for workerless) and services from the seed's shoot defaults. */
    private static void defaultNetworks(ObjectNode shoot, Seed seed, boolean workerless) {
        ObjectNode networking = shoot.withObjectProperty("spec").withObjectProperty("networking");
        List<String> families = new ArrayList<>();
        networking.path("ipFamilies").forEach(f -> families.add(f.asText()));
        ShootNetworks defaults = seed.spec() == null || seed.spec().networks() == null
                ? null
                : seed.spec().networks().shootDefaults();
        if (!networking.hasNonNull("pods")
                && !workerless
                && defaults != null
                && defaults.pods() != null
                && matchesFamily(defaults.pods(), families)) {
            networking.put("pods", defaults.pods());
        }
        if (networking.hasNonNull("services")) {
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

    private static MachineType machineType(CloudProfileSpec spec, String name) {
        if (spec.machineTypes() == null) {
            return null;
        }
        return spec.machineTypes().stream()
                .filter(t -> name.equals(t.name()))
                .findFirst()
                .orElse(null);
    }

    static List<ObjectNode> workers(JsonNode shoot) {
        JsonNode workers = shoot.path("spec").path("provider").path("workers");
        List<ObjectNode> result = new ArrayList<>();
        if (workers instanceof ArrayNode array) {
            array.forEach(w -> {
                if (w instanceof ObjectNode o) {
                    result.add(o);
                }
            });
        }
        return result;
    }

    private static ObjectNode annotations(ObjectNode shoot) {
        return shoot.withObjectProperty("metadata").withObjectProperty("annotations");
    }
}
