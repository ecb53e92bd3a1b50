package cloud.gardener.apiserver.admission.plugins.shoot.resourcereservation;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubeletConfigReserved;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.QuantityFormat;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gardener's ShootResourceReservation: fills the kubelet's {@code kubeReserved} of Shoots with workers, either with
 * static values for the whole Shoot or, with the GKE formula configured and selected, per worker pool from its
 * machine type in the CloudProfile.
 */
public final class ShootResourceReservation extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ShootResourceReservation";
    private static final String STATIC_CPU = "80m";
    private static final String STATIC_MEMORY = "1Gi";
    private static final String PID = "20k";

    private final ObjectLookup objects;
    private final GardenObjects garden;
    private final ResourceReservationConfiguration config;

    public ShootResourceReservation(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.garden = new GardenObjects(context.objects());
        this.config = ResourceReservationConfiguration.from(context.configuration());
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot") || !RequestChecks.isMainResource(a)) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        // the record as this plugin received the Shoot: read before any change of the tree
        Shoot shoot = a.object(Shoot.class);
        ObjectNode tree = a.object();
        ShootSpec spec = shoot.spec();
        List<Worker> workers = spec == null || spec.provider() == null
                ? List.of()
                : CoreRules.list(spec.provider().workers());
        if ((shoot.metadata() != null && shoot.metadata().deletionTimestamp() != null) || workers.isEmpty()) {
            return Mutation.none();
        }
        Map<String, String> labels = shoot.metadata() == null
                ? Map.of()
                : CoreRules.map(shoot.metadata().labels());
        KubeletConfig kubelet =
                spec.kubernetes() == null ? null : spec.kubernetes().kubelet();
        KubeletConfigReserved globalReserved = kubelet == null ? null : kubelet.kubeReserved();
        if (!config.formulaApplies(labels) || globalReserved != null) {
            setStaticDefaults(tree, globalReserved);
            return Mutation.wrote();
        }
        String namespace =
                shoot.metadata() == null ? "" : CoreRules.text(shoot.metadata().namespace());
        return machineTypes(shoot, namespace).compose(types -> {
            if (types.isEmpty()) {
                return Mutation.none();
            }
            List<FieldError> errs = new ArrayList<>();
            JsonNode workerTrees = tree.path("spec").path("provider").path("workers");
            for (int i = 0; i < workers.size(); i++) {
                Worker worker = workers.get(i);
                String machineType = worker.machine() == null
                        ? ""
                        : CoreRules.text(worker.machine().type());
                MachineType type = types.get().get(machineType);
                if (type == null) {
                    errs.add(FieldError.invalid(
                            "spec.provider.workers[" + i + "].machine.type",
                            machineType,
                            "worker machine type unknown"));
                    continue;
                }
                ObjectNode reserved =
                        ShootTrees.object((ObjectNode) workerTrees.get(i), "kubernetes", "kubelet", "kubeReserved");
                KubeletConfigReserved given =
                        worker.kubernetes() == null || worker.kubernetes().kubelet() == null
                                ? null
                                : worker.kubernetes().kubelet().kubeReserved();
                long cpu =
                        GkeFormula.cpuMillis(type.cpu() == null ? 0 : type.cpu().milliValue());
                long memory = GkeFormula.memoryBytes(
                        type.memory() == null ? 0 : type.memory().value());
                putIfMissing(
                        reserved,
                        "cpu",
                        given == null ? null : given.cpu(),
                        Quantity.ofMilli(cpu, QuantityFormat.BINARY_SI).toString());
                putIfMissing(
                        reserved,
                        "memory",
                        given == null ? null : given.memory(),
                        Quantity.of(memory, QuantityFormat.BINARY_SI).toString());
                putIfMissing(reserved, "pid", given == null ? null : given.pid(), PID);
            }
            // a worker of a known machine type may have had its kubeReserved written (or added)
            return errs.isEmpty()
                    ? Mutation.wrote()
                    : Future.failedFuture(ApiException.invalid(a.kind(), a.name(), errs));
        });
    }

    /** The static reservation for the fields the Shoot's {@code kubeReserved} ({@code given}, or null) leaves out. */
    private static void setStaticDefaults(ObjectNode tree, KubeletConfigReserved given) {
        ObjectNode reserved = ShootTrees.object(tree, "spec", "kubernetes", "kubelet", "kubeReserved");
        putIfMissing(reserved, "cpu", given == null ? null : given.cpu(), STATIC_CPU);
        putIfMissing(reserved, "memory", given == null ? null : given.memory(), STATIC_MEMORY);
        putIfMissing(reserved, "pid", given == null ? null : given.pid(), PID);
    }

    private static void putIfMissing(ObjectNode reserved, String field, Quantity given, String value) {
        if (given == null) {
            reserved.put(field, value);
        }
    }

    /** The machine types by name of the Shoot's CloudProfile (or NamespacedCloudProfile), or empty when it names none. */
    private Future<Optional<Map<String, MachineType>>> machineTypes(Shoot shoot, String namespace) {
        return garden.cloudProfileSpec(shoot, namespace, "could not find referenced cloud profile: ")
                .map(spec -> spec.map(found -> {
                    Map<String, MachineType> types = new HashMap<>();
                    if (found.machineTypes() != null) {
                        found.machineTypes().forEach(t -> types.put(t.name(), t));
                    }
                    return types;
                }));
    }
}
