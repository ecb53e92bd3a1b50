package cloud.gardener.apiserver.admission.plugins.shoot.resourcereservation;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
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
    public Future<Void> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot") || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ObjectNode shoot = a.object();
        if (shoot.path("metadata").hasNonNull("deletionTimestamp") || ShootTrees.isWorkerless(shoot)) {
            return Future.succeededFuture();
        }
        Map<String, String> labels = new HashMap<>();
        shoot.path("metadata")
                .path("labels")
                .properties()
                .forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        boolean globalReserved =
                shoot.path("spec").path("kubernetes").path("kubelet").hasNonNull("kubeReserved");
        if (!config.formulaApplies(labels) || globalReserved) {
            setStaticDefaults(shoot);
            return Future.succeededFuture();
        }
        return machineTypes(shoot).compose(types -> {
            if (types.isEmpty()) {
                return Future.succeededFuture();
            }
            List<FieldError> errs = new ArrayList<>();
            JsonNode workers = shoot.path("spec").path("provider").path("workers");
            for (int i = 0; i < workers.size(); i++) {
                ObjectNode worker = (ObjectNode) workers.get(i);
                String machineType = worker.path("machine").path("type").asText();
                MachineType type = types.get().get(machineType);
                if (type == null) {
                    errs.add(FieldError.invalid(
                            "spec.provider.workers[" + i + "].machine.type",
                            machineType,
                            "worker machine type unknown"));
                    continue;
                }
                ObjectNode reserved = ShootTrees.object(worker, "kubernetes", "kubelet", "kubeReserved");
                long cpu =
                        GkeFormula.cpuMillis(type.cpu() == null ? 0 : type.cpu().milliValue());
                long memory = GkeFormula.memoryBytes(
                        type.memory() == null ? 0 : type.memory().value());
                putIfMissing(
                        reserved,
                        "cpu",
                        Quantity.ofMilli(cpu, QuantityFormat.BINARY_SI).toString());
                putIfMissing(
                        reserved,
                        "memory",
                        Quantity.of(memory, QuantityFormat.BINARY_SI).toString());
                putIfMissing(reserved, "pid", PID);
            }
            return errs.isEmpty()
                    ? Future.succeededFuture()
                    : Future.failedFuture(ApiException.invalid(a.kind(), a.name(), errs));
        });
    }

    private static void setStaticDefaults(ObjectNode shoot) {
        ObjectNode reserved = ShootTrees.object(shoot, "spec", "kubernetes", "kubelet", "kubeReserved");
        putIfMissing(reserved, "cpu", STATIC_CPU);
        putIfMissing(reserved, "memory", STATIC_MEMORY);
        putIfMissing(reserved, "pid", PID);
    }

    private static void putIfMissing(ObjectNode reserved, String field, String value) {
        if (!reserved.hasNonNull(field)) {
            reserved.put(field, value);
        }
    }

    /** The machine types by name of the Shoot's CloudProfile (or NamespacedCloudProfile), or empty when it names none. */
    private Future<Optional<Map<String, MachineType>>> machineTypes(ObjectNode shoot) {
        return garden.cloudProfileSpec(
                        shoot,
                        shoot.path("metadata").path("namespace").asText(),
                        "could not find referenced cloud profile: ")
                .map(spec -> spec.map(found -> {
                    Map<String, MachineType> types = new HashMap<>();
                    if (found.machineTypes() != null) {
                        found.machineTypes().forEach(t -> types.put(t.name(), t));
                    }
                    return types;
                }));
    }
}
