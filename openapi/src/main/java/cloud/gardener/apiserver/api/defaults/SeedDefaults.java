package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.absent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.empty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfEmpty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.strings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's Seed defaulting (core v1beta1 {@code SetObjectDefaults_Seed}): settings are always present, each
 * setting gets its default (excess-capacity reservation of one moderately large control plane, visible for
 * scheduling, VPA on, PVC autoscaler and topology-aware routing off, zonal ingress and both dependency-watchdog
 * components on), and networks default to IPv4 single-stack.
 */
public final class SeedDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode seed) {
        ObjectNode spec = object(seed, "spec");
        ObjectNode settings = object(spec, "settings");
        setIfEmpty(object(spec, "networks"), "ipFamilies", strings("IPv4"));
        setSettingsDefaults(settings);
        existing(settings, "loadBalancerServices").ifPresent(lb -> {
            if (absent(lb, "zonalIngress")) {
                lb.putObject("zonalIngress").put("enabled", true);
            }
        });
        existing(settings, "dependencyWatchdog").ifPresent(dwd -> {
            enabledIfAbsent(dwd, "weeder", true);
            enabledIfAbsent(dwd, "prober", true);
        });
    }

    private static void setSettingsDefaults(ObjectNode settings) {
        if (absent(settings, "excessCapacityReservation")) {
            settings.putObject("excessCapacityReservation").set("configs", defaultReservation());
        }
        ObjectNode reservation = object(settings, "excessCapacityReservation");
        JsonNode enabled = reservation.get("enabled");
        boolean reserving = enabled == null || enabled.isNull() || enabled.asBoolean(true);
        if (reserving && empty(reservation, "configs")) {
            reservation.set("configs", defaultReservation());
        }
        if (absent(settings, "scheduling")) {
            settings.putObject("scheduling").put("visible", true);
        }
        if (absent(settings, "loadBalancerServices")) {
            settings.putObject("loadBalancerServices");
        }
        enabledIfAbsent(settings, "verticalPodAutoscaler", true);
        enabledIfAbsent(settings, "persistentVolumeClaimAutoscaler", false);
        if (absent(settings, "dependencyWatchdog")) {
            settings.putObject("dependencyWatchdog");
        }
        enabledIfAbsent(settings, "topologyAwareRouting", false);
    }

    private static void enabledIfAbsent(ObjectNode parent, String name, boolean enabled) {
        if (absent(parent, name)) {
            parent.putObject(name).put("enabled", enabled);
        }
    }

    /** Roughly one moderately large control plane. */
    private static ArrayNode defaultReservation() {
        ArrayNode configs = JsonTree.NODES.arrayNode();
        configs.addObject().putObject("resources").put("cpu", "2").put("memory", "6Gi");
        return configs;
    }
}
